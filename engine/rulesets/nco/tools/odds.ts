/**
 * Exact outcome distribution of one NCO attack on one target (`squadsim odds nco`), by
 * enumerating every die: to-hit dice (items 33–36, R13), the grenade's scatter die (item
 * 47), the Lucky Trinket die (item 87), one wound die per hit (items 39, 49–54) and the
 * breakdown die (item 59). Every branch's weight is an integer over 6^9, so sums are exact.
 * The target number comes from rules/tohit.ts → hitTargetFor and the wound chart from rules/damage.ts,
 * the same functions the simulation uses; test/nco-odds.test.ts checks the result against
 * the engine's own shooting by Monte Carlo.
 */
import { ConfigError } from '../../../errors.ts';
import type { OddsProvider, OddsResult } from '../../../ruleset.ts';
import type { NcoRules } from '../data/params.ts';
import { woundHealth, woundPsyche } from '../rules/damage.ts';
import {
  hitChance36, hitTargetFor, SIT_ADVANCE, SIT_AREA, SIT_COVER, SIT_COVER_ORDER, SIT_COVERT, SIT_DEADEYE, SIT_DOWN,
  SIT_FOCUS, SIT_FULL_PSYCHE, SIT_HALF, SIT_HIGH, SIT_LMG_FOCUS_COVER, SIT_MOVED, SIT_RESPONSE, SIT_SCOPED_STACKS, SIT_WW,
} from '../rules/tohit.ts';
import {
  W_AS_COVER_FIRE, W_EXTRA_PSYCHE, W_GRENADE, W_HE, W_NO_ADVANCE, W_NO_COVER_FIRE, W_RIFLE, W_SCOPED, WEAPON_IDS,
} from '../data/weapons.ts';
import { compileWeaponStats, type WeaponStats } from '../data/nation-weapons.ts';
import { actionOf, ODDS_OPTIONS, type OddsRequest, readRequest } from './odds-options.ts';
import { sampleNco } from './odds-sample.ts';
import { closeCombatOdds } from './odds-close-combat.ts';
import { rallyOdds } from './odds-rally.ts';
import { sampleCloseCombat, sampleRally } from './odds-sample-melee.ts';
import { atLeast, readRules, round } from './odds-table.ts';

/** Every weight is a numerator over 6^D_EXP: 4 hit dice faces (two 7+ dice), scatter, trinket, 2 wounds, breakdown. */
const D_EXP = 9;
const D = 6 ** D_EXP;

/** Final states, in the order the table lists them. */
const STATES = ['not hit', 'hit', 'hit and pinned Down', 'broken down', 'snapped', 'incapacitated', 'killed'] as const;
type State = (typeof STATES)[number];

interface Tally {
  outcomes: Map<string, number>;
  order: Map<string, number>;
  states: Map<State, number>;
  hits: number[];
  /** By health lost (a casualty loses all) and psyche lost (index psyche+1: a casualty). */
  healthLost: number[];
  psycheLost: number[];
}

export const ncoOdds: OddsProvider = {
  options: ODDS_OPTIONS,
  compute,
  sample: (raw, rng, trials) => {
    const labels = compute(raw).outcomes.map((o) => o.outcome);
    const action = actionOf(raw);
    if (action === 'close-combat') return sampleCloseCombat(raw, rng, trials, labels);
    if (action === 'rally') return sampleRally(raw, rng, trials, labels);
    return sampleNco(raw, rng, trials, labels);
  },
  examples: [
    { weapon: 'rifle', distance: 15, health: 5, psyche: 5, cover: true, down: true },
    { weapon: 'smg', distance: 8, health: 5, psyche: 3, moved: true },
    { weapon: 'lmg', distance: 10, health: 4, psyche: 3, 'full-psyche': false },
    { weapon: 'flamethrower', distance: 8, health: 5, psyche: 4, down: true },
    { weapon: 'he', distance: 10, health: 5, psyche: 4 },
    { weapon: 'grenade', distance: 6, health: 3, psyche: 2 },
    { action: 'close-combat', attacker: 'corporal', defender: 'private' },
    { action: 'close-combat', attacker: 'engineer', 'attacker-weapon': 'he', defender: 'corporal', 'defender-fighting-instinct': true, 'defender-health': 3 },
    { action: 'close-combat', attacker: 'private-1st-class', defender: 'veteran-corporal', 'attacker-weapon': 'smg', 'defender-psyche': 0, rules: '{"cc_loser_zero_sticky":false}' },
    { action: 'rally', soldier: 'corporal', regain: 'psyche', current: 2 },
    { action: 'rally', soldier: 'sergeant', regain: 'psyche', current: 0 },
    { action: 'rally', soldier: 'medic', regain: 'health', current: 1 },
  ],
};

