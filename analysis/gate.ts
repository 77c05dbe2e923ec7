/**
 * The paired sequential gate (`squadsim check CONFIG --against REF`, issue 32), apart from
 * playing games: the reference and its per-game rows, the metrics gated, their settings and
 * the report. The statistics are analysis/sequential.ts; the command cli/check-against.ts.
 *
 * Metrics, from the engine's standard per-game columns (every ruleset has them, docs/csv.md):
 * side 0's result (win 1, draw ½, loss 0: its mean is the win rate plus half the draw rate),
 * and for each side its score, its units lost and the value it holds at the end.
 */
import { ConfigError } from '../engine/errors.ts';
import { slug, type Nouns } from '../engine/tally-plan.ts';
import { canonicalJson } from '../resultsdoc/hash.ts';
import { gameRowsPath, readGameRows, type GameRowsInfo } from '../resultsdoc/game-rows.ts';
import { loadResults, type Results } from './load.ts';
import { allDecided, gateFailed, type Decision, type Gate, type MetricSpec } from './sequential.ts';

export const GATE_SCHEMA = 'squadsim.gate/1';
/** Default equivalence tolerance of the result metric, in win-rate points. */
export const DEFAULT_TOLERANCE_POINTS = 1;

export type MetricKind = 'result' | 'score' | 'casualties' | 'value';

export interface GateMetricDef {
  /** The per-game column it is read from ('winner' for the result). */
  column: string;
  label: string;
  kind: MetricKind;
  side: 0 | 1;
}

/** The gated metrics of a ruleset with these nouns and sides, in report order. */
export function gateMetrics(sides: readonly [string, string], nouns: Nouns): GateMetricDef[] {
  const out: GateMetricDef[] = [{ column: 'winner', label: `${sides[0]} result`, kind: 'result', side: 0 }];
  const per = (kind: MetricKind, col: string, what: string): void => {
    for (const s of [0, 1] as const) out.push({ column: `side${s}_${col}`, label: `${sides[s]} ${what}`, kind, side: s });
  };
  per('score', slug(nouns.score), nouns.score);
  per('casualties', 'casualties', `${nouns.units} lost`);
  per('value', `surviving_${slug(nouns.value)}`, `surviving ${nouns.value}`);
  return out;
}

/** Where each metric's column is in a row of `columns`; a missing column is bad input on `field`. */
export function columnIndex(defs: readonly GateMetricDef[], columns: readonly string[], field: string): number[] {
  return defs.map((d) => {
    const i = columns.indexOf(d.column);
    if (i < 0) throw new ConfigError(field, columns, `has no per-game column ${JSON.stringify(d.column)}; expected the engine's standard columns (docs/csv.md)`);
    return i;
  });
}

/** Metric values of the row at `at` of `rows` (row-major), into `out`. */
export function metricValues(rows: Float64Array, at: number, idx: readonly number[], out: Float64Array): void {
  // The winner code: 0 side 0, 1 side 1, 2 draw.
  const w = rows[at + idx[0]];
  out[0] = w === 0 ? 1 : w === 2 ? 0.5 : 0;
  for (let k = 1; k < idx.length; k++) out[k] = rows[at + idx[k]];
}

/** A reference results document with its per-game rows read, one array of values per metric. */
export interface Reference {
  path: string;
  results: Results;
  info: GameRowsInfo;
  defs: GateMetricDef[];
  /** values[k][i]: metric k of game i. */
  values: Float64Array[];
  games: number;
  seed: number;
}

const RECORD_HINT = 'record one with `squadsim run CONFIG --games N --seed S --record games --out DIR` (docs/ci.md)';

