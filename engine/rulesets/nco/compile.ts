import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { parseOrThrow } from '../../validate.ts';
import { RecordLayout } from '../../record.ts';
import { BLOCK, lethalitySqBlocks, standardBlocks, type CompiledScenario } from '../../ruleset.ts';
import { mapSchema, type MapJson } from '../../geometry/table.ts';
import { ncoGenerateSchema, ncoRulesSchema, type NcoGenerate, type NcoRules } from './params.ts';
import { policySchema, resolvePolicy, type PolicyParams } from './policy-params.ts';
import { compileRoster } from './roster.ts';
import { PROFILE_IDS, type CompiledRoster } from './roster-types.ts';
import { W_PISTOL } from './weapons.ts';
import { compileWeaponStats, type WeaponStats } from './nation-weapons.ts';
import { MARGIN_CLASSES } from './victory.ts';
import { BONUS_KINDS, compileScenario, EVENT_KINDS, parseScenario, type ScenarioData } from './scenarios.ts';
import { NCO_ROW_COLUMNS, ncoRowLabels } from './rows.ts';

export { SCENARIO_IDS } from './scenarios.ts';

const sideSchema = z
  .object({
    name: z.string().min(1).max(60),
    roster: z.unknown(),
    policy: z.unknown(),
  })
  .strict();

const configSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('nco'),
    scenario: z.unknown().default('basic'), // scenarios.ts validates it (id or { id, options })
    map: z.unknown().default({ generate: {} }),
    rules: z.unknown().default({}),
    sides: z.array(sideSchema).length(2),
  })
  .strict();

/** The flat numeric scenario every worker compiles once. */
export interface NcoScenario extends CompiledScenario {
  readonly rules: NcoRules;
  readonly generate: NcoGenerate | null;
  readonly map: MapJson | null;
  readonly rosters: readonly [CompiledRoster, CompiledRoster];
  readonly policies: readonly [PolicyParams, PolicyParams];
  readonly soldierCount: number;
  /** Soldiers of side 0 are [0, sideStart[1]), side 1 are [sideStart[1], n). */
  readonly sideStart: Int32Array;
  readonly side: Uint8Array;
  readonly profile: Int32Array;
  readonly move: Int32Array;
  readonly courage: Int32Array;
  readonly health: Int32Array;
  readonly psyche: Int32Array;
  readonly primary: Int32Array;
  readonly pistol: Uint8Array;
  /** Hand grenades carried at the start (item 47; grenades.ts). */
  readonly grenades: Int32Array;
  readonly skills: Int32Array;
  /** Victory points an enemy scores for killing this soldier (item 101, 102, R28). */
  readonly killValue: Float64Array;
  /** Purchase cost (vps + sps), for surviving-points curves. */
  readonly cost: Float64Array;
  readonly sergeant: Uint8Array;
  readonly specialist: Uint8Array;
  readonly startingPoints: Float64Array;
  /** Scenario S1–S6 data (scenarios.ts); kind 0 is the basic game. */
  readonly scenario: ScenarioData;
  /** Weapon stats by code: the generic ones plus the R22 Nation-Specific table (nation-weapons.ts). */
  readonly weapons: WeaponStats;
}