function compute(raw: Record<string, unknown>): OddsResult {
  const action = actionOf(raw);
  if (action === 'close-combat') return closeCombatOdds(raw);
  if (action === 'rally') return rallyOdds(raw);
  return shotOdds(raw);
}

function shotOdds(raw: Record<string, unknown>): OddsResult {
  const req = readRequest(raw);
  const rules = readRules(req.rules);
  const w = (WEAPON_IDS as readonly string[]).indexOf(req.weapon);
  const ws = compileWeaponStats(rules.nation_specific_table); // R22 weapons take their stats from rules
  checkCombination(req, w, rules, ws);
  const area = W_AS_COVER_FIRE[w] === 1 || req.attack === 'cover-fire';
  const range = (w === W_SCOPED && req.attack === 'advance' ? ws.range[W_RIFLE] : ws.range[w]);
  const half = rules.half_range_inclusive ? req.distance <= range / 2 : req.distance < range / 2;
  const tn = hitTargetFor(w, situation(req, area, half, rules));
  const p36 = hitChance36(tn, rules.max_hit_target);
  const dice = req.moved || req.attack === 'advance' ? ws.diceMoved[w] : ws.dice[w]; // R22 semi-automatic: 2 only when not moved
  const t: Tally = {
    outcomes: new Map(), order: new Map(), states: new Map(), hits: [0, 0, 0],
    healthLost: new Array<number>(req.health + 1).fill(0), psycheLost: new Array<number>(req.psyche + 2).fill(0),
  };
  // A grenade aimed at the target catches him on 4–6, and on 2 or 3 when the scatter stays within the blast.
  const caught = w === W_GRENADE ? grenadeCatch(req, rules) : 6;
  const hitWeights = dice === 2
    ? [(36 - p36) * (36 - p36), 2 * p36 * (36 - p36), p36 * p36]
    : [(36 - p36) * 36, p36 * 36]; // over 36^2 = 6^4 either way
  for (let k = 0; k < hitWeights.length; k++) {
    const base = hitWeights[k] * caught; // over 6^5
    if (base === 0) continue;
    if (k === 0) { record(t, 'no hit', -1, 'not hit', base * 6 ** (D_EXP - 5), 0, 0, 0); continue; }
    woundBranches(t, req, w, rules, area, k, base, ws.woundMod[w]);
  }
  if (caught < 6) record(t, 'no hit', -1, 'not hit', hitWeights.reduce((a, b) => a + b, 0) * (6 - caught) * 6 ** (D_EXP - 5), 0, 0, 0);
  return result(req, w, t, tn, p36, half, range, caught, rules, dice);
}

