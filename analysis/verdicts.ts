/**
 * Balance verdicts a designer can act on (issue 13), from the fair costs of fair-cost.ts:
 *
 * - **Multiple testing.** Each feature's printed cost is tested against its fair cost
 *   (z = (printed − fair) / se, two-sided p). A sweep fits dozens of features, so the flags
 *   control the false discovery rate with Benjamini–Hochberg at q = 1 − confidence: among
 *   the features flagged, at most that share are expected to be flagged by chance. Each
 *   feature carries its BH-adjusted q-value.
 * - **Shrinkage.** A small sweep gives wild fair costs (even negative ones) for features it
 *   saw little of. The suggested cost is an empirical-Bayes estimate with limited
 *   translation (Efron and Morris 1972): fair costs scatter around the printed ones with a
 *   spread τ estimated from all priced features (method of moments: τ² = mean((fair −
 *   printed)² − se²), at least 0), so each feature's fair cost is pulled toward its printed
 *   cost by the share se² / (se² + τ²), the more the less it was measured; but never by more
 *   than one standard error, so a clearly measured mis-price is not talked back.
 * - **Explanations.** A negative fair cost gets a note: clearly negative (its whole interval
 *   below 0), with what to look at, or within noise of a small value.
 * - **Ranking.** The flagged features, clearest first (by q, then |z|), with the suggested cost.
 */
import { twoSidedP } from './stat-tests.ts';
import type { FairCostRow } from './fair-cost.ts';

export interface Verdict {
  /** (printed − fair) / se of the fair cost. */
  z: number;
  pValue: number;
  /** Benjamini–Hochberg adjusted p-value over all fitted features. */
  qValue: number;
  /** Empirical-Bayes estimate, shrunk toward the printed cost by at most one standard error. */
  suggestedCost: number;
  note: string | null;
}

export interface Verdicts {
  rows: Verdict[];
  /** Spread of true fair costs around printed ones (points), estimated from the sweep. */
  tau: number;
  /** Flagged features, clearest first. */
  ranked: { id: string; label: string; flag: 'over-costed' | 'under-costed'; printed: number; fair: number; suggested: number; qValue: number }[];
}

/** Benjamini–Hochberg adjusted p-values (step-up), in the input order. */
export function bhAdjust(p: readonly number[]): number[] {
  const m = p.length, order = [...p.keys()].sort((a, b) => p[a] - p[b]);
  const q = new Array<number>(m);
  let min = 1;
  for (let r = m - 1; r >= 0; r--) {
    const i = order[r];
    min = Math.min(min, (p[i] * m) / (r + 1));
    q[i] = min;
  }
  return q;
}

/** Applies FDR-controlled flags (mutating each row's flag) and returns the verdicts. */
export function verdicts(rows: FairCostRow[], z: number, fdr: number): Verdicts {
  const se = rows.map((r) => (r.interval[1] - r.interval[0]) / (2 * z));
  const zs = rows.map((r, k) => (se[k] > 0 ? (r.cost - r.fairCost) / se[k] : 0));
  const p = zs.map((x) => twoSidedP(x));
  const q = bhAdjust(p);
  const priced = rows.map((_, k) => k).filter((k) => rows[k].cost > 0);
  const tau2 = priced.length > 0 ? Math.max(0, priced.reduce((s, k) => s + (rows[k].fairCost - rows[k].cost) ** 2 - se[k] ** 2, 0) / priced.length) : 0;
  const out = rows.map((r, k): Verdict => {
    r.flag = q[k] <= fdr ? (r.cost > r.fairCost ? 'over-costed' : 'under-costed') : 'ok';
    const w = tau2 + se[k] ** 2 > 0 ? tau2 / (tau2 + se[k] ** 2) : 0; // weight on the sweep's own estimate
    const pull = (1 - w) * (r.cost - r.fairCost), limit = se[k];
    const shrunk = r.fairCost + (pull > limit ? limit : pull < -limit ? -limit : pull);
    let note: string | null = null;
    if (r.interval[1] < 0) {
      note = 'clearly negative: rosters that took it lost more than rosters that spent the points elsewhere, so no price of 0 or more makes it fair. '
        + 'Either the players do not use it well (check its use in a trace), it displaces something better at this budget (a non-fighter for a fighter, a long-range weapon for a short one), or the rule itself hurts its carrier; price it at 0 and look at why';
    } else if (r.fairCost < -0.05) {
      note = `negative estimate ${r.fairCost.toFixed(1)}, but within noise of 0 or a small value: worth little to these players; the suggested cost is pulled toward the printed one`;
    }
    return { z: zs[k], pValue: p[k], qValue: q[k], suggestedCost: shrunk, note };
  });
  const ranked = rows
    .map((r, k) => ({ r, k }))
    .filter(({ r }) => r.flag !== 'ok')
    .sort((a, b) => q[a.k] - q[b.k] || Math.abs(zs[b.k]) - Math.abs(zs[a.k]))
    .map(({ r, k }) => ({ id: r.id, label: r.label, flag: r.flag as 'over-costed' | 'under-costed', printed: r.cost, fair: r.fairCost, suggested: out[k].suggestedCost, qValue: q[k] }));
  return { rows: out, tau: Math.sqrt(tau2), ranked };
}
