/** Iron Squad config -> flat scenario (items 2–5, 70; R8, R19, R20). */
import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { checkSideNames, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import { boardFromConfig } from './rules/board-json.ts';
import { ironRulesSchema } from './data/params.ts';
import type { IronScenario } from './compiled.ts';
import type { PolicyParams } from './policy/knobs.ts';
import { ironPlayers } from './policy/players.ts';
import { TAM_COLUMN_IDS, TYPE_LABELS, UNIT_IDS, type UnitId } from './data/units.ts';
import { boardGenSchema } from './rules/board-gen.ts';
import { boardJsonSchema } from './rules/board-json.ts';
import { fileRef } from '../../kit/config.ts';
import { CounterSet } from '../../kit/counters.ts';
import { DECIDED_BY, ironCounters } from './data/counters.ts';

export const SCENARIO_IDS = ['versus', 'solo'] as const;
/** Default selection (item 5): the Captain plus four. */
export const DEFAULT_UNITS: UnitId[] = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'medic'];

export const unitsSchema = z
  .array(z.enum(UNIT_IDS))
  .length(5, { message: 'pick exactly 5 of the 7 unit types (item 5)' })
  .refine((a) => new Set(a).size === 5, { message: 'the 5 unit types must be different (item 5)' })
  .refine((a) => a.includes('captain'), { message: 'the Captain is mandatory (item 5)' });

const sideSchema = z
  .object({
    name: sideNameSchema,
    units: unitsSchema.optional().describe('The 5 unit types this side fields: the Captain and 4 of the other 6, all different (item 5); default captain, rifleman, machine-gunner, grenade-thrower, medic; left out for the solo bot.'),
    policy: ironPlayers.schema,
  })
  .strict();

const scenarioSchema = z.union([
  z.enum(SCENARIO_IDS),
  z.object({ id: z.literal('versus').describe('Two players, each with a secret mission (items 69–70).') }).strict(),
  z.object({ id: z.literal('solo').describe('One player against the rulebook\'s solo bot (items 70–75, R20).'), player_side: z.union([z.literal(0), z.literal(1)]).default(0).describe('Index of the player\'s side; the other side is the solo bot, which starts with no units.') }).strict(),
]);

/** The board: a path to a board JSON file, a hand-made board, or { generate } (R4). */
const mapSchema = z.union([
  boardJsonSchema,
  z.object({ generate: boardGenSchema.describe('Options of the seeded procedural board generator (R4); {} = the rulebook-like defaults.') }).strict(),
]).describe('The board: a path to a board JSON file, a hand-made board, or { "generate": options } for a seeded procedural board (R4; the default).');

/** The whole Iron Squad config, once: parsed here, and the JSON Schema editors use (`squadsim schema iron-squad`). */
export const ironConfigSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('iron-squad').describe('Which ruleset this config is for.'),
    scenario: scenarioSchema.default('versus').describe('versus (two players with secret missions) or solo (one player against the rulebook\'s bot); default versus.'),
    map: fileRef(mapSchema, 'path to a board JSON file, relative to this config').prefault({ generate: {} }),
    rules: ironRulesSchema.prefault({}).describe('Rules parameters: every ASSUMED reading of the digest (R1–R23) and decision, each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: side 0 is the USA (north, plays first), side 1 Germany (south) (item 3); name, units and policy.'),
  })
  .strict()
  .describe('squadsim Iron Squad matchup config');

/** Per-game row columns beyond the engine's (how it was decided, the start hour). */
export const ROW_EXTRAS = ['decided_by', 'start_hour'] as const;

/** Iron Squad's words for the engine's statistics. */
export const IRON_NOUNS: Nouns = { unit: 'unit', units: 'units', value: 'health', score: 'VP', scoreLong: 'victory points', step: 'round', steps: 'rounds' };

export function compileIron(config: unknown): IronScenario {
  const c = parseOrThrow(ironConfigSchema, config);
  const { rules, sides } = c;
  // The board as written: boardFromConfig validates it again with its exact error paths and
  // builds it (here once, so a bad board is reported before any work; workers build their own).
  const map = (config as { map?: unknown }).map ?? { generate: {} };
  boardFromConfig(map, ['map']);
  const scen = typeof c.scenario === 'string' ? (c.scenario === 'solo' ? { id: 'solo' as const, player_side: 0 as const } : { id: 'versus' as const }) : c.scenario;
  const solo = scen.id === 'solo';
  const playerSide = solo ? (scen as { player_side: 0 | 1 }).player_side : -1;
  checkSideNames(sides.map((s) => s.name));
  if (solo && sides[1 - playerSide].units) {
    throw new ConfigError(`sides[${1 - playerSide}].units`, sides[1 - playerSide].units, 'must be left out in the solo scenario: the bot starts with no units (item 70)');
  }
  const policies = [0, 1].map((s) => ironPlayers.resolve(sides[s].policy)) as [PolicyParams, PolicyParams];
  const units = [0, 1].map((s) => {
    if (solo && s !== playerSide) return new Int32Array(0);
    return Int32Array.from((sides[s].units ?? DEFAULT_UNITS).map((id) => UNIT_IDS.indexOf(id)));
  }) as [Int32Array, Int32Array];
  const mpByType = Int32Array.from(UNIT_IDS.map((id) => rules.mp_by_type[id]));
  const rangeByType = Int32Array.from(UNIT_IDS.map((id) => rules.range_by_type[id]));
  const sideNames = [sides[0].name, sides[1].name] as const;
  const steps = rules.rounds;
  const rounds = Array.from({ length: steps }, (_, t) => `round ${t + 1}`);
  const types = [...TYPE_LABELS];
  const counters = new CounterSet(sideNames, ironCounters(rounds));
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
    extras: counters.blocks(),
    rowExtras: ROW_EXTRAS,
    rowLabels: { decided_by: DECIDED_BY },
  });

  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, map, scenario: scen, rules, sides: sides.map((sd, s) => ({ name: sd.name, ...(solo && s !== playerSide ? {} : { units: sd.units ?? DEFAULT_UNITS }), policy: sd.policy })) };
  return {
    ruleset: 'iron-squad', sideNames, plan, normalized,
    rules, map, counters, solo, playerSide, policies, units, mpByType, rangeByType,
    hillsCol: TAM_COLUMN_IDS.indexOf(rules.hills_tam_column),
    rallyOnActivation: rules.captain_rally_phase === 'activation',
  };
}
