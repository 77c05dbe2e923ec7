/**
 * The statistics of the paired, sequential regression gate (`squadsim check CONFIG --against
 * REF`, issue 32). Pure functions; the command that plays the games is cli/check-against.ts.
 *
 * Data: for each gated metric k, the per-game paired difference d_i = current_i − reference_i
 * of game i, played by both builds on the same seed and game index (same dice, same map).
 *
 * The test: a two-sided **normal-mixture confidence sequence** for the mean difference θ_k
 * of each metric (Robbins' normal mixture, in the asymptotic form of Waudby-Smith, Arbour,
 * Sinha, Kennedy & Ramdas, "Time-uniform central limit theory and asymptotic confidence
 * sequences", Ann. Statist. 2024):
 *
 *   θ̂_n ± σ̂_n · √( 2(nρ² + 1) / (n²ρ²) · ln( √(nρ² + 1) / α_k ) )
 *
 * It covers θ_k at every n at once (time-uniformly) with probability ≥ 1 − α_k, so it may be
 * looked at after every batch and the run stopped on any rule that depends on what was seen
 * (optional stopping) without raising the false-alarm rate. ρ² is chosen before any game is
 * played to make the interval narrowest at the budget (`horizon`, exact Lambert-W optimum of
 * the same paper). α is split evenly over the m metrics (Bonferroni, α_k = α / m), so the
 * chance that *any* metric is flagged at *any* look when nothing changed is at most α.
 *
 * Two safeguards, both fixed before the run and both only ever widening the interval:
 * - σ̂²_n = (σ₀² + Σ(d_i − θ̂_n)²) / (n + 1): one prior pseudo-pair of variance σ₀² (the
 *   caller passes the variance the pairs would have if the two builds shared nothing, 2× the
 *   reference's per-game variance), so a few identical pairs never give a zero-width interval;
 *   its weight fades as 1/n.
 * - the interval reported is the running intersection of the intervals of every look so far
 *   (valid for the same reason as each one), so decisions never flip back and forth.
 *
 * Decisions per metric, with an equivalence tolerance δ_k:
 * - **equivalent**: the interval lies inside (−δ_k, +δ_k): any shift is smaller than the
 *   tolerance (a shift of δ_k or more is declared equivalent with probability ≤ α_k);
 * - **shifted**: not equivalent, and the interval excludes 0 (probability ≤ α_k when θ_k = 0);
 * - **undecided** otherwise: play on.
 * The gate stops when every metric is decided or the budget is spent; it fails when any
 * metric is shifted. Undecided metrics at the budget pass (no shift was shown).
 */

export const DEFAULT_GATE_ALPHA = 0.001;

/** The lower branch W₋₁ of Lambert's W (w·eʷ = x, w ≤ −1) for x in [−1/e, 0). */
export function lambertWm1(x: number): number {
  if (!(x >= -1 / Math.E && x < 0)) throw new RangeError(`lambertWm1 needs x in [-1/e, 0), got ${x}`);
  if (x === -1 / Math.E) return -1;
  // Start: the asymptotic expansion far from the branch point, the series around it near it.
  const l1 = Math.log(-x);
  let w = x < -0.25 ? -1 - Math.sqrt(2 * (1 + Math.E * x)) : l1 - Math.log(-l1);
  for (let i = 0; i < 60; i++) {
    const ew = Math.exp(w), f = w * ew - x;
    // Halley's step.
    const step = f / (ew * (w + 1) - ((w + 2) * f) / (2 * w + 2));
    w -= step;
    if (!(Math.abs(step) > 1e-15 * Math.abs(w))) break;
  }
  return w;
}