/** Reads `path` as the gate's reference; anything that cannot be paired with is bad input on `field` (exit 2). */
export function readReference(path: string, field = '--against'): Reference {
  const results = loadResults(path);
  const { doc } = results;
  const info = doc.gameRows;
  if (!info) throw new ConfigError(field, path, `has no per-game rows, which the paired gate needs: ${RECORD_HINT}`);
  if (doc.shard) throw new ConfigError(field, path, `holds shard ${doc.shard.index}/${doc.shard.count} of a run; expected a whole run (combine the shards with \`squadsim merge\`)`);
  gameRowsPath(path, info, `${field}: gameRows.file`);
  const defs = gateMetrics(results.sides, results.nouns);
  const idx = columnIndex(defs, info.columns, `${field}: gameRows.columns`);
  const game = info.columns.indexOf('game');
  const width = info.columns.length, n = info.count;
  const values = defs.map(() => new Float64Array(n)), row = new Float64Array(defs.length);
  let i = 0;
  for (const batch of readGameRows(path, info)) {
    for (let at = 0; at < batch.length; at += width, i++) {
      if (game >= 0 && batch[at + game] !== i) throw new ConfigError(`${field}: games.f64`, batch[at + game], `row ${i} holds another game; expected games 0..${n - 1} in order`);
      metricValues(batch, at, idx, row);
      for (let k = 0; k < defs.length; k++) values[k][i] = row[k];
    }
  }
  return { path, results, info, defs, values, games: n, seed: doc.seed };
}

/** The config fields that differ between two normalized configs (dotted paths), at most `max`. */
export function configChanges(a: unknown, b: unknown, max = 5): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, at: string): void => {
    if (out.length >= max) return;
    const obj = (v: unknown) => v !== null && typeof v === 'object';
    if (obj(x) && obj(y) && Array.isArray(x) === Array.isArray(y)) {
      for (const k of new Set([...Object.keys(x as object), ...Object.keys(y as object)])) walk((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], at ? `${at}.${k}` : k);
      return;
    }
    const show = (v: unknown): string => (v === undefined ? '(absent)' : canonicalJson(v));
    if (show(x) !== show(y)) out.push(`${at || '(root)'}: ${show(x)} → ${show(y)}`);
  };
  walk(a, b, '');
  return out;
}

/**
 * The current config must be the reference's: the same ruleset and config hash (the gate
 * compares two builds on one config; a config change is another question: `squadsim
 * compare`). Throws ConfigError on `field`.
 */
export function checkSameConfig(ref: Reference, cur: { ruleset: string; configHash: string; config: unknown; path: string }, field = '--against'): void {
  const { doc } = ref.results;
  if (doc.ruleset !== cur.ruleset) throw new ConfigError(`${field}: ruleset`, doc.ruleset, `expected ${JSON.stringify(cur.ruleset)}, the ruleset of ${cur.path}`);
  if (doc.configHash !== cur.configHash) {
    const diff = configChanges(doc.config, cur.config);
    throw new ConfigError(`${field}: configHash`, doc.configHash, `expected ${cur.configHash}, the hash of ${cur.path}: the reference was recorded from another config (${diff.length ? `reference → now: ${diff.join('; ')}` : 'normalized configs differ'}); the gate compares two builds on one config, so ${RECORD_HINT.replace('record one', 'record the reference from this config')}`);
  }
}

/** Mean and population variance of the first n values. */
function meanVarOf(x: Float64Array, n: number): { mean: number; variance: number } {
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i];
  const mean = n > 0 ? s / n : 0;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (x[i] - mean) ** 2;
  return { mean, variance: n > 1 ? ss / (n - 1) : 0 };
}

/**
 * Each metric's tolerance and prior variance, from the reference's first `budget` games
 * (fixed before any game is played). The result metric's tolerance is `points` / 100; the
 * others get the same size in standard deviations of one game's value (δ_k = δ · sd_k /
 * sd_result), so every metric is equally hard to call equivalent. The prior variance is 2×
 * the reference's per-game variance: what the pairs' would be if the builds shared nothing.
 */
export function metricSpecs(ref: Reference, budget: number, points: number): MetricSpec[] {
  const mv = ref.values.map((v) => meanVarOf(v, budget));
  const sdResult = Math.sqrt(mv[0].variance), tol = points / 100;
  return mv.map(({ variance, mean }, k) => {
    const scaled = k === 0 ? tol : sdResult > 0 ? (tol * Math.sqrt(variance)) / sdResult : tol * Math.sqrt(variance) * 2;
    // A metric constant in the reference (sd 0) still needs a positive tolerance.
    return { tolerance: Math.max(scaled, 1e-9 * (1 + Math.abs(mean))), priorVariance: 2 * variance };
  });
}

