/**
 * `squadsim odds platoon`: the exact distribution of one weapon group's shooting — shots →
 * hits → damage → casualties and pins against infantry, or penetration → damage grade →
 * damage table → the vehicle's state against a vehicle (items 26–30, 58–66; R2, R12–R17).
 * Computed by enumeration, independently of the game code; tools/odds-sample.ts plays the
 * same attack through the engine (rules/shooting.ts) for the Monte Carlo check.
 */
import { boolOption, numberOption, pickOption } from '../../../odds-request.ts';
import { ConfigError } from '../../../errors.ts';
import type { OddsOption, OddsProvider, OddsResult } from '../../../ruleset.ts';
import { diceCode, platoonRulesSchema } from '../data/params.ts';
import { FACING_IDS, FACING_PEN, FACE_TOP, INFANTRY_DV, MORALE, QUALITY_IDS, VEHICLE_CLASS_IDS, VEHICLE_DV, vehicleDamageResult, VD_IMMOBILISED, VD_KNOCKED_OUT, VD_ON_FIRE } from '../data/tables.ts';
import { ASSAULT, FLAMER, heRowAtBuilding, HE_BLD_COUNT, HE_BLD_SIDES, HE_PIN_SIDES, HOWITZER, INDIRECT, SHAPED, SHOTS_D6, SHOTS_D6P1, W_FLAGS, W_HE, W_INDIRECT_RANGE, W_MIN_RANGE, W_PEN, W_RANGE, W_SHOTS, WEAPON_IDS } from '../data/weapons.ts';
import { damageChance6, damageNeed, hitChance36, testChance36 } from '../rules/dice-math.ts';
import { damageGrade } from '../rules/vehicles.ts';
import { sampleAttack } from './odds-sample.ts';

const R = platoonRulesSchema.parse({});
export const ODDS_WEAPONS = WEAPON_IDS.filter((w) => w !== 'panzerfaust');
export const TARGETS = [...QUALITY_IDS, ...VEHICLE_CLASS_IDS.slice(1)];
export const COVERS = ['none', 'soft', 'hard', 'building'] as const;

const options: readonly OddsOption[] = [
  { name: 'weapon', type: 'string', describe: 'weapon (items 31–57)', choices: ODDS_WEAPONS, default: 'rifle' },
  { name: 'count', type: 'number', describe: 'weapons of that type firing (models; a team weapon counts 1)', default: 1 },
  { name: 'range', type: 'number', describe: 'range in inches', default: 12 },
  { name: 'moving', type: 'boolean', describe: 'firing on an Advance order (−1, not Assault weapons)', default: false },
  { name: 'pins', type: 'number', describe: 'pins on the firer (−1 each)', default: 0 },
  { name: 'inexperienced', type: 'boolean', describe: 'the firer is Inexperienced (−1)', default: false },
  { name: 'target', type: 'string', describe: 'target: infantry quality or vehicle class', choices: TARGETS, default: 'regular' },
  { name: 'models', type: 'number', describe: 'infantry target models (1–10)', default: 10 },
  { name: 'team', type: 'boolean', describe: 'infantry target is a team (small when ≤3 models)', default: false },
  { name: 'cover', type: 'string', describe: 'infantry target cover', choices: COVERS, default: 'none' },
  { name: 'down', type: 'boolean', describe: 'infantry target is Down (−2)', default: false },
  { name: 'facing', type: 'string', describe: 'vehicle facing hit', choices: FACING_IDS.slice(0, 3), default: 'front' },
  { name: 'crew', type: 'string', describe: "vehicle crew quality (its Morale for On Fire)", choices: QUALITY_IDS, default: 'regular' },
];

export interface OddsReq {
  weapon: number; count: number; range: number; moving: boolean; pins: number; inexperienced: boolean;
  target: string; vehicle: number; quality: number; models: number; team: boolean; cover: string; down: boolean; facing: number; crew: number;
}

