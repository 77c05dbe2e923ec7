/**
 * Binomial logistic regression by iteratively reweighted least squares (IRLS), small and
 * exact: logit P(success) = Xβ, fitted to `successes` out of `trials` per row. Successes may
 * be fractional (a draw counts ½), which makes it a quasi-binomial fit; standard errors are
 * then scaled by the Pearson dispersion when it is above 1.
 */

export interface LogisticData {
  /** Row-major design matrix, rows × cols (include a column of 1s for an intercept). */
  x: Float64Array;
  rows: number;
  cols: number;
  successes: Float64Array;
  trials: Float64Array;
}

export interface LogisticFit {
  beta: number[];
  /** Covariance of beta, cols × cols row-major, already scaled by max(1, dispersion). */
  cov: number[];
  se: number[];
  iterations: number;
  converged: boolean;
  deviance: number;
  nullDeviance: number;
  /** Pearson χ² / (rows − cols). */
  dispersion: number;
}

const MAX_ITER = 50;
const TOL = 1e-10;

export function fitLogistic(d: LogisticData): LogisticFit {
  const { x, rows: n, cols: p, successes: y, trials: m } = d;
  if (x.length !== n * p || y.length !== n || m.length !== n) throw new RangeError('fitLogistic: inconsistent sizes');
  if (n <= p) throw new RangeError(`fitLogistic: ${n} rows cannot fit ${p} coefficients`);
  let beta = new Array<number>(p).fill(0);
  const xtwx = new Float64Array(p * p);
  const xtwz = new Float64Array(p);
  let iterations = 0;
  let converged = false;
  for (; iterations < MAX_ITER && !converged; iterations++) {
    xtwx.fill(0);
    xtwz.fill(0);
    for (let i = 0; i < n; i++) {
      const eta = dot(x, i * p, beta, p);
      const mu = sigmoid(eta);
      // Floor the weight so rows with fitted probability near 0 or 1 do not make X'WX singular.
      const w = Math.max(m[i] * mu * (1 - mu), 1e-12);
      const z = eta + (y[i] - m[i] * mu) / w;
      for (let a = 0; a < p; a++) {
        const xa = x[i * p + a] * w;
        if (xa === 0) continue;
        xtwz[a] += xa * z;
        for (let b = 0; b <= a; b++) xtwx[a * p + b] += xa * x[i * p + b];
      }
    }
    for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) xtwx[b * p + a] = xtwx[a * p + b];
    const next = solveSpd(xtwx, xtwz, p);
    let step = 0;
    for (let a = 0; a < p; a++) step = Math.max(step, Math.abs(next[a] - beta[a]));
    beta = next;
    converged = step < TOL * (1 + Math.max(...beta.map(Math.abs)));
  }
  // Information matrix and statistics at the final beta.
  const info = new Float64Array(p * p);
  let deviance = 0, pearson = 0, sy = 0, sm = 0;
  for (let i = 0; i < n; i++) {
    const mu = sigmoid(dot(x, i * p, beta, p));
    const w = m[i] * mu * (1 - mu);
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) info[a * p + b] += x[i * p + a] * w * x[i * p + b];
    deviance += devianceTerm(y[i], m[i], mu);
    pearson += w > 0 ? (y[i] - m[i] * mu) ** 2 / w : 0;
    sy += y[i];
    sm += m[i];
  }
  let nullDeviance = 0;
  for (let i = 0; i < n; i++) nullDeviance += devianceTerm(y[i], m[i], sy / sm);
  const dispersion = pearson / (n - p);
  const scale = Math.max(1, dispersion);
  const cov = Array.from(invertSpd(info, p), (v) => v * scale);
  const se = beta.map((_, a) => Math.sqrt(cov[a * p + a]));
  return { beta, cov, se, iterations, converged, deviance, nullDeviance, dispersion };
}

export function sigmoid(t: number): number {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}

function dot(x: Float64Array, off: number, b: readonly number[], p: number): number {
  let s = 0;
  for (let a = 0; a < p; a++) s += x[off + a] * b[a];
  return s;
}

function xlogy(a: number, b: number): number {
  return a > 0 ? a * Math.log(a / b) : 0;
}

/** 2·[y log(y/mμ) + (m−y) log((m−y)/(m(1−μ)))]: this row's share of the binomial deviance. */
function devianceTerm(y: number, m: number, mu: number): number {
  return 2 * (xlogy(y, m * mu) + xlogy(m - y, m * (1 - mu)));
}

/** Cholesky factor L (lower, row-major) of a symmetric positive definite matrix. */
export function cholesky(a: ArrayLike<number>, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    let d = a[j * p + j];
    for (let k = 0; k < j; k++) d -= l[j * p + k] ** 2;
    if (!(d > 1e-12 * Math.max(1, Math.abs(a[j * p + j])))) {
      throw new RangeError(`matrix is singular at column ${j}: a coefficient is not identified by the data (a feature that never varies, or one that is a fixed combination of others)`);
    }
    l[j * p + j] = Math.sqrt(d);
    for (let i = j + 1; i < p; i++) {
      let s = a[i * p + j];
      for (let k = 0; k < j; k++) s -= l[i * p + k] * l[j * p + k];
      l[i * p + j] = s / l[j * p + j];
    }
  }
  return l;
}

/** Solves A·v = b for symmetric positive definite A (p × p, row-major). */
export function solveSpd(a: ArrayLike<number>, b: ArrayLike<number>, p: number): number[] {
  return solveCholesky(cholesky(a, p), b, p);
}

/** Solves L·L'·v = b for a Cholesky factor L of cholesky(). */
function solveCholesky(l: Float64Array, b: ArrayLike<number>, p: number): number[] {
  const y = new Array<number>(p);
  for (let i = 0; i < p; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * p + k] * y[k];
    y[i] = s / l[i * p + i];
  }
  const v = new Array<number>(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < p; k++) s -= l[k * p + i] * v[k];
    v[i] = s / l[i * p + i];
  }
  return v;
}

/**
 * The inverse of a symmetric positive definite matrix, column by column from one Cholesky
 * factor (factoring once per column made the balance bootstrap's leave-one-out scales p⁴).
 */
export function invertSpd(a: ArrayLike<number>, p: number): Float64Array {
  const l = cholesky(a, p);
  const inv = new Float64Array(p * p);
  const e = new Array<number>(p).fill(0);
  for (let j = 0; j < p; j++) {
    e.fill(0);
    e[j] = 1;
    const col = solveCholesky(l, e, p);
    for (let i = 0; i < p; i++) inv[i * p + j] = col[i];
  }
  return inv;
}
