/**
 * Expected values the scripted players judge by: mean totals of a Firing Sequence, the
 * value of attacking an enemy FT, the threat at a card. Means of CCS colours: R 2.5,
 * G 3.5, B 4.5 (ignoring jams: a small, common bias for all targets).
 */
import { GRID_DIE, GRID_LEN, RANK_DISCIPLINE, RANK_RESOLVE, RANK_VITALITY } from '../data/soldiers.ts';
import { additiveMods, canAttack, ddFlips, firersFor } from '../rules/attack.ts';
import { gridEntry, usesAlt } from '../rules/fire.ts';
import { los, range } from '../rules/map.ts';
import { WOUNDED, type OwamGame } from '../rules/state.ts';

export const MEAN = [2.5, 3.5, 4.5];

/**
 * Results of the *Into estimates: a double argument or result is boxed on every call V8
 * does not inline, and the scripted players weigh every firer against every target
 * (docs/gc-audit.md). [0] lethality, [1] mean Resolve, [2] mean Vitality, [3] mean total,
 * [4] total variance, [5] attack value, [6] P(total ≥ EST[k]).
 */
export const EST = new Float64Array(7);

export function meanLethality(g: OwamGame, s: number, r: number): number {
  lethalityInto(g, s, r);
  return EST[0];
}

/** meanLethality into EST[0]. */
export function lethalityInto(g: OwamGame, s: number, r: number): void {
  const e = gridEntry(g.scn.sWeapon[s], usesAlt(g, s), r);
  let m = 0;
  if (e >= 0) for (let k = 0; k < GRID_LEN[e]; k++) m += MEAN[GRID_DIE[e * 3 + k]];
  EST[0] = m;
}

/** Variance of a CCS colour (a uniform d4/d6/d8): (n² − 1) / 12. */
export const VAR = [15 / 12, 35 / 12, 63 / 12];

/** Variance of firer s's total at range r with `dd` Discipline flips. */
export function totalVariance(g: OwamGame, s: number, r: number, dd: number): number {
  varianceInto(g, s, r, dd);
  return EST[4];
}

/** totalVariance into EST[4]. */
function varianceInto(g: OwamGame, s: number, r: number, dd: number): void {
  const e = gridEntry(g.scn.sWeapon[s], usesAlt(g, s), r);
  let v = dd * VAR[RANK_DISCIPLINE[g.scn.sRank[s]]];
  if (e >= 0) for (let k = 0; k < GRID_LEN[e]; k++) v += VAR[GRID_DIE[e * 3 + k]];
  EST[4] = v;
}

/** P(total ≥ x) for a total of mean m and variance v (normal approximation, continuity-corrected). */
export function pAtLeast(m: number, v: number, x: number): number {
  EST[3] = m; EST[4] = v; EST[1] = x;
  pAtLeastInto(1);
  return EST[6];
}

/** pAtLeast(EST[3], EST[4], EST[k]) into EST[6]. */
function pAtLeastInto(k: number): void {
  const m = EST[3], v = EST[4], x = EST[k];
  const z = (m - x + 0.5) / Math.sqrt(v > 0 ? v : 1);
  // Abramowitz–Stegun 7.1.26 for erf.
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  EST[6] = z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Mean total of firer s (FT f) at enemy FT e. */
export function meanTotal(g: OwamGame, f: number, s: number, e: number): number {
  meanTotalInto(g, f, s, e);
  return EST[3];
}

/** meanTotal into EST[3]. */
function meanTotalInto(g: OwamGame, f: number, s: number, e: number): void {
  const r = range(g, g.fCell[f], g.fCell[e]);
  lethalityInto(g, s, r);
  EST[3] = EST[0] - ddFlips(g, f, s, e, r) * MEAN[RANK_DISCIPLINE[g.scn.sRank[s]]] + additiveMods(g, f, e);
}

/** Mean Resolve and Vitality of FT e's soldiers. */
export function meanResolve(g: OwamGame, e: number): number {
  meansInto(g, e);
  return EST[1];
}

export function meanVitality(g: OwamGame, e: number): number {
  meansInto(g, e);
  return EST[2];
}

/** meanResolve into EST[1] and meanVitality into EST[2]. */
function meansInto(g: OwamGame, e: number): void {
  let t = 0, u = 0;
  for (let k = 0; k < g.fSize[e]; k++) {
    t += RANK_RESOLVE[g.scn.sRank[g.member(e, k)]];
    u += RANK_VITALITY[g.scn.sRank[g.member(e, k)]];
  }
  EST[1] = g.fSize[e] ? t / g.fSize[e] : 99;
  EST[2] = g.fSize[e] ? u / g.fSize[e] : 99;
}

/**
 * The value of an attack by FT f on enemy FT e with `count` firers: for the best firers,
 * the chance to reach the targets' mean Resolve (suppress) plus twice the chance to reach
 * their mean Vitality (kill), by a normal approximation of each total. −1e9 when it
 * cannot attack.
 */
export function attackValue(g: OwamGame, f: number, e: number, count: number): number {
  attackValueInto(g, f, e, count);
  return EST[5];
}

/** attackValue into EST[5]. */
export function attackValueInto(g: OwamGame, f: number, e: number, count: number): void {
  EST[5] = -1e9;
  if (!canAttack(g, f, e)) return;
  const r = range(g, g.fCell[f], g.fCell[e]);
  const n = firersFor(g, f, r);
  meansInto(g, e); // Resolve in EST[1], Vitality in EST[2], read by pAtLeastInto
  let best = 0, used = 0;
  for (let pass = 0; pass < count && pass < n; pass++) {
    let bi = -1, bv = -1e9;
    for (let k = 0; k < n; k++) {
      const s = g.cand[k];
      if (s < 0) continue;
      meanTotalInto(g, f, s, e);
      varianceInto(g, s, r, ddFlips(g, f, s, e, r));
      pAtLeastInto(1);
      const pRes = EST[6];
      pAtLeastInto(2);
      const val = pRes + 2 * EST[6];
      if (val > bv) { bv = val; bi = k; }
    }
    if (bi < 0) break;
    g.cand[bi] = -1;
    best += bv;
    used++;
  }
  if (used > 0) EST[5] = best * (1 + 0.25 * bestMarginBias(g, e));
}

/** Soldiers left in a target FT make finishing it attractive; wounded soldiers are spent. */
function bestMarginBias(g: OwamGame, e: number): number {
  let fit = 0;
  for (let k = 0; k < g.fSize[e]; k++) if (g.cond[g.member(e, k)] !== WOUNDED) fit++;
  return fit <= 2 ? 1 : 0;
}

/** Enemy FTs that could see card c (a threat count for movement). */
export function exposure(g: OwamGame, side: number, c: number): number {
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const e = (1 - side) * 4 + k;
    if (g.fAlive[e] && g.fCell[e] >= 0 && range(g, g.fCell[e], c) <= 5 && los(g, g.fCell[e], c)) n++;
  }
  return n;
}

export function cover(g: OwamGame, c: number): number {
  return g.scn.terrainDefense[g.terrain[c]] + (g.entrench[c] ? 1 : 0);
}
