/**
 * Fair costs from a fitted win model (docs/balance.md). With logit P(seat 1 wins) =
 * α + Σ β_k (n1_k − n2_k), a feature is fairly priced when β_k = λ·cost_k for one common λ
 * (the logit value of one point), so fair_k = β_k / λ. λ is the generalised-least-squares fit
 * of β on the printed costs over the "anchor" features; a feature is judged against a λ fitted
 * without itself, and features clearly inconsistent with the rest (beyond a Bonferroni bound
 * over the anchors) are dropped from the anchors one by one, most inconsistent first, so one
 * badly mis-priced feature cannot skew every other fair cost. Intervals come from the delta method on (β, λ) with β's full covariance.
 */
import { invertSpd } from './logistic.ts';
import { normalQuantile } from '../engine/stats.ts';

export { normalQuantile };

export interface CostedFeature {
  id: string;
  label: string;
  group: string;
  pool: string;
  /** Printed cost (after overrides). */
  cost: number;
}

export type CostFlag = 'over-costed' | 'under-costed' | 'ok';

export interface FairCostRow extends CostedFeature {
  fairCost: number;
  interval: [number, number];
  flag: CostFlag;
  /** β_k: logit change per unit more than the opponent. */
  coefficient: number;
  se: number;
  /** Whether the feature is one of the anchors that set the point scale λ. */
  anchor: boolean;
}

export interface FairCosts {
  rows: FairCostRow[];
  /** Logit value of one point, fitted on the anchors, and its standard error. */
  lambda: number;
  lambdaSe: number;
  /** Priced features dropped from the anchors, in the order they were dropped. */
  dropped: string[];
}

/** Two-sided normal quantile for a confidence level (e.g. 0.95 → 1.959964). */
export function zFor(confidence: number): number {
  return normalQuantile(0.5 + confidence / 2);
}

interface Scale {
  lambda: number;
  lambdaSe: number;
  /** dλ/dβ over all K features (0 outside the subset). */
  grad: number[];
}

/**
 * GLS fits of β_S = λ·c_S over an anchor set S: λ = c'Σ⁻¹β / c'Σ⁻¹c, Var λ = 1 / c'Σ⁻¹c.
 * Σ_S is inverted once per anchor set; each leave-one-out fit comes from that inverse by the
 * block-inverse identity (Σ_{S−d})⁻¹c = u − inv[·,d]·u_d / inv[d,d] with u = Σ_S⁻¹c, so the
 * balance bootstrap's thousands of leave-one-out scales cost O(|S|) each, not a new inversion.
 */
class AnchorScales {
  private readonly inv: Float64Array;
  private readonly u: number[];
  constructor(private readonly subset: readonly number[], private readonly c: readonly number[], private readonly beta: readonly number[], cov: readonly number[], private readonly k: number) {
    const m = subset.length;
    const sub = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) sub[i * m + j] = cov[subset[i] * k + subset[j]];
    this.inv = invertSpd(sub, m);
    this.u = matVec(this.inv, subset.map((a) => c[a]), m);
  }
  /** The scale over the whole set (drop = −1) or over the set without its feature `drop`. */
  scale(drop = -1): Scale {
    const { subset, inv, u, c, beta, k } = this;
    const m = subset.length, d = subset.indexOf(drop);
    const s = d < 0 ? u : u.map((v, i) => (i === d ? 0 : v - (inv[i * m + d] * u[d]) / inv[d * m + d]));
    let denom = 0, num = 0;
    for (let i = 0; i < m; i++) {
      denom += s[i] * c[subset[i]];
      num += s[i] * beta[subset[i]];
    }
    const grad = new Array<number>(k).fill(0);
    for (let i = 0; i < m; i++) grad[subset[i]] = s[i] / denom;
    return { lambda: num / denom, lambdaSe: Math.sqrt(1 / denom), grad };
  }
}