/** ρ² that makes the mixture interval narrowest at time `horizon`, for level `alpha` (exact optimum). */
export function bestRho2(horizon: number, alpha: number): number {
  if (!(horizon >= 1)) throw new RangeError(`horizon must be >= 1, got ${horizon}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  return (-lambertWm1((-alpha * alpha) / Math.E) - 1) / horizon;
}

/** Half-width of the mixture interval for unit variance after n pairs (multiply by σ̂). */
export function mixtureMargin(n: number, rho2: number, alpha: number): number {
  if (!(n >= 1)) return Infinity;
  const v = n * rho2 + 1;
  return Math.sqrt((2 * v * Math.log(Math.sqrt(v) / alpha)) / (n * n * rho2));
}

/** What is fixed before the first game: levels, the horizon the mixture is tuned for. */
export interface SequentialPlan {
  /** False-alarm rate of the whole gate: any metric, any look. */
  alpha: number;
  metrics: number;
  /** alpha / metrics (Bonferroni). */
  alphaEach: number;
  /** The budget in pairs the mixture is tuned for. */
  horizon: number;
  rho2: number;
}

export function sequentialPlan(alpha: number, metrics: number, horizon: number): SequentialPlan {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  if (!Number.isInteger(metrics) || metrics < 1) throw new RangeError(`metrics must be a positive integer, got ${metrics}`);
  const alphaEach = alpha / metrics;
  return { alpha, metrics, alphaEach, horizon, rho2: bestRho2(horizon, alphaEach) };
}

/** Count, mean and sum of squared deviations of a stream of values (Welford). */
export interface Moments {
  n: number;
  mean: number;
  m2: number;
}

export const emptyMoments = (): Moments => ({ n: 0, mean: 0, m2: 0 });

/** Adds one value to `m` (in place). */
export function addValue(m: Moments, x: number): void {
  m.n++;
  const d = x - m.mean;
  m.mean += d / m.n;
  m.m2 += d * (x - m.mean);
}

/** Adds the moments of another stream to `m` (in place; Chan et al.'s pairwise update). */
export function addMoments(m: Moments, b: Moments): void {
  if (b.n === 0) return;
  const n = m.n + b.n, d = b.mean - m.mean;
  m.m2 += b.m2 + (d * d * m.n * b.n) / n;
  m.mean += (d * b.n) / n;
  m.n = n;
}

/** A metric's settings, fixed before the run. */
export interface MetricSpec {
  /** δ: decided equivalent once the interval lies inside (−δ, +δ). */
  tolerance: number;
  /** σ₀²: the variance of the one prior pseudo-pair (see the file comment). */
  priorVariance: number;
}

export type Decision = 'equivalent' | 'shifted' | 'undecided';

export interface Interval {
  lo: number;
  hi: number;
}

/** The confidence-sequence interval of one look, from the moments of the differences so far. */
export function lookInterval(m: Moments, spec: MetricSpec, plan: SequentialPlan): Interval {
  if (m.n < 1) return { lo: -Infinity, hi: Infinity };
  const sd = Math.sqrt((spec.priorVariance + m.m2) / (m.n + 1));
  const half = sd * mixtureMargin(m.n, plan.rho2, plan.alphaEach);
  return { lo: m.mean - half, hi: m.mean + half };
}

/** The decision an interval supports (file comment). */
export function decide(iv: Interval, tolerance: number): Decision {
  if (iv.lo > -tolerance && iv.hi < tolerance) return 'equivalent';
  if (iv.lo > 0 || iv.hi < 0) return 'shifted';
  return 'undecided';
}

/** One metric during a run. */
export interface MetricTrack {
  moments: Moments;
  /** Running intersection of the intervals of every look so far. */
  lo: number;
  hi: number;
  decision: Decision;
  /** Pairs played when it was first decided; null while undecided. */
  decidedAt: number | null;
}

export interface Gate {
  plan: SequentialPlan;
  specs: MetricSpec[];
  tracks: MetricTrack[];
  looks: number;
}

export function newGate(plan: SequentialPlan, specs: MetricSpec[]): Gate {
  if (specs.length !== plan.metrics) throw new RangeError(`the plan is for ${plan.metrics} metrics, got ${specs.length}`);
  for (const s of specs) {
    if (!(s.tolerance > 0) || !Number.isFinite(s.tolerance)) throw new RangeError(`tolerance must be a positive number, got ${s.tolerance}`);
    if (!(s.priorVariance >= 0) || !Number.isFinite(s.priorVariance)) throw new RangeError(`priorVariance must be >= 0, got ${s.priorVariance}`);
  }
  return { plan, specs, looks: 0, tracks: specs.map(() => ({ moments: emptyMoments(), lo: -Infinity, hi: Infinity, decision: 'undecided', decidedAt: null })) };
}

/** Adds one pair's differences, one per metric in spec order. */
export function addPair(g: Gate, diffs: ArrayLike<number>): void {
  for (let k = 0; k < g.tracks.length; k++) addValue(g.tracks[k].moments, diffs[k]);
}

/**
 * A look: every metric's interval is intersected with this look's and its decision updated.
 * Returns true when every metric is decided (the gate may stop).
 */
export function look(g: Gate): boolean {
  g.looks++;
  for (let k = 0; k < g.tracks.length; k++) {
    const t = g.tracks[k], iv = lookInterval(t.moments, g.specs[k], g.plan);
    const lo = Math.max(t.lo, iv.lo), hi = Math.min(t.hi, iv.hi);
    // An empty intersection means some interval missed (an event of probability ≤ α_k):
    // keep this look's interval rather than report an empty one.
    if (lo <= hi) {
      t.lo = lo;
      t.hi = hi;
    } else {
      t.lo = iv.lo;
      t.hi = iv.hi;
    }
    t.decision = decide(t, g.specs[k].tolerance);
    if (t.decision !== 'undecided' && t.decidedAt === null) t.decidedAt = t.moments.n;
  }
  return allDecided(g);
}

export function allDecided(g: Gate): boolean {
  return g.tracks.every((t) => t.decision !== 'undecided');
}

/** True when some metric is shifted: the gate fails. */
export function gateFailed(g: Gate): boolean {
  return g.tracks.some((t) => t.decision === 'shifted');
}

/**
 * The shift δ a metric of per-pair standard deviation `sd` must have to be flagged with
 * probability ≈ `power` at `n` pairs (normal approximation: θ ≥ σ/√n · (margin·√n + z_power)).
 * For planning: the measured power is bench/gate-power.ts's.
 */
export function detectableShift(sd: number, n: number, plan: SequentialPlan, zPower = 1.2815515655446004): number {
  return (sd / Math.sqrt(n)) * (mixtureMargin(n, plan.rho2, plan.alphaEach) * Math.sqrt(n) + zPower);
}