export function parseOddsReq(req: Record<string, unknown>): OddsReq {
  const weapon = WEAPON_IDS.indexOf(pickOption(req, 'weapon', ODDS_WEAPONS, 'rifle'));
  const target = pickOption(req, 'target', TARGETS, 'regular');
  const o: OddsReq = {
    weapon, count: numberOption(req, 'count', 1, 1, 10), range: numberOption(req, 'range', 12, 0.5, 90, false), moving: boolOption(req, 'moving'), pins: numberOption(req, 'pins', 0, 0, 10),
    inexperienced: boolOption(req, 'inexperienced'), target, vehicle: Math.max(0, VEHICLE_CLASS_IDS.indexOf(target as never)), quality: Math.max(0, QUALITY_IDS.indexOf(target as never)),
    models: numberOption(req, 'models', 10, 1, 10), team: boolOption(req, 'team'), cover: pickOption(req, 'cover', COVERS, 'none'), down: boolOption(req, 'down'),
    facing: FACING_IDS.indexOf(pickOption(req, 'facing', FACING_IDS.slice(0, 3), 'front') as never), crew: QUALITY_IDS.indexOf(pickOption(req, 'crew', QUALITY_IDS, 'regular') as never),
  };
  const f = W_FLAGS[weapon], indirect = (f & INDIRECT) !== 0 || ((f & HOWITZER) !== 0 && o.range > W_RANGE[weapon]);
  const max = (f & HOWITZER) !== 0 ? W_INDIRECT_RANGE[weapon] : W_RANGE[weapon];
  if (o.range > max || (indirect && o.range < W_MIN_RANGE[weapon])) throw new ConfigError('range', o.range, `is out of the ${WEAPON_IDS[weapon]}'s range (${indirect ? `${W_MIN_RANGE[weapon]}–` : ''}${max}")`);
  if (indirect && o.moving) throw new ConfigError('moving', true, 'indirect fire is not made on the move (decision, docs/rules/platoon.md)');
  if ((f & 4) !== 0 && o.moving) throw new ConfigError('moving', true, `a Fixed weapon cannot fire on an Advance (R11)`);
  if ((f & (FLAMER | 2)) !== 0 && o.count !== 1) throw new ConfigError('count', o.count, 'a team weapon or flamethrower fires as one weapon');
  return o;
}

export const isIndirect = (o: OddsReq): boolean => (W_FLAGS[o.weapon] & INDIRECT) !== 0 || ((W_FLAGS[o.weapon] & HOWITZER) !== 0 && o.range > W_RANGE[o.weapon]);

/** Item 27 / R15: the to-hit score, from the inputs. */
export function oddsNeed(o: OddsReq): number {
  const w = o.weapon, f = W_FLAGS[w];
  if (isIndirect(o)) return R.indirect_first_need + o.pins;
  let m = -o.pins;
  if (o.range <= R.point_blank_in) m += 1;
  if (o.range > W_RANGE[w] * R.long_range_fraction) m -= 1;
  if (o.inexperienced) m -= 1;
  if (o.moving && (f & ASSAULT) === 0) m -= 1;
  const small = o.vehicle === 2 || (o.vehicle === 0 && o.team && o.models <= R.small_unit_max_models);
  if (small) m -= 1;
  if ((f & FLAMER) === 0 && o.vehicle === 0) {
    if (o.down) m -= 2;
    if (o.cover === 'building') { if (!heRowAtBuilding(w, R.dual_purpose_at_building)) m -= 2; } // items 69–71
    else m -= o.cover === 'hard' ? 2 : o.cover === 'soft' ? 1 : 0;
  }
  return 3 - m;
}

type Dist = Map<number, number>;
/** The label of a unit shot to the last model (no pins are placed on it). */
export const wipedOut = (models: number): string => `${models} casualties (unit destroyed)`;
const add = (d: Dist, k: number, p: number): void => { if (p > 0) d.set(k, (d.get(k) ?? 0) + p); };