/** Orders and weapons that cannot go together (items 22, 28, 43, 44, 46, R18). */
function checkCombination(req: OddsRequest, w: number, rules: NcoRules, ws: WeaponStats): void {
  const bad = (why: string) => { throw new ConfigError('--attack', req.attack, `${why} (weapon ${req.weapon})`); };
  if (req.attack === 'advance' && W_NO_ADVANCE[w]) bad('is not allowed: LMG and HE cannot fire during an Advance (items 43, 46); allowed: fire, cover-fire, focus-fire' + (w === W_HE ? '' : ', response'));
  if (req.attack === 'advance' && w === W_GRENADE && !rules.grenade_with_advance) bad('is not allowed: rules.grenade_with_advance is false (R18)');
  if (req.attack === 'cover-fire' && W_NO_COVER_FIRE[w]) bad('is not allowed: a pistol cannot Cover Fire (item 44)');
  if (req.attack === 'cover-fire' && req.moved && ws.noCoverFireMoved[w]) bad('is not allowed: this weapon cannot Cover Fire after its carrier moved this turn (R22 BAR)');
  if (req.attack === 'cover-fire' && w === W_GRENADE) bad('is not allowed: a grenade is thrown with Fire, Focus Fire or Advance (R18)');
  if (req.attack === 'cover-fire' && req['walking-wounded']) bad('is not allowed: a Walking Wounded soldier cannot be given Cover Fire (items 22, 28)');
  if (req.attack === 'advance' && req['walking-wounded']) bad('is not allowed: a Walking Wounded soldier cannot be given Advance (item 28)');
  if (req.attack === 'response' && (w === W_HE || w === W_GRENADE)) bad('is not allowed: the response to an Assault uses the primary weapon or pistol, never the HE (item 46) or a grenade');
  let range = w === W_SCOPED && req.attack === 'advance' ? ws.range[W_RIFLE] : ws.range[w];
  // A grenade is aimed at the target's centre, measured from the thrower's base edge (rules/grenades.ts → canThrowTo).
  if (w === W_GRENADE && rules.measure === 'edge') range -= rules.base_radius_in;
  if (req.distance > range) throw new ConfigError('--distance', req.distance, `is beyond the ${req.weapon}'s range; allowed: 0 to ${range} (inches, base edge to base edge)`);
}

/** The situation bits of rules/tohit.ts for this request. */
function situation(req: OddsRequest, area: boolean, half: boolean, rules: NcoRules): number {
  let sit = area ? SIT_AREA : 0;
  const a = req.attack;
  if (a === 'cover-fire') sit |= SIT_COVER_ORDER;
  if (a === 'focus-fire') sit |= SIT_FOCUS;
  if (a === 'advance') sit |= SIT_ADVANCE | SIT_MOVED; // item 24: the shot follows the move
  if (a === 'response') sit |= SIT_RESPONSE;
  if (req.cover) sit |= SIT_COVER;
  if (req.down) sit |= req.covert ? SIT_DOWN | SIT_COVERT : SIT_DOWN;
  if (req.moved) sit |= SIT_MOVED;
  if (req['walking-wounded']) sit |= SIT_WW;
  if (req['full-psyche']) sit |= SIT_FULL_PSYCHE;
  if (half) sit |= SIT_HALF;
  if (req['high-ground']) sit |= SIT_HIGH;
  if (req.deadeye) sit |= SIT_DEADEYE;
  if (rules.lmg_focus_ignores_cover) sit |= SIT_LMG_FOCUS_COVER;
  if (rules.scoped_half_range_stacks) sit |= SIT_SCOPED_STACKS;
  return sit;
}

/** Scatter faces (of 6) that leave the target in the blast when the grenade is aimed at him (item 47, R18). */
function grenadeCatch(req: OddsRequest, rules: NcoRules): number {
  const edge = rules.measure === 'edge' ? rules.base_radius_in : 0;
  const reach = rules.grenade_blast_radius_in + edge;
  const centre = req.distance + 2 * edge; // thrower to target, centre to centre
  const s = rules.grenade_scatter_in;
  const shortBy = s < centre ? s : centre; // a short throw never lands behind the thrower
  return 3 + (s <= reach ? 1 : 0) + (shortBy <= reach ? 1 : 0);
}

