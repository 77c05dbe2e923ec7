/** Platoon config → flat scenario (R22 army lists at a points budget, R23 scenario, rules). */
import { ConfigError } from '../../errors.ts';
import { z } from 'zod';
import { checkSideNames, labelSchema, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import { diceCode, platoonRulesSchema } from './data/params.ts';
import { KINDS, KIND_IDS, Prices, unknownCostKey, UPGRADE_IDS } from './data/catalogue.ts';
import { armySchema, buildArmy, MAX_SLOTS, type BuiltUnit } from './data/roster.ts';
import { NO, OK_STAR, T_OBSTACLE, TERRAIN_TABLE, MV_HALFTRACK, VEHICLE_CLASS_IDS } from './data/tables.ts';
import type { PlatoonScenario } from './compiled.ts';
import { mapSpecSchema } from './rules/terrain-map.ts';
import { heRowAtBuilding, W_INDIRECT_RANGE, W_RANGE, WEAPON_IDS, WPN_PANZERFAUST } from './data/weapons.ts';
import type { PolicyParams } from './policy/knobs.ts';
import { platoonPlayers } from './policy/players.ts';
import { fileRef } from '../../kit/config.ts';
import { CounterSet } from '../../kit/counters.ts';
import { DECIDED_BY, platoonCounters } from './data/counters.ts';

export const PLATOON_NOUNS: Nouns = { unit: 'unit', units: 'units', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' };

export const scenarioSchema = z.literal('meeting-engagement');

const sideSchema = z
  .object({
    name: sideNameSchema,
    roster: labelSchema(400).optional().describe('A display name for the army (reports); by default its unit list.'),
    army: fileRef(armySchema.describe('The army list: a path to an army list JSON file, or the units (priced against rules.army_points, R22).'), 'path to an army list JSON file'),
    policy: platoonPlayers.schema,
  })
  .strict();

/** The whole platoon config, once: parsed here, and the JSON Schema editors use (`squadsim schema platoon`). */
export const platoonConfigSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('platoon').describe('Which ruleset this config is for.'),
    scenario: scenarioSchema.default('meeting-engagement').describe('The scenario played; only the Meeting Engagement for now (R23).'),
    map: fileRef(mapSpecSchema.describe('The table: a path to a map JSON file, or the map itself (default: an empty 72" × 48" table, R23).'), 'path to a map JSON file, relative to this config').prefault({}),
    rules: platoonRulesSchema.prefault({}).describe('Rules parameters: every ASSUMED reading of the digest (R1–R26) and decision, each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: name, army list and policy.'),
  })
  .strict()
  .describe('squadsim platoon matchup config');

/** "1st Lt, 3 × infantry-section (10), …": an army in words, for the reports' "what was played". */
function describeArmy(units: BuiltUnit[]): string {
  const parts: string[] = [];
  for (const u of units) {
    const label = `${KIND_IDS[u.kind]}${KINDS[u.kind].vehicle === 0 && u.models > 1 && KIND_IDS[u.kind] === 'infantry-section' ? ` (${u.models})` : ''}`;
    const last = parts.length - 1, m = last >= 0 ? /^(\d+) × (.*)$/.exec(parts[last]) : null;
    if (m && m[2] === label) parts[last] = `${Number(m[1]) + 1} × ${label}`;
    else if (last >= 0 && parts[last] === label) parts[last] = `2 × ${label}`;
    else parts.push(label);
  }
  return `${units.reduce((a, u) => a + u.cost, 0)} pts: ${parts.join(', ')}`;
}

