/**
 * `squadsim sweep`: one or two config fields (a rule parameter, a cost override, a policy
 * parameter) varied over a grid. Every grid point plays the same games [0, games) of the
 * same master seed, so the points differ only by the change (common random numbers), all
 * on one worker pool; each point's accumulators are bit-identical for any worker count.
 */
import { ConfigError } from '../engine/errors.ts';
import { resultRows, runBatch, type BatchOptions } from './batch.ts';
import { loadConfigObject, type LoadedConfig } from './config.ts';

/** One varied field: a dotted config path ("rules.turns", "sides.0.policy.aggression") and its values. */
export interface Vary {
  path: string;
  values: (number | string | boolean)[];
}

export interface SweepPlan {
  base: Record<string, unknown>;
  baseDir: string;
  vary: Vary[];
  games: number;
  seed: number;
}

export interface SweepPoint {
  /** The value of each varied field, by path. */
  at: Record<string, number | string | boolean>;
  loaded: LoadedConfig;
  acc: Float64Array;
  /** Side 0's result in each game (win 1, draw ½, loss 0), game i on seed i of the sweep. */
  side0: Float64Array;
}

/** "8..16:2" → 8, 10, …, 16; otherwise comma-separated values, each JSON if it parses (numbers, booleans) or a string. */
export function parseValues(flag: string, text: string): (number | string | boolean)[] {
  const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (range) {
    const [a, b, step] = [Number(range[1]), Number(range[2]), Number(range[3] ?? 1)];
    const n = Math.floor((b - a) / step + 1e-9) + 1;
    if (!(step > 0) || b < a || n > 1000) throw new ConfigError(flag, text, 'expected a range FROM..TO[:STEP] with FROM <= TO, STEP > 0 and at most 1000 values');
    return Array.from({ length: n }, (_, k) => Math.round((a + k * step) * 1e9) / 1e9);
  }
  const items = text.split(',').map((s) => s.trim());
  if (items.length === 0 || items.some((s) => s === '')) throw new ConfigError(flag, text, 'expected comma-separated values (e.g. 8,10,12) or a range FROM..TO[:STEP]');
  return items.map((s) => {
    try {
      const v = JSON.parse(s);
      if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
    } catch { /* a bare word: a string */ }
    return s;
  });
}

/** `PATH=VALUES` of a --vary flag. */
export function parseVary(text: string): Vary {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new ConfigError('--vary', text, 'expected PATH=VALUES, e.g. rules.cost_overrides.private=8..16:2');
  const path = text.slice(0, eq).trim();
  if (!/^[A-Za-z_][\w-]*(\.[\w-]+)*$/.test(path)) throw new ConfigError('--vary', text, 'expected a dotted config path before "=" (e.g. rules.turns, sides.0.policy.aggression)');
  const values = parseValues(`--vary ${path}`, text.slice(eq + 1));
  if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) throw new ConfigError(`--vary ${path}`, text.slice(eq + 1), 'expected distinct values');
  return { path, values };
}

/**
 * Sets `path` in config `c` to `v`, creating objects on the way. A policy given as an id
 * string becomes `{ id }` first, so `sides.0.policy.aggression` works on "aggressive".
 */
export function setPath(c: Record<string, unknown>, path: string, v: unknown): void {
  const parts = path.split('.');
  let node: any = c;
  for (let k = 0; k < parts.length - 1; k++) {
    const key = Array.isArray(node) ? Number(parts[k]) : parts[k];
    let next = node[key];
    if (typeof next === 'string' && parts[k] === 'policy') next = node[key] = { id: next };
    if (next === undefined || next === null) next = node[key] = {};
    if (typeof next !== 'object') throw new ConfigError('--vary', path, `expected a path through objects; ${parts.slice(0, k + 1).join('.')} is ${JSON.stringify(next)}`);
    node = next;
  }
  node[Array.isArray(node) ? Number(parts[parts.length - 1]) : parts[parts.length - 1]] = v;
}

/** Every grid point's config, loaded and compiled: bad values fail here, before any game. */
export function gridConfigs(plan: SweepPlan): { at: Record<string, number | string | boolean>; loaded: LoadedConfig }[] {
  if (plan.vary.length < 1 || plan.vary.length > 2) throw new ConfigError('--vary', plan.vary.length, 'expected one or two --vary fields');
  if (plan.vary.length === 2 && plan.vary[0].path === plan.vary[1].path) throw new ConfigError('--vary', plan.vary[1].path, 'expected two different fields');
  const [a, b] = plan.vary;
  const points: Record<string, number | string | boolean>[] = [];
  for (const va of a.values) for (const vb of b ? b.values : [undefined]) points.push(vb === undefined ? { [a.path]: va } : { [a.path]: va, [b.path]: vb });
  return points.map((at) => {
    const c = structuredClone(plan.base);
    for (const [p, v] of Object.entries(at)) setPath(c, p, v);
    try {
      return { at, loaded: loadConfigObject(c, plan.baseDir) };
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      const where = Object.entries(at).map(([p, v]) => `${p}=${JSON.stringify(v)}`).join(', ');
      throw new ConfigError(`--vary (${where}): ${e.path}`, e.value, e.allowed);
    }
  });
}

/**
 * Plays every grid point on games [0, games) of the seed, on one pool, and keeps each game's
 * result for side 0 (win 1, draw ½, loss 0): points share their seeds, so differences between
 * points are taken game by game (analysis/paired.ts).
 */
export async function runParamSweep(plan: SweepPlan, opts: BatchOptions = {}): Promise<SweepPoint[]> {
  const grid = gridConfigs(plan);
  const results = grid.map(() => new Float64Array(plan.games));
  const jobs = grid.map((g, k) => ({ loaded: g.loaded, seed: plan.seed, start: 0, games: plan.games, onRows: resultRows(g.loaded, 0, results[k], 0) }));
  const accs = await runBatch(jobs, opts);
  return grid.map((g, k) => ({ ...g, acc: accs[k], side0: results[k] }));
}
