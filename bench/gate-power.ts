// The paired sequential gate's false-alarm rate and power, measured (`npm run gate-power`,
// issue 32). Plays a pool of real games of the default NCO matchup, and of each planted change
// on the same seed and game indices (runSimulation with per-game rows, as `check --against`
// plays them), once; then runs the gate many times on pairs resampled from the pools, with the
// gate's own decision code (bench/gate-resample.ts over analysis/sequential.ts).
//   node dist/gate-power.js                                   defaults (a few minutes on 2 cores)
//   node dist/gate-power.js --pool 40000 --runs 4000 --seed 2
//   node dist/gate-power.js --vary rules.cost_overrides.marksman=20 --json
//
// Rows of the table:
// - A/A identical: the same config and seed (a change that alters nothing): every pair is 0.
// - A/A, no shared dice: reference and current drawn independently from the same pool (a
//   change that draws the dice differently but plays the same game): the honest null.
// - each planted change, paired (the gate as shipped) and unpaired (its games drawn
//   independently of the reference's: what the pairing buys).
// In the resampling world the true effect is the pools' (printed with its 95% interval from
// the pool), so each row's rate is the gate's power at exactly that effect.
import { benchArgs } from './args.ts';
import { columnIndex, gateMetrics, metricValues } from '../analysis/gate.ts';
import { DEFAULT_GATE_ALPHA } from '../analysis/sequential.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import { parseVary, setPath } from '../sim/param-sweep.ts';
import { runSimulation } from '../sim/run.ts';
import { median, mulberry32, pairedEffect, resampledRun, wilson, type Pool, type RunSettings } from './gate-resample.ts';

// The default planted changes: German Hardened Privates 1st Class worth 16 (and 20) VP instead
// of 12, the roster budget raised so the unchanged rosters still fit; the games share their
// dice and map with the base's, and the VP count and the policy's choice of targets move.
// Calibrated on 10,000 games (seed 1): US Army result +1.1 and +2.7 points; measured on the
// default 40,000-game pool: +1.54 and +2.99 (docs/ci.md), so the first is not exactly 1 point.
const DEFAULT_VARY = ['rules.cost_overrides.hardened-private-1st-class=16&rules.roster_vps=120', 'rules.cost_overrides.hardened-private-1st-class=20&rules.roster_vps=120'];

const argv = benchArgs()
  .scriptName('gate-power')
  .option('config', { type: 'string', describe: 'config file (default: the default matchup, configs/nco/default.json)' })
  .option('vary', { type: 'string', array: true, describe: `PATH=VALUE[&PATH=VALUE…]: a planted change (repeat for several); default ${DEFAULT_VARY.join(' ')}` })
  .option('pool', { type: 'number', default: 40000, describe: 'games played per config (once; the runs resample them)' })
  .option('runs', { type: 'number', default: 2000, describe: 'resampled gate runs per row' })
  .option('budget', { type: 'number', default: 20000, describe: "the gate's budget in paired games (the reference's games)" })
  .option('batch', { type: 'number', default: 1000, describe: 'games between two looks (check --batch)' })
  .option('alpha', { type: 'number', default: DEFAULT_GATE_ALPHA, describe: 'whole-gate false-alarm rate (check --alpha)' })
  .option('tolerance', { type: 'number', default: 1, describe: 'equivalence tolerance in win-rate points (check --tolerance)' })
  .option('seed', { type: 'number', default: 1, describe: 'seed of the pools (all share it) and of the resampling' })
  .option('workers', { type: 'number', describe: 'worker threads for the pools (default: CPU cores)' })
  .option('json', { type: 'boolean', default: false })
  .check((a) => {
    for (const k of ['pool', 'runs', 'budget', 'batch'] as const) if (!Number.isInteger(a[k]) || a[k] < 1) throw new Error(`--${k} must be a positive integer, got ${a[k]}`);
    if (!Number.isInteger(a.seed) || a.seed < 0 || a.seed > 0xffffffff) throw new Error(`--seed must be an integer in 0..4294967295, got ${a.seed}`);
    if (!(a.alpha > 0 && a.alpha < 1)) throw new Error(`--alpha must be in (0, 1), got ${a.alpha}`);
    if (!(a.tolerance > 0 && a.tolerance <= 50)) throw new Error(`--tolerance must be in (0, 50], got ${a.tolerance}`);
    return true;
  })
  .help()
  .parseSync();