export function compilePlatoon(config: unknown): PlatoonScenario {
  const c = parseOrThrow(platoonConfigSchema, config);
  const { rules, map, sides } = c;
  checkSideNames(sides.map((s) => s.name));
  const policies = [0, 1].map((s) => platoonPlayers.resolve(sides[s].policy)) as [PolicyParams, PolicyParams];
  const bad = unknownCostKey(rules.cost_overrides);
  if (bad) throw new ConfigError(`rules.cost_overrides.${bad}`, rules.cost_overrides[bad], `is not a unit kind or upgrade; expected one of ${[...KIND_IDS, ...UPGRADE_IDS].join(', ')}`);
  const prices = new Prices(rules.cost_overrides);
  const armies = [0, 1].map((s) => buildArmy(sides[s].army, ['sides', s, 'army'], rules.army_points, prices));
  const all: BuiltUnit[] = [...armies[0], ...armies[1]];
  const n = all.length;
  const per = <T extends Int32Array | Uint8Array | Float64Array>(mk: new (n: number) => T, f: (u: BuiltUnit, i: number) => number): T => {
    const a = new mk(n);
    all.forEach((u, i) => (a[i] = f(u, i)));
    return a;
  };
  const slots = (pick: (u: BuiltUnit) => number[], empty: number): Int32Array => {
    const a = new Int32Array(n * MAX_SLOTS).fill(empty);
    all.forEach((u, i) => pick(u).forEach((v, k) => (a[i * MAX_SLOTS + k] = v)));
    return a;
  };
  const fp = rules.vehicle_footprint as Record<string, [number, number]>;
  const terrainCode = new Int32Array(5 * 5);
  TERRAIN_TABLE.forEach((row, t) => row.forEach((code, m) => (terrainCode[t * 5 + m] = code)));
  terrainCode[T_OBSTACLE * 5 + MV_HALFTRACK] = rules.halftrack_obstacle === 'No' ? NO : OK_STAR;
  const heOpen = new Int32Array(5 * 3);
  rules.he_hits_open.forEach((d, i) => heOpen.set(diceCode(d), (i + 1) * 3));
  const maxTurns = rules.extra_turn_on <= 6 ? rules.turns + 1 : rules.turns;

  const sideNames = [sides[0].name, sides[1].name] as const;
  const turns = Array.from({ length: maxTurns }, (_, t) => `turn ${t + 1}`);
  const counters = new CounterSet(sideNames, platoonCounters(turns));
  const plan = new TallyPlan({
    sideNames, nouns: PLATOON_NOUNS, steps: maxTurns, types: [...KIND_IDS],
    margin: { width: 1, half: 16 },
    docs: {
      typeCost: 'sum of points of the units fielded, by side and kind (R22 costs)',
      typeCostLost: 'sum of points of the units destroyed, by side and kind',
      typeCostLostSteps: 'sum of points of the units destroyed, by side, kind and turn',
      survivingValue: "sum of the points of each side's units still in play at the end of the turn",
      startingValue: "sum of the points of each side's army",
    },
    extras: counters.blocks(),
    rowExtras: ['decided_by'],
    rowLabels: { decided_by: DECIDED_BY },
  });
  // The army echoes as written: its entries' defaults belong to unit kinds that do not use them.
  const rawSides = (config as { sides: { army: unknown }[] }).sides;
  const { $schema: _s, ...rest } = c;
  const normalized = { ...rest, rules, map, sides: sides.map((sd, s) => ({ name: sd.name, roster: sd.roster ?? describeArmy(armies[s]), army: rawSides[s].army, policy: sd.policy })) };
  return {
    ruleset: 'platoon', sideNames, plan, normalized, rules, map, policies, counters, n,
    count: [armies[0].length, armies[1].length],
    side: per(Uint8Array, (_, i) => (i < armies[0].length ? 0 : 1)),
    kind: per(Int32Array, (u) => u.kind),
    quality: per(Int32Array, (u) => u.quality),
    cost: per(Int32Array, (u) => u.cost),
    models: per(Int32Array, (u) => u.models),
    panzerfausts: per(Int32Array, (u) => u.panzerfausts),
    slotWeapon: slots((u) => u.slotWeapon, -1),
    slotCount: slots((u) => u.slotCount, 0),
    slotCrew: slots((u) => u.slotCrew, 0),
    slotArc: slots((u) => u.slotArc, 0),
    rank: per(Int32Array, (u) => KINDS[u.kind].rank),
    moveClass: per(Int32Array, (u) => KINDS[u.kind].move),
    vehicleClass: per(Int32Array, (u) => KINDS[u.kind].vehicle),
    small: per(Uint8Array, (u) => (KINDS[u.kind].small ? 1 : 0)),
    recce: per(Uint8Array, (u) => (KINDS[u.kind].recce ? 1 : 0)),
    openTopped: per(Uint8Array, (u) => (KINDS[u.kind].openTopped ? 1 : 0)),
    team: per(Uint8Array, (u) => (KINDS[u.kind].team ? 1 : 0)),
    footLength: per(Float64Array, (u) => (KINDS[u.kind].vehicle ? fp[VEHICLE_CLASS_IDS[KINDS[u.kind].vehicle]][0] : 0)),
    footWidth: per(Float64Array, (u) => (KINDS[u.kind].vehicle ? fp[VEHICLE_CLASS_IDS[KINDS[u.kind].vehicle]][1] : 0)),
    maxRange: per(Float64Array, (u) => Math.max(0, ...u.slotWeapon.map((w) => Math.max(W_RANGE[w], W_INDIRECT_RANGE[w])), u.panzerfausts > 0 ? W_RANGE[WPN_PANZERFAUST] : 0)),
    terrainCode, heOpen,
    flamerPins: Int32Array.from(diceCode(rules.flamer_extra_pins)),
    heAtBuilding: Uint8Array.from(WEAPON_IDS, (_, w) => (heRowAtBuilding(w, rules.dual_purpose_at_building) ? 1 : 0)),
    downPins: Int32Array.from(diceCode(rules.down_turn_pin_removal)),
    maxTurns,
  };
}
