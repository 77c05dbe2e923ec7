import { z } from 'zod';
import { fileRef } from '../../kit/config.ts';
import { ConfigError } from '../../errors.ts';
import { checkSideNames, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import { IMPASSABLE, mapSchema, Table, type MapData, type MapJson } from '../../geometry/table.ts';
import { ncoGenerateSchema, ncoRulesSchema, type NcoGenerate, type NcoRules } from './data/params.ts';
import type { PolicyParams } from './policy/knobs.ts';
import { ncoPlayers, resolveNcoPolicy } from './policy/players.ts';
import { CounterSet } from '../../kit/counters.ts';
import { ncoCounters } from './data/counters.ts';
import type { NcoScenario } from './compiled.ts';
import { compileRoster, rosterSchema } from './data/roster.ts';
import { PROFILE_IDS, type CompiledRoster } from './data/roster-types.ts';
import { PROFILES } from './data/profiles.ts';

/** The profiles' printed names in PROFILE_IDS order, for reports. */
const PROFILE_NAMES = PROFILE_IDS.map((id) => PROFILES.find((p) => p.id === id)!.name);
import { W_PISTOL } from './data/weapons.ts';
import { compileWeaponStats } from './data/nation-weapons.ts';
import { MARGIN_CLASSES } from './data/victory.ts';
import { compileScenario, parseScenario, scenarioDocSchema } from './scenarios/definitions.ts';
import { NCO_ROW_EXTRAS, NCO_ROW_LABELS } from './rules/rows.ts';

/** NCO's words for the engine's statistics. */
export const NCO_NOUNS: Nouns = { unit: 'soldier', units: 'soldiers', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' };

export { SCENARIO_IDS } from './scenarios/definitions.ts';

const generatedMap = z.object({ generate: ncoGenerateSchema.describe('Options of the mirrored random terrain generator (R1); {} = the defaults.') }).strict();

/**
 * The whole NCO config, once: compileNco validates every config with it before compiling
 * the pieces (which add the checks that need the rules: roster legality, map fit), and it is
 * the JSON Schema editors use (`squadsim schema nco`) and the loader's list of file fields.
 */
export const ncoConfigSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('nco').describe('Which ruleset this config is for.'),
    scenario: scenarioDocSchema.optional().describe('The scenario: an id, or an object with the id and options (default basic).'),
    map: fileRef(z.union([mapSchema, generatedMap]), 'path to a map JSON file, relative to this config').optional().describe('The table: a path to a map JSON file, the map itself, or { "generate": options } for a seeded random table (R1; the default).'),
    rules: ncoRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R36) and rulebook number a designer may vary, each with its default.'),
    sides: z
      .array(z.object({ name: sideNameSchema, roster: fileRef(rosterSchema.describe('The squad: a path to a roster JSON file, or the roster itself.'), 'path to a roster JSON file, relative to this config'), policy: ncoPlayers.schema }).strict())
      .length(2).describe('The two sides: name, roster and policy.'),
  })
  .strict()
  .describe('squadsim NCO matchup config');

type RawConfig = { scenario?: unknown; map?: unknown; rules?: unknown; sides: { name: string; roster: unknown; policy: unknown }[]; $schema?: string; ruleset: 'nco' };

