/** Iron Squad config -> flat scenario (items 2–5, 70; R8, R19, R20). */
import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { parseOrThrow } from '../../validate.ts';
import { RecordLayout } from '../../record.ts';
import { BLOCK, lethalitySqBlocks, standardBlocks, type CompiledScenario } from '../../ruleset.ts';
import { boardFromConfig } from './board-json.ts';
import { ironRulesSchema, type IronRules } from './params.ts';
import { policySchema, resolvePolicy, type PolicyParams } from './policy-params.ts';
import { TAM_COLUMN_IDS, TYPE_LABELS, UNIT_IDS, type UnitId } from './units.ts';
import { WEATHER_LABELS } from './time.ts';

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
    name: z.string().min(1).max(60),
    units: unitsSchema.optional(),
    policy: policySchema,
  })
  .strict();

export const scenarioSchema = z.union([
  z.enum(SCENARIO_IDS),
  z.object({ id: z.literal('versus') }).strict(),
  z.object({ id: z.literal('solo'), player_side: z.union([z.literal(0), z.literal(1)]).default(0) }).strict(),
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
export const MARGIN_BINS = 61;
export const ROW_COLUMNS = ['winner', 'decided_by', 'vp0', 'vp1', 'end_round', 'start_hour', 'casualties0', 'casualties1', 'health0', 'health1'] as const;

export interface IronScenario extends CompiledScenario {
  readonly rules: IronRules;
  /** The `map` value (board JSON or { generate }); each worker builds its board from it. */
  readonly map: unknown;
  readonly solo: boolean;
  readonly playerSide: number;
  readonly policies: readonly [PolicyParams, PolicyParams];
  /** Unit types fielded at the start per side (empty for the solo bot). */
  readonly units: readonly [Int32Array, Int32Array];
  readonly mpByType: Int32Array;
  readonly rangeByType: Int32Array;
  readonly hillsCol: number;
  /** R16: rules.captain_rally_phase === 'activation' (a flag, so the game loop compares no strings). */
  readonly rallyOnActivation: boolean;
}

export function compileIron(config: unknown): IronScenario {
  const c = parseOrThrow(configSchema, config);
  const rules = parseOrThrow(ironRulesSchema, c.rules, ['rules']);
  // Build once here so a bad board is reported before any work (workers build their own).
  boardFromConfig(c.map, ['map']);
  const scen = typeof c.scenario === 'string' ? (c.scenario === 'solo' ? { id: 'solo' as const, player_side: 0 as const } : { id: 'versus' as const }) : c.scenario;
  const solo = scen.id === 'solo';
  const playerSide = solo ? (scen as { player_side: 0 | 1 }).player_side : -1;
  const sides = [0, 1].map((s) => parseOrThrow(sideSchema, c.sides[s], ['sides', s]));
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
  const layout = new RecordLayout([
    ...standardBlocks(steps, sideNames, 'round'),
    ...lethalitySqBlocks(steps, sideNames, 'round'),
    { name: BLOCK.marginHist, dims: [MARGIN_BINS], labels: [Array.from({ length: MARGIN_BINS }, (_, k) => String(2 * (k - 30)))], doc: 'games by VP margin (side 0 minus side 1), 2-VP bins centred on −60..60 (clamped)' },
    { name: BLOCK.typeFielded, dims: [2, types.length], labels: [names, types], doc: 'sum of units fielded by side and type (Explore and solo spawns included)' },
    { name: BLOCK.typePoints, dims: [2, types.length], labels: [names, types], doc: 'sum of starting health of the units fielded, by side and type (Iron Squad has no point costs)' },
    { name: BLOCK.typeCasualties, dims: [2, types.length, steps], labels: [names, types, rounds], doc: 'sum of units killed by side, type and round' },
    { name: BLOCK.typePointsLost, dims: [2, types.length], labels: [names, types], doc: 'sum of health points lost by side and type' },
    { name: BLOCK.typePointsLostSteps, dims: [2, types.length, steps], labels: [names, types, rounds], doc: 'sum of health points lost by side, type and round' },
    { name: BLOCK.typeKills, dims: [2, types.length], labels: [names, types], doc: 'sum of enemy units killed by units of each side and type' },
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
  ]);
  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, scenario: scen, rules, sides: sides.map((sd, s) => ({ name: sd.name, units: solo && s !== playerSide ? [] : sd.units ?? DEFAULT_UNITS, policy: sd.policy })) };
  return {
    ruleset: 'iron-squad', sideNames, steps, timeUnit: 'round', layout, normalized, rowColumns: ROW_COLUMNS,
    rules, map: c.map, solo, playerSide, policies, units, mpByType, rangeByType,
    hillsCol: TAM_COLUMN_IDS.indexOf(rules.hills_tam_column),
    rallyOnActivation: rules.captain_rally_phase === 'activation',
  };
}
