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

export function meanLethality(g: OwamGame, s: number, r: number): number {
  const e = gridEntry(g.scn.sWeapon[s], usesAlt(g, s), r);
  if (e < 0) return 0;
  let m = 0;
  for (let k = 0; k < GRID_LEN[e]; k++) m += MEAN[GRID_DIE[e * 3 + k]];
  return m;
}

/** Variance of a CCS colour (a uniform d4/d6/d8): (n² − 1) / 12. */
export const VAR = [15 / 12, 35 / 12, 63 / 12];

/** Variance of firer s's total at range r with `dd` Discipline flips. */
export function totalVariance(g: OwamGame, s: number, r: number, dd: number): number {
  const e = gridEntry(g.scn.sWeapon[s], usesAlt(g, s), r);
  let v = dd * VAR[RANK_DISCIPLINE[g.scn.sRank[s]]];
  if (e >= 0) for (let k = 0; k < GRID_LEN[e]; k++) v += VAR[GRID_DIE[e * 3 + k]];
  return v;
}

/** P(total ≥ x) for a total of mean m and variance v (normal approximation, continuity-corrected). */
export function pAtLeast(m: number, v: number, x: number): number {
  const z = (m - x + 0.5) / Math.sqrt(v > 0 ? v : 1);
  // Abramowitz–Stegun 7.1.26 for erf.
  const t = 1 / (1 + 0.3275911 * Math.abs(z / Math.SQRT2));
  const y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Mean total of firer s (FT f) at enemy FT e. */
export function meanTotal(g: OwamGame, f: number, s: number, e: number): number {
  const r = range(g, g.fCell[f], g.fCell[e]);
  return meanLethality(g, s, r) - ddFlips(g, f, s, e, r) * MEAN[RANK_DISCIPLINE[g.scn.sRank[s]]] + additiveMods(g, f, e);
}

/** Mean Resolve and Vitality of FT e's soldiers. */
export function meanResolve(g: OwamGame, e: number): number {
  let t = 0;
  for (let k = 0; k < g.fSize[e]; k++) t += RANK_RESOLVE[g.scn.sRank[g.member(e, k)]];
  return g.fSize[e] ? t / g.fSize[e] : 99;
}

export function meanVitality(g: OwamGame, e: number): number {
  let t = 0;
  for (let k = 0; k < g.fSize[e]; k++) t += RANK_VITALITY[g.scn.sRank[g.member(e, k)]];
  return g.fSize[e] ? t / g.fSize[e] : 99;
}

/**
 * The value of an attack by FT f on enemy FT e with `count` firers: for the best firers,
 * the chance to reach the targets' mean Resolve (suppress) plus twice the chance to reach
 * their mean Vitality (kill), by a normal approximation of each total. −1e9 when it
 * cannot attack.
 */
export function attackValue(g: OwamGame, f: number, e: number, count: number): number {
  if (!canAttack(g, f, e)) return -1e9;
  const r = range(g, g.fCell[f], g.fCell[e]);
  const n = firersFor(g, f, r);
  const res = meanResolve(g, e), vit = meanVitality(g, e);
  let best = 0, used = 0;
  for (let pass = 0; pass < count && pass < n; pass++) {
    let bi = -1, bv = -1e9;
    for (let k = 0; k < n; k++) {
      const s = g.cand[k];
      if (s < 0) continue;
      const m = meanTotal(g, f, s, e), v = totalVariance(g, s, r, ddFlips(g, f, s, e, r));
      const val = pAtLeast(m, v, res) + 2 * pAtLeast(m, v, vit);
      if (val > bv) { bv = val; bi = k; }
    }
    if (bi < 0) break;
    g.cand[bi] = -1;
    best += bv;
    used++;
  }
  return used === 0 ? -1e9 : best * (1 + 0.25 * bestMarginBias(g, e));
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