/** Distribution of the number of hits (flamers: D6 or D6+1 on one hit; D6 shots). */
function hitsDist(o: OddsReq, need: number): Dist {
  const w = o.weapon, p = hitChance36(need) / 36, d: Dist = new Map();
  if ((W_FLAGS[w] & FLAMER) !== 0) {
    add(d, 0, 1 - p);
    for (let f = 1; f <= 6; f++) add(d, f + (W_SHOTS[w] === SHOTS_D6P1 ? 1 : 0), p / 6);
    return d;
  }
  const shotsDist: Dist = new Map();
  if (W_SHOTS[w] === SHOTS_D6) for (let f = 1; f <= 6; f++) add(shotsDist, f, 1 / 6);
  else add(shotsDist, W_SHOTS[w] * ((W_FLAGS[w] & 2) !== 0 ? 1 : o.count), 1);
  for (const [n, pn] of shotsDist) for (let h = 0; h <= n; h++) add(d, h, pn * binom(n, h) * p ** h * (1 - p) ** (n - h));
  return d;
}

function binom(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Sum of `n` rolls of a dice code. */
function codeSum(code: [number, number, number], n: number): Dist {
  let d: Dist = new Map([[0, 1]]);
  for (let i = 0; i < n; i++) {
    const nd: Dist = new Map();
    for (const [s, p] of d) {
      let one: Dist = new Map([[code[2], 1]]);
      for (let c = 0; c < code[0]; c++) { const x: Dist = new Map(); for (const [v, q] of one) for (let f = 1; f <= code[1]; f++) add(x, v + f, q / code[1]); one = x; }
      for (const [v, q] of one) add(nd, s + v, p * q);
    }
    d = nd;
  }
  return d;
}

function infantryOutcomes(o: OddsReq, need: number): Map<string, number> {
  const w = o.weapon, f = W_FLAGS[w], flamer = (f & FLAMER) !== 0, bld = o.cover === 'building';
  const he = bld && !heRowAtBuilding(w, R.dual_purpose_at_building) ? 0 : W_HE[w]; // items 69–71: one row per shot
  const out = new Map<string, number>();
  const put = (k: string, p: number): void => { if (p > 0) out.set(k, (out.get(k) ?? 0) + p); };
  const dv = INFANTRY_DV[o.quality];
  for (const [h, ph] of hitsDist(o, need)) {
    if (h === 0) { put('0 casualties, 0 pins', ph); continue; }
    // Sub-hits: HE hits multiply (R14, item 58–61); others one each.
    let subs: Dist = new Map([[h, 1]]);
    let q: number;
    if (he > 0) {
      subs = codeSum(bld ? [HE_BLD_COUNT[he], HE_BLD_SIDES[he], 0] : diceCode(R.he_hits_open[he - 1]), h);
      q = damageChance6(damageNeed(dv, he)) / 6;
    } else q = damageChance6(damageNeed(dv + (bld && !flamer ? R.building_dv_bonus : 0), W_PEN[w])) / 6;
    const pins: Dist = new Map();
    if (he > 0) for (let x = 1; x <= HE_PIN_SIDES[he]; x++) add(pins, 1 + x, 1 / HE_PIN_SIDES[he]);
    else if (flamer) for (let x = 1; x <= 3; x++) add(pins, 1 + x, 1 / 3);
    else add(pins, 1, 1);
    for (const [n, pn] of subs) {
      if (he > 0 && bld && n >= R.collapse_hits) { put('building collapses', ph * pn); continue; }
      for (let c = 0; c <= n; c++) {
        const pc = binom(n, c) * q ** c * (1 - q) ** (n - c);
        if (c >= o.models) { put(wipedOut(o.models), ph * pn * pc); continue; }
        for (const [pi, pp] of pins) put(`${c} casualties, ${pi} pins`, ph * pn * pc * pp);
      }
    }
  }
  return out;
}

export const VEHICLE_OUTCOMES = ['knocked out', 'immobilised', 'halted (Down)', 'no effect'] as const;

/** State of a vehicle: [ko, immobilised, halted, pins] packed. */
const key = (ko: number, im: number, ha: number, pins: number): number => ((ko * 2 + im) * 2 + ha) * 100 + pins;

function vehicleOutcomes(o: OddsReq, need: number): Map<string, number> {
  const w = o.weapon, dv = VEHICLE_DV[o.vehicle], indirect = isIndirect(o), he = W_HE[w];
  const heOnly = he > 0 && W_PEN[w] <= he && (W_FLAGS[w] & (INDIRECT | HOWITZER)) !== 0;
  const pen = heOnly ? he : W_PEN[w];
  const long = o.range > W_RANGE[w] * R.long_range_fraction;
  const morale = MORALE[o.crew], bonus = indirect && o.vehicle === 1 ? 1 : 0;
  // One hit's grade distribution.
  const grades = [0, 0, 0, 0];
  for (let die = 1; die <= 6; die++) {
    let g = 0;
    if (!(pen === 0 && !heOnly && dv >= 7)) {
      let total = die + pen;
      if (dv >= 7 && pen > 0) { total += indirect ? FACING_PEN[FACE_TOP] : FACING_PEN[o.facing]; if (long && (W_FLAGS[w] & SHAPED) === 0) total -= 1; }
      g = dv < 7 ? (die !== 1 && total >= dv ? 2 : 0) : damageGrade(die, total, dv, heOnly, R.superficial_window, R.massive_margin);
    }
    grades[g] += 1 / 6;
  }
  const applyResult = (s: Dist, res: number): Dist => {
    const out: Dist = new Map();
    for (const [k, p] of s) {
      const pins = k % 100, st = Math.floor(k / 100), ha = st % 2, im = Math.floor(st / 2) % 2, ko = Math.floor(st / 4);
      if (ko) { add(out, k, p); continue; }
      if (res === VD_KNOCKED_OUT) { add(out, key(1, im, ha, pins), p); continue; }
      const np = pins + 1;
      if (res === VD_IMMOBILISED) add(out, im ? key(1, 1, ha, np) : key(0, 1, ha, np), p);
      else if (res === VD_ON_FIRE) {
        const pass = testChance36(morale - np, R.double1_auto_pass) / 36;
        add(out, key(0, im, 1, np), p * pass);
        add(out, key(1, im, ha, np), p * (1 - pass));
      } else add(out, key(0, im, 1, np), p);
    }
    return out;
  };
  const table = (s: Dist, sup: boolean): Dist => {
    const out: Dist = new Map();
    for (let f = 1; f <= 6; f++) for (const [k, p] of applyResult(s, vehicleDamageResult(f + bonus - (sup ? 3 : 0)))) add(out, k, p / 6);
    return out;
  };
  const afterHit = (s: Dist): Dist => {
    const out: Dist = new Map();
    for (const [k, p] of s) {
      if (Math.floor(k / 400) === 1) { add(out, k, p); continue; }
      add(out, k, p * grades[0]);
      const hit: Dist = new Map([[k + 1, 1]]); // +1 pin for a damaging hit
      for (const [k2, p2] of table(hit, true)) add(out, k2, p * grades[1] * p2);
      for (const [k2, p2] of table(hit, false)) add(out, k2, p * grades[2] * p2);
      for (const [k2, p2] of table(table(hit, false), false)) add(out, k2, p * grades[3] * p2);
    }
    return out;
  };
  const res = new Map<string, number>();
  for (const [h, ph] of hitsDist(o, need)) {
    let s: Dist = new Map([[key(0, 0, 0, 0), 1]]);
    for (let i = 0; i < h; i++) s = afterHit(s);
    for (const [k, p] of s) {
      const pins = k % 100, st = Math.floor(k / 100), ha = st % 2, im = Math.floor(st / 2) % 2, ko = Math.floor(st / 4);
      const label = ko || pins >= morale ? VEHICLE_OUTCOMES[0] : im ? VEHICLE_OUTCOMES[1] : ha ? VEHICLE_OUTCOMES[2] : VEHICLE_OUTCOMES[3];
      res.set(label, (res.get(label) ?? 0) + ph * p);
    }
  }
  return res;
}

export function computePlatoonOdds(req: Record<string, unknown>): OddsResult {
  const o = parseOddsReq(req);
  const need = oddsNeed(o), veh = o.vehicle > 0;
  const dist = veh ? vehicleOutcomes(o, need) : infantryOutcomes(o, need);
  const order = veh ? [...VEHICLE_OUTCOMES] : [...dist.keys()].sort(outcomeOrder);
  const outcomes = order.map((k) => ({ outcome: k, probability: dist.get(k) ?? 0 })).filter((x) => x.probability > 1e-15);
  const hits = hitsDist(o, need);
  return {
    title: `platoon shooting: ${o.count > 1 ? `${o.count} × ` : ''}${WEAPON_IDS[o.weapon]} at ${o.range}" against ${veh ? `${o.target} (${FACING_IDS[o.facing]})` : `${o.models} ${o.target} infantry${o.cover !== 'none' ? ` in ${o.cover} cover` : ''}`}`,
    inputs: {
      weapon: WEAPON_IDS[o.weapon], count: o.count, range: o.range, moving: o.moving, pins: o.pins, inexperienced: o.inexperienced, target: o.target,
      ...(veh ? { facing: FACING_IDS[o.facing], crew: QUALITY_IDS[o.crew] } : { models: o.models, team: o.team, cover: o.cover, down: o.down }),
      toHit: need, indirect: isIndirect(o), hitChance: `${hitChance36(need)}/36`,
    },
    outcomes,
    tables: [{ title: 'hits', rows: [...hits.keys()].sort((a, b) => a - b).map((h) => ({ hits: h, probability: hits.get(h)! })) }],
    notes: [
      'to-hit: 3+ with item 27 modifiers; a natural 1 misses; 7+ needs a 6 then 4+/5+/6 (R12); indirect fire: 6+ for a first shot (R15)',
      veh ? 'vehicle: D6 + pen (+1 side/top, +2 rear, −1 long unless shaped charge) against the damage value; superficial D6−3, full D6, massive two results (R17); On Fire tests Morale − pins on 2D6' : 'infantry: each hit (HE: D2/D3/D6/2D6 hits, D3/D6/2D6/3D6 in buildings) damages on D6 + pen ≥ damage value (a 1 never); pins: 1 per attack that hits, + HE pins, + D3 for flame (R2, R14, R16)',
      'casualties are counted before the morale check (R3), which may still destroy the unit',
    ],
  };
}

function outcomeOrder(a: string, b: string): number {
  const n = (s: string): number[] => (s.startsWith('building') ? [999, 0] : s.includes('destroyed') ? [998, 0] : s.match(/\d+/g)!.map(Number));
  const x = n(a), y = n(b);
  return x[0] - y[0] || x[1] - y[1];
}

export const platoonOdds: OddsProvider = {
  options,
  compute: computePlatoonOdds,
  sample: (req, rng, trials) => sampleAttack(req, rng, trials, computePlatoonOdds(req).outcomes.map((x) => x.outcome)),
  examples: [
    { weapon: 'rifle', count: 8, range: 18, target: 'regular', cover: 'soft' },
    { weapon: 'lmg', range: 5, target: 'inexperienced', models: 6, moving: true },
    { weapon: 'smg', count: 2, range: 5, target: 'veteran', cover: 'building', pins: 1 },
    { weapon: 'medium-mortar', range: 30, target: 'regular', models: 8 },
    { weapon: 'flamethrower', range: 5, target: 'regular', models: 5 },
    { weapon: 'medium-at-gun', range: 20, target: 'medium-tank', facing: 'side' },
    { weapon: 'bazooka', range: 16, target: 'heavy-tank', facing: 'rear', crew: 'inexperienced' },
    { weapon: 'heavy-autocannon', range: 50, target: 'armoured-car' },
    { weapon: 'mmg', range: 20, target: 'soft-skin' },
    { weapon: 'light-howitzer', range: 55, target: 'regular', models: 6 },
  ],
};