export function compileNco(config: unknown): NcoScenario {
  if (!ncoConfigSchema.safeParse(config).success) {
    // scenarios/definitions.ts names the scenario's allowed ids and options better than the union's message.
    const sc = (config as { scenario?: unknown } | null)?.scenario;
    if (sc !== undefined) parseScenario(sc);
    parseOrThrow(ncoConfigSchema, config);
  }
  // The pieces are compiled from the config as written (defaults filled here), so the
  // normalized config and its hash are what the user wrote.
  const raw = config as RawConfig;
  const c = { ...raw, scenario: raw.scenario ?? 'basic', map: raw.map ?? { generate: {} }, rules: raw.rules ?? {} };
  checkSideNames(c.sides.map((s) => s.name));
  const parsedRules = parseOrThrow(ncoRulesSchema, c.rules, ['rules']);
  const sc = parseScenario(c.scenario);
  const scenario = compileScenario(sc.id, sc.options, parsedRules.turns, parsedRules.deploy_depth_in);
  // S5's 6" zones replace the rules' depth for this game (deployment and map generator read rules).
  const rules = scenario.deployDepth === parsedRules.deploy_depth_in ? parsedRules : { ...parsedRules, deploy_depth_in: scenario.deployDepth };
  let generate: NcoGenerate | null = null;
  let map: MapJson | null = null;
  const m = c.map as Record<string, unknown> | null;
  if (m && typeof m === 'object' && 'generate' in m) {
    if (Object.keys(m).length !== 1) throw new ConfigError('map', Object.keys(m), 'a generated map takes only the "generate" field');
    generate = parseOrThrow(ncoGenerateSchema, m.generate ?? {}, ['map', 'generate']);
  } else {
    map = parseOrThrow(mapSchema, m, ['map']);
    const size = map.size;
    if (size[0] !== rules.table_size_in || size[1] !== rules.table_size_in) {
      throw new ConfigError('map.size', size, `must match rules.table_size_in (${rules.table_size_in}x${rules.table_size_in})`);
    }
    checkFixedMap(map as MapData, rules);
  }
  const rosters = [0, 1].map((s) => compileRoster(c.sides[s].roster, rules, ['sides', s, 'roster'])) as [CompiledRoster, CompiledRoster];
  const policies = [0, 1].map((s) => resolveNcoPolicy(parseOrThrow(ncoPlayers.schema, c.sides[s].policy, ['sides', s, 'policy']))) as [PolicyParams, PolicyParams];
  const n = rosters[0].soldiers.length + rosters[1].soldiers.length;
  if (n > 64) throw new ConfigError('sides', n, 'has too many soldiers in total; at most 64 are supported');

  const side = new Uint8Array(n), profile = new Int32Array(n), move = new Int32Array(n);
  const courage = new Int32Array(n), health = new Int32Array(n), psyche = new Int32Array(n);
  const primary = new Int32Array(n), pistol = new Uint8Array(n), skills = new Int32Array(n), grenades = new Int32Array(n);
  const killValue = new Float64Array(n), cost = new Float64Array(n), sergeant = new Uint8Array(n), specialist = new Uint8Array(n);
  const startingPoints = new Float64Array(2);
  let i = 0;
  for (let s = 0; s < 2; s++) {
    for (const so of rosters[s].soldiers) {
      side[i] = s;
      profile[i] = so.profile;
      move[i] = so.move;
      courage[i] = so.courage;
      health[i] = so.health;
      psyche[i] = so.psyche;
      primary[i] = so.primary;
      pistol[i] = so.pistol || so.primary === W_PISTOL ? 1 : 0;
      skills[i] = so.skills;
      grenades[i] = so.grenades;
      cost[i] = so.costVps + so.costSps;
      sergeant[i] = so.sergeant ? 1 : 0;
      specialist[i] = so.specialist ? 1 : 0;
      killValue[i] = so.sergeant
        ? rules.sergeant_kill_bonus + (rules.sergeant_bonus_includes_upgrades ? cost[i] : 0)
        : cost[i];
      startingPoints[s] += killValue[i];
      i++;
    }
  }
  const sideNames = [c.sides[0].name, c.sides[1].name] as const;
  const steps = rules.turns;
  const counters = new CounterSet(sideNames, ncoCounters(steps));
  const plan = new TallyPlan({
    sideNames, nouns: NCO_NOUNS, steps,
    types: PROFILE_IDS,
    typeNames: PROFILE_NAMES,
    margin: { width: 10, half: 30 },
    winClasses: MARGIN_CLASSES.map((m) => m.name),
    docs: {
      typeCost: 'sum of points (vps + sps, with options) spent by side and profile',
      typeCostLost: 'sum of points (vps + sps, with options) of the soldiers lost, by side and profile',
      typeCostLostSteps: 'sum of points (vps + sps, with options) of the soldiers lost, by side, profile and turn',
      survivingValue: 'sum of the kill value (VP an enemy scores for him, item 101) of each side\'s soldiers in play at the end of the turn',
      startingValue: 'sum of the kill value of each side\'s soldiers at the start',
      winClass: 'games won by side s in each margin-of-victory class (item 103); draws count for neither side',
    },
    extras: counters.blocks(),
    rowExtras: NCO_ROW_EXTRAS,
    rowLabels: NCO_ROW_LABELS,
  });

  // $schema is editor metadata: it is left out so it cannot change the config hash.
  const { $schema: _schema, ...rest } = c;
  const normalized = { ...rest, scenario: typeof c.scenario === 'string' ? c.scenario : sc.options, map: generate ? { generate } : map, rules: parsedRules, sides: c.sides.map((sd) => ({ name: sd.name, roster: sd.roster, policy: sd.policy })) };
  return {
    ruleset: 'nco', sideNames, plan, normalized,
    rules, generate, map, rosters, policies, soldierCount: n,
    sideStart: Int32Array.of(0, rosters[0].soldiers.length),
    side, profile, move, courage, health, psyche, primary, pistol, grenades, skills, killValue, cost, sergeant, specialist, startingPoints, scenario,
    weapons: compileWeaponStats(rules.nation_specific_table),
    counters,
  };
}

