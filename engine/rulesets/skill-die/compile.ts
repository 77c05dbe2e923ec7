/** Skill-die config -> flat scenario (items 33–46, R1–R3, R9–R10, R14, R20). */
import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { mapSchema } from '../../geometry/table.ts';
import { checkSideNames, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import { TYPE_LABELS, WEAPON_IDS } from './data/catalogue.ts';
import { DEFAULT_MAP } from './data/map.ts';
import { skillRulesSchema } from './data/params.ts';
import { MAX_WEAPONS, flattenRoster, rosterSchema, type FlatUnit } from './data/roster.ts';
import type { SkillScenario } from './compiled.ts';
import { policySchema, resolvePolicy, type PolicyParams } from './policy/params.ts';

export const sideSchema = z
  .object({
    name: sideNameSchema,
    /** R20: the points the roster may cost (null = no limit). */
    budget: z.number().min(0).max(10000).nullable().default(null).describe('Points the roster may cost at most; null = no limit (R20).'),
    roster: rosterSchema,
    policy: policySchema,
  })
  .strict();

const configSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('skill-die'),
    map: z.unknown().default(DEFAULT_MAP),
    rules: z.unknown().default({}),
    sides: z.array(z.unknown()).length(2),
  })
  .strict();

export const ACTIONS = ['attacks', 'fanShots', 'blasts', 'reactions', 'secondMoves', 'targetSignals', 'mainEfforts', 'initiativeSignals', 'revives', 'ewScans', 'droneRuns', 'crewAssists'] as const;
export const A_ATTACK = 0, A_FAN = 1, A_BLAST = 2, A_REACT = 3, A_MOVE2 = 4, A_SIGNAL = 5, A_MAIN = 6, A_INIT = 7, A_REVIVE = 8, A_EW = 9, A_DRONE = 10, A_ASSIST = 11;
export const REVIVE_RESULTS = ['dead', 'noEffect', 'partial', 'full'] as const;