const base = loadConfig(argv.config);
const varies = argv.vary ?? (base.ruleset.id === 'nco' ? DEFAULT_VARY : []);

/** The base config with each PATH=VALUE of `vary` (joined by '&') set. */
function variant(vary: string): LoadedConfig {
  const c = structuredClone(base.config);
  for (const part of vary.split('&')) {
    const v = parseVary(part);
    setPath(c, v.path, v.values[0]);
  }
  return loadConfigObject(c, '', base.path);
}

const sides = base.scn.sideNames;
const defs = gateMetrics(sides, base.scn.plan.spec.nouns);

/** Plays games [0, pool) of `l` on the pools' seed and keeps each game's gated metrics. */
async function playPool(l: LoadedConfig): Promise<Pool & { seconds: number }> {
  const columns = l.scn.plan.rowColumns, width = columns.length;
  const idx = columnIndex(defs, columns, `${l.path}: per-game columns`);
  const values = defs.map(() => new Float64Array(argv.pool)), row = new Float64Array(defs.length);
  const r = await runSimulation({
    config: l, games: argv.pool, seed: argv.seed, progress: false, ...(argv.workers !== undefined ? { workers: argv.workers } : {}),
    onRows: (rows, first) => {
      for (let at = 0, i = first; at < rows.length; at += width, i++) {
        metricValues(rows, at, idx, row);
        for (let k = 0; k < defs.length; k++) values[k][i] = row[k];
      }
    },
  });
  return { values, games: argv.pool, seconds: r.elapsedSeconds };
}

const settings = (paired: boolean): RunSettings => ({ budget: argv.budget, batch: argv.batch, alpha: argv.alpha, points: argv.tolerance, paired });

interface Row {
  shift: string;
  pairing: 'paired' | 'unpaired';
  /** The true effect on side 0's result in the resampling world (the pools'), in points, with its 95% interval. */
  effect: { mean: number; lo: number; hi: number };
  /** Standard deviation of one pair's difference of side 0's result. */
  pairSd: number;
  runs: number;
  /** Gate failed (any metric shifted): false alarms on A/A rows, detections otherwise. */
  failed: number;
  rate: { p: number; lo: number; hi: number };
  /** Runs where side 0's result itself was flagged. */
  resultFlagged: number;
  /** Median pairs played when the gate stopped, and when it first flagged a shift (failed runs). */
  medianStop: number;
  medianFirstShift: number | null;
}

let rowIndex = 0;
function measure(shift: string, ref: Pool, cur: Pool, paired: boolean, effect: { mean: number; lo: number; hi: number }, pairSd: number): Row {
  // Each row's resampling has its own stream, fixed by --seed and the row's place.
  const rand = mulberry32((argv.seed * 7919 + 104729 * ++rowIndex) >>> 0);
  const s = settings(paired);
  let failed = 0, resultFlagged = 0;
  const stops: number[] = [], firsts: number[] = [];
  for (let r = 0; r < argv.runs; r++) {
    const o = resampledRun(ref, cur, s, rand);
    if (o.failed) failed++;
    if (o.resultShifted) resultFlagged++;
    stops.push(o.games);
    if (o.firstShiftAt !== null) firsts.push(o.firstShiftAt);
  }
  return {
    shift, pairing: paired ? 'paired' : 'unpaired', effect: { mean: 100 * effect.mean, lo: 100 * effect.lo, hi: 100 * effect.hi }, pairSd,
    runs: argv.runs, failed, rate: wilson(failed, argv.runs), resultFlagged, medianStop: median(stops), medianFirstShift: firsts.length ? median(firsts) : null,
  };
}