/** The game's Table (state.ts) is built to hold at most this many terrain pieces and vertices. */
export const MAX_MAP_PIECES = 48;
export const MAX_MAP_VERTICES = 384;

/**
 * A fixed map must fit the game's table, and each deployment zone (item 7: the strip of
 * rules.deploy_depth_in along either edge, whichever the roll-off gives a side) must have
 * room for a base outside impassable terrain. Both were found only inside the workers,
 * mid-run, or not at all (models were placed inside the impassable piece).
 */
function checkFixedMap(map: MapData, rules: NcoRules): void {
  const pieces = map.terrain.length;
  if (pieces > MAX_MAP_PIECES) throw new ConfigError('map.terrain', `${pieces} pieces`, `allowed: at most ${MAX_MAP_PIECES} terrain pieces`);
  const vertices = map.terrain.reduce((n, t) => n + t.polygon.length, 0);
  if (vertices > MAX_MAP_VERTICES) throw new ConfigError('map.terrain', `${vertices} vertices`, `allowed: at most ${MAX_MAP_VERTICES} polygon vertices over all pieces`);
  const t = new Table({ maxPolygons: MAX_MAP_PIECES, maxVertices: MAX_MAP_VERTICES, points: 1 });
  t.loadMap(map);
  const r = rules.base_radius_in, w = t.width, h = t.height, step = 0.25;
  // Within `r` of an impassable piece's edges counts as inside it, as deployment's blocked() does.
  const blocked = (x: number, y: number): boolean => {
    for (let p = 0; p < t.polygonCount; p++) {
      if ((t.pFlags[p] & IMPASSABLE) === 0) continue;
      let inside = true;
      for (let k = t.pStart[p]; k < t.pStart[p] + t.pCount[p] && inside; k++) inside = t.nx[k] * x + t.ny[k] * y - t.nc[k] <= r;
      if (inside) return true;
    }
    return false;
  };
  const insetMax = r + Math.max(0, rules.deploy_depth_in - 2 * r);
  for (const edge of [0, 1]) {
    let room = false;
    for (let inset = r; inset <= insetMax + 1e-9 && !room; inset += step) {
      for (let x = r; x <= w - r + 1e-9 && !room; x += step) room = !blocked(x, edge === 0 ? inset : h - inset);
    }
    if (!room) {
      const names = map.terrain.filter((p) => p.impassable).map((p) => p.name);
      throw new ConfigError('map.terrain', names, `leave no room for a model outside impassable terrain in the deployment zone along the ${edge === 0 ? 'y = 0' : `y = ${h}`} edge (${rules.deploy_depth_in}" deep): each deployment zone needs open ground`);
    }
  }
}