export const SKILL_NOUNS: Nouns = { unit: 'unit', units: 'units', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' };

export function compileSkill(config: unknown): SkillScenario {
  const c = parseOrThrow(configSchema, config);
  const rules = parseOrThrow(skillRulesSchema, c.rules, ['rules']);
  const map = parseOrThrow(mapSchema, c.map, ['map']);
  rules.objectives.forEach(([x, y], i) => {
    if (x < 0 || y < 0 || x > map.size[0] || y > map.size[1]) throw new ConfigError(`rules.objectives[${i}]`, [x, y], `must lie on the ${map.size[0]}"×${map.size[1]}" table`);
  });
  if (2 * rules.deploy_depth_in >= map.size[1]) throw new ConfigError('rules.deploy_depth_in', rules.deploy_depth_in, `must be less than half the table depth (${map.size[1] / 2})`);
  const sides = [0, 1].map((s) => parseOrThrow(sideSchema, c.sides[s], ['sides', s]));
  checkSideNames(sides.map((s) => s.name));
  const flat: FlatUnit[][] = sides.map((sd, s) => flattenRoster(sd.roster, rules, ['sides', s, 'roster']));
  flat.forEach((units, s) => {
    const total = units.reduce((a, u) => a + u.cost, 0), b = sides[s].budget;
    if (b !== null && total > b) throw new ConfigError(`sides[${s}].roster`, `${total} points`, `exceeds sides[${s}].budget = ${b} (R20)`);
  });
  const policies = [0, 1].map((s) => resolvePolicy(sides[s].policy)) as [PolicyParams, PolicyParams];
  const all = [...flat[0], ...flat[1]], n = all.length, n0 = flat[0].length;
  const off = (s: number, i: number) => (i < 0 ? -1 : i + (s === 0 ? 0 : n0));
  const sideOf = (k: number) => (k < n0 ? 0 : 1);
  const u8 = (f: (u: FlatUnit, k: number) => number) => Uint8Array.from(all.map(f));
  const i32 = (f: (u: FlatUnit, k: number) => number) => Int32Array.from(all.map(f));
  const uController = new Int32Array(n).fill(-1);
  all.forEach((u, k) => { if (u.controls >= 0) uController[off(sideOf(k), u.controls)] = k; });
  const uWeapons = new Int32Array(n * MAX_WEAPONS).fill(-1);
  all.forEach((u, k) => u.weapons.forEach((w, j) => (uWeapons[k * MAX_WEAPONS + j] = w)));
  const W = WEAPON_IDS.map((id) => rules.weapons[id]);
  const sideNames = [sides[0].name, sides[1].name] as const;
  const names = [...sideNames];
  const turns = Array.from({ length: rules.turns }, (_, t) => `turn ${t + 1}`);
  const plan = new TallyPlan({
    sideNames, nouns: SKILL_NOUNS, steps: rules.turns, types: TYPE_LABELS,
    margin: { width: 5, half: 40 },
    winClasses: ['wipe-out', 'points'],
    docs: {
      typeCost: 'sum of the points (R20 catalogue) of the units fielded, by side and type (revived units count again)',
      survivingValue: 'sum of the points of each side\'s units in play at the end of the turn',
    },
    extras: [
      { name: 'actions', dims: [2, ACTIONS.length], labels: [names, [...ACTIONS]], doc: 'sum of actions taken, by kind' },
      { name: 'skillRolls', dims: [2, 2], labels: [names, ['rolls', 'hits']], doc: 'sum of Skill rolls to attack and of hits (items 12, 18)' },
      { name: 'reviveResults', dims: [2, 4], labels: [names, [...REVIVE_RESULTS]], doc: 'sum of medical revival results (item 30)' },
      { name: 'initiativeFirst', dims: [2], labels: [names], doc: 'sum of turns in which the side played first (items 1–2)' },
      { name: 'objectivesHeld', dims: [2], labels: [names], doc: 'sum of objectives held at the end (R20)' },
      { name: 'endTurn', dims: [rules.turns], labels: [turns], doc: 'games ending in each turn' },
    ],
  });
  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, map, rules, sides };
  return {
    ruleset: 'skill-die', sideNames, plan, normalized, rules, map, policies,
    n, first: Int32Array.from([0, n0]), count: Int32Array.from([n0, n - n0]),
    uSide: u8((_, k) => sideOf(k)), uType: u8((u) => u.type), uMove: Float64Array.from(all.map((u) => u.move)),
    uSkill: u8((u) => u.skill), uSpecDie: u8((u) => u.specDie), uSpecialty: i32((u) => u.specialty),
    uDefense: i32((u) => u.defense), uDefDie: u8((u) => u.defDie), uTracked: u8((u) => u.tracked), uNvg: u8((u) => u.nvg),
    uRadio: u8((u) => u.radio), uMedic: u8((u) => u.medic), uEw: u8((u) => u.ew), uCommander: u8((u) => u.commander),
    uCrewOf: i32((u, k) => off(sideOf(k), u.crewOf)), uControls: i32((u, k) => off(sideOf(k), u.controls)), uController,
    uWeapons, uTrained: i32((u) => u.trained), uCost: i32((u) => u.cost),
    wRange: Float64Array.from(W.map((w) => w.range)), wDifficulty: Int32Array.from(W.map((w) => w.difficulty)),
    wDamage: Int32Array.from(W.map((w) => w.damage)), wFan: Int32Array.from(W.map((w) => w.fan)),
    wRadius: Float64Array.from(W.map((w) => w.radius)), wMinRange: Float64Array.from(W.map((w) => w.min_range)),
    wCrew: Int32Array.from(W.map((w) => w.crew)), wIndirect: Uint8Array.from(W.map((w) => (w.indirect ? 1 : 0))),
    objX: Float64Array.from(rules.objectives.map((o) => o[0])), objY: Float64Array.from(rules.objectives.map((o) => o[1])),
    tiebreakReroll: rules.initiative_tiebreak === 'reroll',
    explosiveScatter: rules.explosive_miss === 'scatter',
    reactAttack: rules.reaction_uses.includes('attack'), reactMove: rules.reaction_uses.includes('move'),
    budgets: [sides[0].budget ?? 0, sides[1].budget ?? 0],
  };
}