/** Enumerates the Lucky Trinket and wound dice of k hits, then the damage (items 39, 49–60, 87). */
function woundBranches(t: Tally, req: OddsRequest, w: number, rules: NcoRules, area: boolean, k: number, base: number, woundMod: number): void {
  let wm = woundMod;
  if (req.deadeye && req.attack === 'focus-fire' && w !== W_GRENADE) wm += 1; // item 76 (a grenade is not aimed)
  const extra = W_EXTRA_PSYCHE[w];
  // Branch over: trinket (first hit only): graze (1/6) or roll; then each rolled die's six faces.
  const trinket = req['lucky-trinket'] ? 1 : 0;
  const rolls = k;
  for (let tr = 0; tr <= trinket; tr++) {
    // tr = 1: the trinket came up 6 → the first hit is a Graze with no wound die.
    const dieCount = tr === 1 ? rolls - 1 : rolls;
    const trW = trinket === 0 ? 6 : tr === 1 ? 1 : 5; // over 6
    const n = 6 ** dieCount;
    for (let c = 0; c < n; c++) {
      let h = 0, p = tr === 1 ? 1 : 0, dead = false, cc = c;
      for (let d = 0; d < dieCount; d++) {
        const r = (cc % 6) + 1 + wm;
        cc = (cc / 6) | 0;
        if (r >= 7) dead = true;
        h += woundHealth(r);
        p += woundPsyche(r) + extra; // R17
      }
      // base over 6^5; trinket over 6; dice over 6^dieCount; breakdown die later over 6.
      const weight = base * trW * 6 ** (rolls - dieCount) * 6 ** (D_EXP - 6 - rolls);
      applyDamage(t, req, rules, area, k, h, p, dead, weight);
    }
  }
}

/** Mirrors rules/damage.ts applyHits → loseHealth → losePsyche → breakdown for one set of wounds. */
function applyDamage(t: Tally, req: OddsRequest, rules: NcoRules, area: boolean, k: number, h: number, p: number, dead: boolean, weight: number): void {
  const dies = req.psyche + 1; // the psyche-lost index of a casualty
  if (dead || h >= req.health) return record(t, 'killed', 9e9, 'killed', weight, k, req.health, dies);
  let health = req.health - h, psyche = req.psyche;
  while (p > 0) {
    if (psyche === 1 && req.ruthless) { // item 60: health instead of psyche
      health--;
      p--;
      if (health <= 0) return record(t, 'killed', 9e9, 'killed', weight, k, req.health, dies);
      continue;
    }
    psyche--;
    p--;
    if (psyche === 0) break;
  }
  const lossH = req.health - health;
  if (psyche > 0) {
    const label = `−${lossH} health, −${req.psyche - psyche} psyche`;
    const pinned = area && !req.ordered;
    return record(t, label, lossH * 1000 + (req.psyche - psyche), pinned ? 'hit and pinned Down' : 'hit', weight, k, lossH, req.psyche - psyche);
  }
  const nth = req.breakdowns + 1; // items 57, 59, R9
  if (nth === 1 || (!rules.breakdown_table_every_time && nth > 2)) {
    return record(t, `broken down (psyche 0), −${lossH} health`, 1e6 + lossH, 'broken down', weight, k, lossH, req.psyche);
  }
  record(t, 'incapacitated', 8e9, 'incapacitated', (weight / 6) * 4, k, req.health, dies); // D6 1–4: a casualty
  record(t, 'snapped', 7e9, 'snapped', (weight / 6) * 2, k, lossH, req.psyche); // D6 5–6
}

