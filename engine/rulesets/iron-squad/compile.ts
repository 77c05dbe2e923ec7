/** Iron Squad config -> flat scenario (items 2–5, 70; R8, R19, R20). */
import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { checkSideNames, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import { boardFromConfig } from './rules/board-json.ts';
import { ironRulesSchema } from './data/params.ts';
import type { IronScenario } from './compiled.ts';
import { policySchema, resolvePolicy, type PolicyParams } from './policy/params.ts';
import { TAM_COLUMN_IDS, TYPE_LABELS, UNIT_IDS, type UnitId } from './data/units.ts';
import { WEATHER_LABELS } from './rules/time.ts';

export const SCENARIO_IDS = ['versus', 'solo'] as const;
/** Default selection (item 5): the Captain plus four. */
export const DEFAULT_UNITS: UnitId[] = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'medic'];

export const unitsSchema = z
  .array(z.enum(UNIT_IDS))
  .length(5, { message: 'pick exactly 5 of the 7 unit types (item 5)' })
  .refine((a) => new Set(a).size === 5, { message: 'the 5 unit types must be different (item 5)' })
  .refine((a) => a.includes('captain'), { message: 'the Captain is mandatory (item 5)' });

export const sideSchema = z
  .object({
    name: sideNameSchema,
    units: unitsSchema.optional().describe('The 5 unit types this side fields: the Captain and 4 of the other 6, all different (item 5); default captain, rifleman, machine-gunner, grenade-thrower, medic; left out for the solo bot.'),
    policy: policySchema,
  })
  .strict();

export const scenarioSchema = z.union([
  z.enum(SCENARIO_IDS),
  z.object({ id: z.literal('versus').describe('Two players, each with a secret mission (items 69–70).') }).strict(),
  z.object({ id: z.literal('solo').describe('One player against the rulebook\'s solo bot (items 70–75, R20).'), player_side: z.union([z.literal(0), z.literal(1)]).default(0).describe('Index of the player\'s side; the other side is the solo bot, which starts with no units.') }).strict(),
]);

const configSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('iron-squad'),
    scenario: scenarioSchema.default('versus'),
    map: z.unknown().default({ generate: {} }),
    rules: z.unknown().default({}),
    sides: z.array(z.unknown()).length(2),
  })
  .strict();

export const VP_SOURCES = ['reveal', 'explore', 'objective', 'health', 'kill', 'attacker-hit'] as const;
export const ACTIONS = ['shots', 'opportunity', 'grenades', 'rallies', 'heals', 'reveals', 'explores', 'spawns'] as const;
export const DECIDED_BY = ['mission', 'vp', 'units', 'health', 'tiles', 'buildings', 'draw'] as const;
/** VP margin histogram: bins of 2 VP centred on even margins −60..60 (clamped). */
export const ROW_EXTRAS = ['decided_by', 'start_hour'] as const;

/** Iron Squad's words for the engine's statistics. */
export const IRON_NOUNS: Nouns = { unit: 'unit', units: 'units', value: 'health', score: 'VP', scoreLong: 'victory points', step: 'round', steps: 'rounds' };