function judge(f: CostedFeature, j: number, s: Scale, beta: readonly number[], cov: readonly number[], k: number, z: number, anchor: boolean): FairCostRow & { zScore: number } {
  const { lambda } = s;
  const fair = beta[j] / lambda;
  // Delta method: d(β_j/λ)/dβ = e_j/λ − β_j/λ² · dλ/dβ.
  const g = s.grad.map((v, i) => (i === j ? 1 / lambda : 0) - (beta[j] / (lambda * lambda)) * v);
  const se = Math.sqrt(Math.max(0, dotv(g, matVec(cov, g, k))));
  const interval: [number, number] = [fair - z * se, fair + z * se];
  const flag: CostFlag = f.cost > interval[1] ? 'over-costed' : f.cost < interval[0] ? 'under-costed' : 'ok';
  return { ...f, fairCost: fair, interval, flag, coefficient: beta[j], se: Math.sqrt(cov[j * k + j]), anchor, zScore: se > 0 ? (f.cost - fair) / se : 0 };
}

/**
 * `beta` and `cov` (K × K, row-major) are the feature coefficients and their covariance
 * (the intercept removed); `features[k]` is the feature of beta[k].
 */
export function fairCosts(
  features: readonly CostedFeature[], beta: readonly number[], cov: readonly number[], confidence: number, scale: PointScale = 'anchors', rosterWeights?: readonly number[],
): FairCosts {
  const k = features.length;
  if (beta.length !== k || cov.length !== k * k) throw new RangeError('fairCosts: sizes differ');
  const c = features.map((f) => f.cost);
  const priced = [...c.keys()].filter((j) => c[j] > 0);
  if (priced.length < 2) throw new RangeError('fairCosts: fewer than two features have a printed cost above 0, so there is no point scale to fit');
  const z = zFor(confidence);
  if (scale === 'roster') {
    if (!rosterWeights) throw new RangeError('fairCosts: the roster scale needs the mean count of each feature');
    return rosterScaled(features, beta, cov, c, rosterWeights, z);
  }
  if (scale === 'robust') return huberScaled(features, beta, cov, c, priced, z);
  let anchors = priced;
  const dropped: string[] = [];
  // Each anchor is judged against the scale of the other anchors (leave one out).
  let scales = new AnchorScales(anchors, c, beta, cov, k);
  const looRow = (j: number) => judge(features[j], j, scales.scale(j), beta, cov, k, z, true);
  const minAnchors = Math.max(2, Math.ceil(priced.length / 2));
  while (anchors.length > minAnchors) {
    let worst = -1, worstZ = 0;
    for (const j of anchors) {
      const r = looRow(j);
      if (r.flag !== 'ok' && Math.abs(r.zScore) > worstZ) {
        worst = j;
        worstZ = Math.abs(r.zScore);
      }
    }
    // Drop only a clear outlier: Bonferroni over the anchors, so chance flags do not thin the scale.
    if (worst < 0 || worstZ <= zFor(1 - (1 - confidence) / anchors.length)) break;
    dropped.push(features[worst].id);
    anchors = anchors.filter((a) => a !== worst);
    scales = new AnchorScales(anchors, c, beta, cov, k);
  }
  const all = scales.scale();
  const rows = features.map((f, j) => {
    const { zScore: _z, ...row } = anchors.includes(j) ? looRow(j) : judge(f, j, all, beta, cov, k, z, false);
    return row;
  });
  return { rows, lambda: all.lambda, lambdaSe: all.lambdaSe, dropped };
}

/** How one point is defined (docs/balance.md, "The point scale"). */
export type PointScale = 'robust' | 'anchors' | 'roster';

/** Huber's tuning constant: 95% efficiency when every price is right, bounded pull when one is not. */
const HUBER_K = 1.345;