function record(t: Tally, outcome: string, order: number, state: State, weight: number, hits: number, lossH: number, lossP: number): void {
  t.outcomes.set(outcome, (t.outcomes.get(outcome) ?? 0) + weight);
  t.order.set(outcome, order);
  t.states.set(state, (t.states.get(state) ?? 0) + weight);
  t.hits[hits] += weight;
  t.healthLost[lossH] += weight;
  t.psycheLost[lossP] += weight;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** "5/36" for numerator n over 6^9, reduced. */
export function fraction(n: number): string {
  if (n === 0) return '0';
  if (n === D) return '1';
  const g = gcd(n, D);
  return `${n / g}/${D / g}`;
}

function result(req: OddsRequest, w: number, t: Tally, tn: number, p36: number, half: boolean, range: number, caught: number, rules: NcoRules, dice: number): OddsResult {
  const total = [...t.outcomes.values()].reduce((a, b) => a + b, 0);
  if (total !== D) throw new Error(`odds do not sum to 1: ${total}/${D}`);
  const rows = [...t.outcomes.entries()].sort((a, b) => (t.order.get(a[0]) ?? 0) - (t.order.get(b[0]) ?? 0));
  const toHit: Record<string, string | number>[] = [
    { die: w === W_GRENADE ? 'scatter die' : 'hit dice', value: w === W_GRENADE ? `target in the blast on ${caught} of 6 faces` : `${dice} per target` },
    { die: 'target number', value: `${tn}+` + (tn > 6 ? ` (${tn <= rules.max_hit_target ? 'a 6, then ' + (tn - 2) + '+' : 'cannot hit'}; R13)` : '') },
    { die: 'chance per die', value: `${fraction(p36 * 6 ** (D_EXP - 2))} (${p36}/36)` },
    { die: 'range', value: `${req.distance}" of ${range}" (${half ? 'within half range' : 'beyond half range'})` },
  ];
  const hitRows = t.hits.slice(0, dice + 1).map((n, k, all) => ({ hits: k, probability: round(n / D), 'at least': round(atLeast(all, k) / D), exact: fraction(n) }));
  const healthRows = t.healthLost.map((n, k, all) => ({ 'health lost': k === req.health ? `${k} (casualty)` : String(k), probability: round(n / D), 'at least': round(atLeast(all, k) / D), exact: fraction(n) }));
  const alive = t.psycheLost.slice(0, -1); // "at least" over the survivors; the casualties are the last row
  const psycheRows = [
    ...alive.map((n, k) => ({ 'psyche lost': String(k), probability: round(n / D), 'at least': round(atLeast(alive, k) / D), exact: fraction(n) })),
    { 'psyche lost': 'casualty', probability: round(t.psycheLost[req.psyche + 1] / D), exact: fraction(t.psycheLost[req.psyche + 1]) },
  ];
  const st = (s: State) => t.states.get(s) ?? 0;
  const stateRows = STATES.filter((s) => (t.states.get(s) ?? 0) > 0).map((s) => ({ state: s, probability: round((t.states.get(s) ?? 0) / D), exact: fraction(t.states.get(s) ?? 0) }));
  const notes = [
    'Exact: every die is enumerated; fractions are reduced from a common denominator 6^9.',
    'The target takes no reactive Down here; pass --down to see the odds if he does (item 20).',
    `Losses after the attack; health ${req.health}, psyche ${req.psyche} before it. Killed includes a modified 7+ on the wound chart (item 53).`,
  ];
  if (W_AS_COVER_FIRE[w] || req.attack === 'cover-fire') notes.push('Area attack: this is the distribution for each soldier in the area, friend or foe, independently (items 22, 47).');
  return {
    title: `NCO: ${req.weapon} ${req.attack} at ${req.distance}"`,
    inputs: { ...req, toHit: `${tn}+` },
    outcomes: rows.map(([outcome, n]) => ({ outcome, probability: round(n / D), exact: fraction(n) })),
    tables: [
      { title: 'to hit', rows: toHit },
      { title: 'hits', rows: hitRows },
      { title: 'final state', rows: stateRows },
      { title: 'health lost (a casualty loses all)', rows: healthRows },
      { title: 'psyche lost (survivors; "at least" excludes the casualties)', rows: psycheRows },
    ],
    notes,
    summary: {
      'P(hit)': round(1 - t.hits[0] / D),
      ...(dice === 2 ? { 'P(2 hits)': round(t.hits[2] / D) } : {}),
      'P(broken down)': round(st('broken down') / D),
      'P(snapped)': round(st('snapped') / D),
      'P(killed)': round((st('killed') + st('incapacitated')) / D),
    },
  };
}