export function compileNco(config: unknown): NcoScenario {
  const c = parseOrThrow(configSchema, config);
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
  }
  const rosters = [0, 1].map((s) => compileRoster(c.sides[s].roster, rules, ['sides', s, 'roster'])) as [CompiledRoster, CompiledRoster];
  const policies = [0, 1].map((s) => resolvePolicy(parseOrThrow(policySchema, c.sides[s].policy, ['sides', s, 'policy']))) as [PolicyParams, PolicyParams];
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
  const layout = new RecordLayout([
    ...standardBlocks(steps, sideNames, 'turn'),
    ...lethalitySqBlocks(steps, sideNames, 'turn'),
    { name: 'marginClass', dims: [2, MARGIN_CLASSES.length], labels: [[...sideNames], MARGIN_CLASSES.map((m) => m.name)], doc: 'games won by side s in each margin-of-victory class (item 103); draws count as Entrenched Stalemate for neither side' },
    { name: BLOCK.marginHist, dims: [61], labels: [marginBinLabels()], doc: 'games by VP margin (side 0 minus side 1) in 10-VP bins centred on multiples of 10, from −300 to +300 (clamped)' },
    { name: BLOCK.typeCasualties, dims: [2, PROFILE_IDS.length, steps], labels: [[...sideNames], [...PROFILE_IDS], stepLabels(steps)], doc: 'sum of casualties by side, soldier profile and turn' },
    { name: BLOCK.typeFielded, dims: [2, PROFILE_IDS.length], labels: [[...sideNames], [...PROFILE_IDS]], doc: 'sum of soldiers fielded by side and profile' },
    { name: BLOCK.typePoints, dims: [2, PROFILE_IDS.length], labels: [[...sideNames], [...PROFILE_IDS]], doc: 'sum of points (vps + sps, with options) spent by side and profile' },
    { name: BLOCK.typePointsLost, dims: [2, PROFILE_IDS.length], labels: [[...sideNames], [...PROFILE_IDS]], doc: 'sum of points (vps + sps, with options) of the soldiers lost, by side and profile' },
    { name: BLOCK.typePointsLostSteps, dims: [2, PROFILE_IDS.length, steps], labels: [[...sideNames], [...PROFILE_IDS], stepLabels(steps)], doc: 'sum of points (vps + sps, with options) of the soldiers lost, by side, profile and turn' },
    { name: BLOCK.typeKills, dims: [2, PROFILE_IDS.length], labels: [[...sideNames], [...PROFILE_IDS]], doc: 'sum of enemy casualties caused by soldiers of each side and profile' },
    { name: 'scenarioBonus', dims: [2, BONUS_KINDS.length], labels: [[...sideNames], [...BONUS_KINDS]], doc: 'sum of scenario bonus VP (items 104–113) by side and kind; included in vp' },
    { name: 'objectiveEvents', dims: [2, EVENT_KINDS.length], labels: [[...sideNames], [...EVENT_KINDS]], doc: 'sum of scenario objective events by side' },
    { name: 'gameLength', dims: [steps], labels: [stepLabels(steps)], doc: 'games whose last turn played was turn t (variable end, immediate ends, wipe-outs)' },
    { name: 'actions', dims: [2, 12], labels: [[...sideNames], ['down', 'rally', 'cover-fire', 'fire', 'advance', 'run', 'assault', 'focus-fire', 'sa-assault', 'mend', 'ambush', 'reactive-down']], doc: 'sum of orders and special actions taken' },
  ]);
  // $schema is editor metadata: it is left out so it cannot change the config hash.
  const { $schema: _schema, ...rest } = c;
  scenario.accBonus = layout.offset('scenarioBonus');
  scenario.accEvents = layout.offset('objectiveEvents');
  scenario.accLength = layout.offset('gameLength');
  const normalized = { ...rest, scenario: typeof c.scenario === 'string' ? c.scenario : sc.options, map: generate ? { generate } : map, rules: parsedRules, sides: c.sides.map((sd) => ({ name: sd.name, roster: sd.roster, policy: sd.policy })) };
  return {
    ruleset: 'nco', sideNames, steps, timeUnit: 'turn', layout, normalized,
    rowColumns: NCO_ROW_COLUMNS, rowLabels: ncoRowLabels(sideNames),
    rules, generate, map, rosters, policies, soldierCount: n,
    sideStart: Int32Array.of(0, rosters[0].soldiers.length),
    side, profile, move, courage, health, psyche, primary, pistol, grenades, skills, killValue, cost, sergeant, specialist, startingPoints, scenario,
    weapons: compileWeaponStats(rules.nation_specific_table),
  };
}

/** "−300".."+300" in 10s: the centre of each marginHist bin. */
function marginBinLabels(): string[] {
  return Array.from({ length: 61 }, (_, k) => String((k - 30) * 10));
}

function stepLabels(steps: number): string[] {
  return Array.from({ length: steps }, (_, t) => `turn ${t + 1}`);
}