export function compileIron(config: unknown): IronScenario {
  const c = parseOrThrow(configSchema, config);
  const rules = parseOrThrow(ironRulesSchema, c.rules, ['rules']);
  // Build once here so a bad board is reported before any work (workers build their own).
  boardFromConfig(c.map, ['map']);
  const scen = typeof c.scenario === 'string' ? (c.scenario === 'solo' ? { id: 'solo' as const, player_side: 0 as const } : { id: 'versus' as const }) : c.scenario;
  const solo = scen.id === 'solo';
  const playerSide = solo ? (scen as { player_side: 0 | 1 }).player_side : -1;
  const sides = [0, 1].map((s) => parseOrThrow(sideSchema, c.sides[s], ['sides', s]));
  checkSideNames(sides.map((s) => s.name));
  if (solo && sides[1 - playerSide].units) {
    throw new ConfigError(`sides[${1 - playerSide}].units`, sides[1 - playerSide].units, 'must be left out in the solo scenario: the bot starts with no units (item 70)');
  }
  const policies = [0, 1].map((s) => resolvePolicy(sides[s].policy)) as [PolicyParams, PolicyParams];
  const units = [0, 1].map((s) => {
    if (solo && s !== playerSide) return new Int32Array(0);
    return Int32Array.from((sides[s].units ?? DEFAULT_UNITS).map((id) => UNIT_IDS.indexOf(id)));
  }) as [Int32Array, Int32Array];
  const mpByType = Int32Array.from(UNIT_IDS.map((id) => rules.mp_by_type[id]));
  const rangeByType = Int32Array.from(UNIT_IDS.map((id) => rules.range_by_type[id]));
  const sideNames = [sides[0].name, sides[1].name] as const;
  const steps = rules.rounds;
  const names = [...sideNames];
  const rounds = Array.from({ length: steps }, (_, t) => `round ${t + 1}`);
  const types = [...TYPE_LABELS];
  const hours = Array.from({ length: 12 }, (_, k) => `${String(2 * k).padStart(2, '0')}:00`);
  const plan = new TallyPlan({
    sideNames, nouns: IRON_NOUNS, steps, types,
    margin: { width: 2, half: 30 },
    // How games are won (item 24): by a mission, on VP, or by each tie-break in turn; the
    // report's classes-of-win chart and table show it per side.
    winClasses: DECIDED_BY.filter((d) => d !== 'draw'),
    docs: {
      typeFielded: 'sum of units fielded by side and type (Explore and solo spawns included)',
      typeCost: 'sum of starting health of the units fielded, by side and type (Iron Squad has no point costs)',
      typeCostLost: 'sum of health points lost by side and type',
      typeCostLostSteps: 'sum of health points lost by side, type and round',
      survivingValue: "sum of the health of each side's units in play at the end of the round (spawned units included)",
      startingValue: "sum of the starting health of each side's units (spawns not included)",
    },
    extras: [
      { name: 'nightGames', dims: [steps], labels: [rounds], doc: 'games in which the round was a night round (items 49, 64)' },
      { name: 'nightCasualties', dims: [2, steps], labels: [names, rounds], doc: 'sum of units killed in the round, counting only games where it was night' },
      { name: 'healthLost', dims: [2, steps], labels: [names, rounds], doc: 'sum of health points lost in the round' },
      { name: 'nightHealthLost', dims: [2, steps], labels: [names, rounds], doc: 'sum of health points lost in the round, counting only games where it was night' },
      { name: 'hourGames', dims: [12], labels: [hours], doc: 'rounds played starting at each clock hour (item 8)' },
      { name: 'hourCasualties', dims: [2, 12], labels: [names, hours], doc: 'sum of units killed in rounds starting at each clock hour' },
      { name: 'hourHealthLost', dims: [2, 12], labels: [names, hours], doc: 'sum of health points lost in rounds starting at each clock hour' },
      { name: 'weather', dims: [steps, 3], labels: [rounds, [...WEATHER_LABELS]], doc: 'games by the weather of each round (items 20, 65–66)' },
      { name: 'decidedBy', dims: [DECIDED_BY.length], labels: [[...DECIDED_BY]], doc: 'games decided by a mission, by VP, by each tie-break (item 24), or drawn' },
      { name: 'missionWins', dims: [2], labels: [names], doc: 'games a side won by completing its mission (items 23, 69, R8)' },
      { name: 'vpSource', dims: [2, VP_SOURCES.length], labels: [names, [...VP_SOURCES]], doc: 'sum of VP by source (item 68, R11)' },
      { name: 'actions', dims: [2, ACTIONS.length], labels: [names, [...ACTIONS]], doc: 'sum of actions taken' },
      { name: 'endRound', dims: [steps], labels: [rounds], doc: 'games ending in each round' },
      { name: 'solo', dims: [4], labels: [['localKills', 'regularKills', 'wins', 'score']], doc: 'solo scenario: sums of Local and Regular units killed, wins, and the solo score (R20)' },
    ],
    rowExtras: ROW_EXTRAS,
    rowLabels: { decided_by: DECIDED_BY },
  });

  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, scenario: scen, rules, sides: sides.map((sd, s) => ({ name: sd.name, units: solo && s !== playerSide ? [] : sd.units ?? DEFAULT_UNITS, policy: sd.policy })) };
  return {
    ruleset: 'iron-squad', sideNames, plan, normalized,
    rules, map: c.map, solo, playerSide, policies, units, mpByType, rangeByType,
    hillsCol: TAM_COLUMN_IDS.indexOf(rules.hills_tam_column),
    rallyOnActivation: rules.captain_rally_phase === 'activation',
  };
}
