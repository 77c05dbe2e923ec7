/**
 * The N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu and Perez-Liebana 2018; the TAG
 * framework tunes its game agents with it): a noisy, expensive, discrete search.
 *
 * The model keeps, for every 1-tuple, every 2-tuple and the full tuple of dimensions, the
 * count and mean fitness of each combination of values seen. A point's value is the mean
 * of its tuples' means; its exploration bonus the mean of k·√(ln(1+N)/(n+ε)). Each
 * iteration evaluates the current point once, then moves to the neighbour (one or more
 * dimensions mutated) with the highest value + bonus among `neighbours` random ones. The
 * recommendation is the evaluated point with the highest model value (no bonus).
 * Deterministic for a seed: its own Rng, and the evaluation is the caller's.
 */
import { Rng } from '../engine/rng.ts';

export interface NtbeaOptions {
  /** Values per dimension. */
  sizes: readonly number[];
  /** Evaluations to spend. */
  iterations: number;
  /** Random neighbours scored per iteration. */
  neighbours: number;
  /** Exploration weight k (fitness on a 0..1 scale). */
  explore: number;
  /** Chance each dimension mutates in a neighbour (at least one always does); default 1/d. */
  mutation?: number;
  seed: number;
  /** Start here instead of a random point. */
  start?: readonly number[];
  /**
   * Points evaluated first (e.g. every named preset); the search then starts from the best
   * of them (or from `start` when given). They count against `iterations`.
   */
  initial?: readonly (readonly number[])[];
}

interface Stat { n: number; sum: number }

const EPS = 0.5;

export class NTupleModel {
  private readonly tuples: number[][];
  private readonly stats: Map<string, Stat>[];
  private total = 0;

  constructor(readonly d: number) {
    const tuples: number[][] = [];
    for (let a = 0; a < d; a++) tuples.push([a]);
    for (let a = 0; a < d; a++) for (let b = a + 1; b < d; b++) tuples.push([a, b]);
    if (d > 2) tuples.push(Array.from({ length: d }, (_, k) => k));
    this.tuples = tuples;
    this.stats = tuples.map(() => new Map());
  }

  private key(t: number[], x: readonly number[]): string {
    return t.map((k) => x[k]).join(',');
  }

  add(x: readonly number[], fitness: number): void {
    this.total++;
    this.tuples.forEach((t, i) => {
      const k = this.key(t, x), s = this.stats[i].get(k);
      if (s) { s.n++; s.sum += fitness; } else this.stats[i].set(k, { n: 1, sum: fitness });
    });
  }

  /** Mean of the tuple means this point has data for (0 when none). */
  value(x: readonly number[]): number {
    let sum = 0, m = 0;
    this.tuples.forEach((t, i) => {
      const s = this.stats[i].get(this.key(t, x));
      if (s) { sum += s.sum / s.n; m++; }
    });
    return m > 0 ? sum / m : 0;
  }

  /** Mean exploration bonus over the tuples. */
  bonus(x: readonly number[], k: number): number {
    const ln = Math.log(1 + this.total);
    let sum = 0;
    this.tuples.forEach((t, i) => {
      const n = this.stats[i].get(this.key(t, x))?.n ?? 0;
      sum += k * Math.sqrt(ln / (n + EPS));
    });
    return sum / this.tuples.length;
  }
}

export interface NtbeaResult {
  best: number[];
  /** The model's value of the best point (its mean fitness as the tuples estimate it). */
  bestValue: number;
  /** Every evaluated point with its fitness, in order. */
  history: { point: number[]; fitness: number }[];
  /** Distinct evaluated points by model value, best first. */
  ranked: { point: number[]; value: number; evaluations: number }[];
}

/** Runs the search; `evaluate` returns a fitness in [0, 1] (higher is better) for a point. */
export async function ntbea(o: NtbeaOptions, evaluate: (x: number[], iteration: number) => Promise<number>): Promise<NtbeaResult> {
  const d = o.sizes.length, rng = new Rng(o.seed >>> 0), model = new NTupleModel(d);
  const pm = o.mutation ?? 1 / d;
  let x = o.start ? [...o.start] : o.sizes.map((s) => rng.below(s));
  const history: { point: number[]; fitness: number }[] = [];
  let it = 0;
  if (o.initial?.length) {
    let bestF = -Infinity;
    for (const p of o.initial) {
      if (it >= o.iterations - 1) break;
      const f = await evaluate([...p], it++);
      history.push({ point: [...p], fitness: f });
      model.add(p, f);
      if (!o.start && f > bestF) { bestF = f; x = [...p]; }
    }
  }
  for (; it < o.iterations; it++) {
    const f = await evaluate([...x], it);
    history.push({ point: [...x], fitness: f });
    model.add(x, f);
    if (it === o.iterations - 1) break;
    let best: number[] | null = null, bestU = -Infinity;
    for (let j = 0; j < o.neighbours; j++) {
      const y = [...x];
      const forced = rng.below(d);
      for (let k = 0; k < d; k++) {
        if (k !== forced && rng.below(1_000_000) >= pm * 1_000_000) continue;
        if (o.sizes[k] < 2) continue;
        let v = rng.below(o.sizes[k] - 1);
        if (v >= y[k]) v++; // a different value
        y[k] = v;
      }
      const u = model.value(y) + model.bonus(y, o.explore);
      if (u > bestU) { bestU = u; best = y; }
    }
    x = best ?? x;
  }
  const seen = new Map<string, { point: number[]; evaluations: number }>();
  for (const h of history) {
    const k = h.point.join(',');
    const e = seen.get(k);
    if (e) e.evaluations++; else seen.set(k, { point: h.point, evaluations: 1 });
  }
  const ranked = [...seen.values()].map((e) => ({ ...e, value: model.value(e.point) })).sort((a, b) => b.value - a.value || a.point.join().localeCompare(b.point.join()));
  return { best: ranked[0].point, bestValue: ranked[0].value, history, ranked };
}