/** Side 0's result of two pools drawn independently: mean difference, its 95% interval from the pools, one pair's sd. */
function unpairedEffect(ref: Pool, cur: Pool): { mean: number; lo: number; hi: number; sd: number } {
  const mv = (x: Float64Array) => {
    let s = 0;
    for (const v of x) s += v;
    const m = s / x.length;
    let ss = 0;
    for (const v of x) ss += (v - m) ** 2;
    return { m, v: ss / (x.length - 1) };
  };
  const a = mv(ref.values[0]), b = mv(cur.values[0]), mean = b.m - a.m;
  const half = 1.959963984540054 * Math.sqrt(a.v / ref.games + b.v / cur.games);
  return { mean, lo: mean - half, hi: mean + half, sd: Math.sqrt(a.v + b.v) };
}

const t0 = performance.now();
const basePool = await playPool(base);
const rows: Row[] = [];
rows.push(measure('A/A identical (same config, same dice)', basePool, basePool, true, { mean: 0, lo: 0, hi: 0 }, 0));
rows.push(measure('A/A, no shared dice (same config)', basePool, basePool, false, { mean: 0, lo: 0, hi: 0 }, unpairedEffect(basePool, basePool).sd));
const pools: { vary: string; seconds: number }[] = [{ vary: '(base)', seconds: basePool.seconds }];
for (const vary of varies) {
  const pool = await playPool(variant(vary));
  pools.push({ vary, seconds: pool.seconds });
  const pe = pairedEffect(basePool, pool);
  rows.push(measure(vary, basePool, pool, true, pe, pe.sd));
  const ue = unpairedEffect(basePool, pool);
  rows.push(measure(vary, basePool, pool, false, pe, ue.sd));
}
const seconds = (performance.now() - t0) / 1000;

const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sgn = (x: number, d = 2) => `${x >= 0 ? '+' : '−'}${fmt(Math.abs(x), d)}`;
const pct = (x: number) => `${fmt(100 * x, x < 0.01 ? 2 : 1)}%`;

if (argv.json) {
  process.stdout.write(JSON.stringify({
    config: base.path, pool: argv.pool, runs: argv.runs, budget: argv.budget, batch: argv.batch, alpha: argv.alpha, tolerancePoints: argv.tolerance,
    seed: argv.seed, metrics: defs.map((d) => d.label), pools, seconds, rows,
  }) + '\n');
} else {
  const lines = [
    `squadsim gate-power: ${base.path}, pool ${fmt(argv.pool)} games per config (seed ${argv.seed}), ${fmt(argv.runs)} resampled runs per row`,
    `gate: budget ${fmt(argv.budget)} paired games, a look every ${fmt(argv.batch)}, alpha ${argv.alpha} over ${defs.length} metrics and every look, tolerance ±${argv.tolerance} pts`,
    `true effect = ${sides[0]} result (win 1, draw ½) of the change minus the base, over the pool, 95% interval; sd = one pair's difference`,
    '',
  ];
  const head = ['shift', 'pairing', 'true effect (pts)', 'sd', 'runs', 'gate failed (95% Wilson)', 'result flagged', 'median games to stop', 'median games to 1st shift'];
  const body = rows.map((r) => [
    r.shift, r.pairing,
    r.effect.lo === r.effect.hi ? sgn(r.effect.mean) + ' (exact)' : `${sgn(r.effect.mean)} (${sgn(r.effect.lo)} … ${sgn(r.effect.hi)})`,
    fmt(r.pairSd, 3), fmt(r.runs), `${r.failed} = ${pct(r.rate.p)} (${pct(r.rate.lo)} … ${pct(r.rate.hi)})`, fmt(r.resultFlagged),
    fmt(r.medianStop), r.medianFirstShift === null ? '—' : fmt(r.medianFirstShift),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (c: string[]) => '| ' + c.map((x, i) => x.padEnd(w[i])).join(' | ') + ' |';
  lines.push(line(head), '|' + w.map((x) => '-'.repeat(x + 2)).join('|') + '|', ...body.map(line));
  lines.push('', `pools: ${pools.map((p) => `${p.vary} ${fmt(p.seconds, 1)} s`).join(', ')}; total ${fmt(seconds, 1)} s`);
  process.stdout.write(lines.join('\n') + '\n');
}