/**
 * The robust scale: λ is Huber's M-estimate of β_k = λ·c_k over the priced features, each
 * residual in units of its own SE (weighted least squares, weights ω_k = min(1, K/|r_k|) by
 * iteration). A feature far off the line pulls λ by a bounded amount instead of all of it,
 * like the anchor scale's drops, but the loss is convex: λ is unique and moves smoothly with
 * the data, so no discrete choice of anchors can flip between seeds (on Platoon's sweeps the
 * anchor scale's λ differed 2.7× between two seeds and contradicted 2–6 calls a seed pair).
 */
function huberScaled(features: readonly CostedFeature[], beta: readonly number[], cov: readonly number[], c: readonly number[], priced: readonly number[], z: number): FairCosts {
  const k = features.length;
  const sd = priced.map((j) => Math.sqrt(cov[j * k + j]));
  const w = priced.map(() => 1);
  let lambda = 0;
  for (let it = 0; it < 100; it++) {
    let num = 0, den = 0;
    priced.forEach((j, i) => {
      num += (w[i] * c[j] * beta[j]) / sd[i] ** 2;
      den += (w[i] * c[j] * c[j]) / sd[i] ** 2;
    });
    const next = num / den;
    priced.forEach((j, i) => {
      const r = Math.abs(beta[j] - next * c[j]) / sd[i];
      w[i] = r <= HUBER_K ? 1 : HUBER_K / r;
    });
    const done = Math.abs(next - lambda) <= 1e-12 * Math.max(1e-12, Math.abs(next));
    lambda = next;
    if (done) break;
  }
  // dλ/dβ at the final weights (weights held fixed); the pair bootstrap gives the honest SE.
  let den = 0;
  priced.forEach((j, i) => (den += (w[i] * c[j] * c[j]) / sd[i] ** 2));
  const grad = new Array<number>(k).fill(0);
  priced.forEach((j, i) => (grad[j] = (w[i] * c[j]) / sd[i] ** 2 / den));
  const lambdaSe = Math.sqrt(Math.max(0, dotv(grad, matVec(cov, grad, k))));
  const sc = { lambda, lambdaSe, grad };
  const down = priced.filter((_, i) => w[i] < 0.5).map((j) => features[j].id);
  const rows = features.map((f, j) => {
    const { zScore: _z, ...row } = judge(f, j, sc, beta, cov, k, z, c[j] > 0);
    return row;
  });
  return { rows, lambda, lambdaSe, dropped: down };
}

/**
 * The roster scale: λ = Σ w_k β_k / Σ w_k c_k with w_k the mean count of feature k per
 * random roster, i.e. one point is what the average roster's points buy, so the fair costs
 * of an average roster add up to its printed total. A linear functional of β: no anchors are
 * chosen, so no discrete choice can flip between seeds (the anchor scale's weakness when
 * many prices disagree with play in both directions).
 */
function rosterScaled(features: readonly CostedFeature[], beta: readonly number[], cov: readonly number[], c: readonly number[], w: readonly number[], z: number): FairCosts {
  const k = features.length;
  const wc = w.reduce((s, v, j) => s + v * c[j], 0);
  if (!(wc > 0)) throw new RangeError('fairCosts: the average roster has no printed points, so there is no point scale to fit');
  const lambda = w.reduce((s, v, j) => s + v * beta[j], 0) / wc;
  const grad = w.map((v) => v / wc);
  const lambdaSe = Math.sqrt(Math.max(0, dotv(grad, matVec(cov, grad, k))));
  const scale = { lambda, lambdaSe, grad };
  const rows = features.map((f, j) => {
    const { zScore: _z, ...row } = judge(f, j, scale, beta, cov, k, z, c[j] > 0);
    return row;
  });
  return { rows, lambda, lambdaSe, dropped: [] };
}

function matVec(m: ArrayLike<number>, v: readonly number[], k: number): number[] {
  const out = new Array<number>(k).fill(0);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) out[i] += m[i * k + j] * v[j];
  return out;
}

function dotv(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