export interface GateMetricResult {
  label: string;
  column: string;
  kind: MetricKind;
  /** Means over the games the gate used, of the reference and of this build. */
  reference: number;
  current: number;
  /** current − reference (mean of the per-game differences). */
  shift: number;
  /** The confidence sequence's interval for the shift at the stop. */
  lo: number;
  hi: number;
  tolerance: number;
  decision: Decision;
  /** Games played when it was first decided; null if never. */
  decidedAt: number | null;
}

export interface GateReport {
  schema: typeof GATE_SCHEMA;
  pass: boolean;
  /** The config played and the reference, as given. */
  config: string;
  against: string;
  ruleset: string;
  configHash: string;
  seed: number;
  referenceGames: number;
  /** Most games the gate could play: the reference's, or --max-games. */
  budget: number;
  /** Games (pairs) the decisions rest on. */
  games: number;
  looks: number;
  batch: number;
  /** Why it stopped: every metric decided, or the budget ran out first. */
  stopped: 'decided' | 'budget';
  test: {
    name: string;
    /** False-alarm rate of the whole gate (any metric, any look), and per metric. */
    alpha: number;
    alphaEach: number;
    metrics: number;
    /** The budget ρ² is tuned for, and ρ². */
    horizon: number;
    rho2: number;
    /** --tolerance: win-rate points of the result metric. */
    tolerancePoints: number;
  };
  metrics: GateMetricResult[];
  shifted: number;
  undecided: number;
  versions: { reference: string; current: string };
  warnings: string[];
}

export const TEST_NAME = 'normal-mixture confidence sequence on the per-game paired differences (Robbins; Waudby-Smith et al. 2024), Bonferroni over metrics';

/** The report of a gate that stopped after `games` pairs (the first `games` of the reference). */
export function gateReport(o: {
  gate: Gate; ref: Reference; games: number; batch: number; budget: number; tolerancePoints: number;
  config: string; configHash: string; version: string; currentSums: number[];
}): GateReport {
  const { gate, ref, games } = o;
  const metrics = ref.defs.map((d, k): GateMetricResult => {
    const t = gate.tracks[k];
    let s = 0;
    for (let i = 0; i < games; i++) s += ref.values[k][i];
    const reference = games > 0 ? s / games : 0;
    return {
      label: d.label, column: d.column, kind: d.kind, reference, current: games > 0 ? o.currentSums[k] / games : 0, shift: t.moments.mean,
      lo: t.lo, hi: t.hi, tolerance: gate.specs[k].tolerance, decision: t.decision, decidedAt: t.decidedAt,
    };
  });
  const warnings: string[] = [];
  const refVersion = ref.results.doc.version;
  if (!allDecided(gate)) warnings.push(`the budget of ${o.budget} games ran out with ${metrics.filter((m) => m.decision === 'undecided').length} metric(s) undecided: no shift was shown, nor equivalence within the tolerance (more reference games, a wider --tolerance, or a change that shares more of each game would decide them)`);
  if (o.budget < ref.games && !allDecided(gate)) warnings.push(`--max-games ${o.budget} stopped the gate before the reference's ${ref.games} games`);
  const { plan } = gate;
  return {
    schema: GATE_SCHEMA, pass: !gateFailed(gate), config: o.config, against: ref.path, ruleset: ref.results.doc.ruleset, configHash: o.configHash,
    seed: ref.seed, referenceGames: ref.games, budget: o.budget, games, looks: gate.looks, batch: o.batch, stopped: allDecided(gate) ? 'decided' : 'budget',
    test: { name: TEST_NAME, alpha: plan.alpha, alphaEach: plan.alphaEach, metrics: plan.metrics, horizon: plan.horizon, rho2: plan.rho2, tolerancePoints: o.tolerancePoints },
    metrics, shifted: metrics.filter((m) => m.decision === 'shifted').length, undecided: metrics.filter((m) => m.decision === 'undecided').length,
    versions: { reference: refVersion, current: o.version }, warnings,
  };
}
