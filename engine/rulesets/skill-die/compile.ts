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
import type { PolicyParams } from './policy/knobs.ts';
import { skillPlayers } from './policy/players.ts';
import { fileRef } from '../../kit/config.ts';
import { CounterSet } from '../../kit/counters.ts';
import { skillCounters } from './data/counters.ts';

const sideSchema = z
  .object({
    name: sideNameSchema,
    /** R20: the points the roster may cost (null = no limit). */
    budget: z.number().min(0).max(10000).nullable().default(null).describe('Points the roster may cost at most; null = no limit (R20).'),
    roster: fileRef(rosterSchema.describe('A side\'s roster: a path to a roster JSON file, or the list of units (one model each, R18).'), 'path to a roster JSON file'),
    policy: skillPlayers.schema,
  })
  .strict();

/** The whole skill-die config, once: parsed here, and the JSON Schema editors use (`squadsim schema skill-die`). */
export const skillConfigSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('skill-die').describe('Which ruleset this config is for.'),
    map: fileRef(mapSchema.describe('The table: a path to a map JSON file, or the map itself (default: the 48"×48" Skirmish table, R20).'), 'path to a map JSON file, relative to this config').prefault(DEFAULT_MAP as never),
    rules: skillRulesSchema.prefault({}).describe('Rules parameters: every ASSUMED reading of the digest (R1–R20), each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: name, budget, roster and policy.'),
  })
  .strict()
  .describe('squadsim skill-die matchup config');

export const SKILL_NOUNS: Nouns = { unit: 'unit', units: 'units', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' };

export function compileSkill(config: unknown): SkillScenario {
  const c = parseOrThrow(skillConfigSchema, config);
  const { rules, map, sides } = c;
  rules.objectives.forEach(([x, y], i) => {
    if (x < 0 || y < 0 || x > map.size[0] || y > map.size[1]) throw new ConfigError(`rules.objectives[${i}]`, [x, y], `must lie on the ${map.size[0]}"×${map.size[1]}" table`);
  });
  if (2 * rules.deploy_depth_in >= map.size[1]) throw new ConfigError('rules.deploy_depth_in', rules.deploy_depth_in, `must be less than half the table depth (${map.size[1] / 2})`);
  checkSideNames(sides.map((s) => s.name));
  const flat: FlatUnit[][] = sides.map((sd, s) => flattenRoster(sd.roster, rules, ['sides', s, 'roster']));
  flat.forEach((units, s) => {
    const total = units.reduce((a, u) => a + u.cost, 0), b = sides[s].budget;
    if (b !== null && total > b) throw new ConfigError(`sides[${s}].roster`, `${total} points`, `exceeds sides[${s}].budget = ${b} (R20)`);
  });
  const policies = [0, 1].map((s) => skillPlayers.resolve(sides[s].policy)) as [PolicyParams, PolicyParams];
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
  const turns = Array.from({ length: rules.turns }, (_, t) => `turn ${t + 1}`);
  const counters = new CounterSet(sideNames, skillCounters(turns));
  const plan = new TallyPlan({
    sideNames, nouns: SKILL_NOUNS, steps: rules.turns, types: TYPE_LABELS,
    margin: { width: 5, half: 40 },
    winClasses: ['wipe-out', 'points'],
    docs: {
      typeCost: 'sum of the points (R20 catalogue) of the units fielded, by side and type (revived units count again)',
      survivingValue: 'sum of the points of each side\'s units in play at the end of the turn',
    },
    extras: counters.blocks(),
  });
  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, map, rules, sides };
  return {
    ruleset: 'skill-die', sideNames, plan, normalized, rules, map, policies, counters,
    n, first: Int32Array.from([0, n0]), count: Int32Array.from([n0, n - n0]),
    side: u8((_, k) => sideOf(k)), uType: u8((u) => u.type), uMove: Float64Array.from(all.map((u) => u.move)),
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
