/**
 * `squadsim check CONFIG --against REF.json` (issue 32): the paired, sequential regression
 * gate. Plays CONFIG with this build on the reference's seed and game indices, batch by
 * batch, takes each game's difference from the reference's row of the same game, and after
 * each batch applies the confidence-sequence test of analysis/sequential.ts; stops when every
 * metric is decided or the budget is spent. Exit 0 pass, 1 a metric shifted, 2 bad input.
 */
import { accessSync, appendFileSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import { checkSameConfig, columnIndex, DEFAULT_TOLERANCE_POINTS, gateReport, metricSpecs, metricValues, readReference, type GateReport } from '../analysis/gate.ts';
import { formatGate, gateAnnotations, gateMarkdown } from '../analysis/gate-format.ts';
import { addPair, look, newGate, sequentialPlan } from '../analysis/sequential.ts';
import { checkOutputDir } from '../resultsdoc/format.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { loadConfig } from '../sim/config.ts';
import { packageVersion } from '../sim/paths.ts';
import { runSimulation } from '../sim/run.ts';
import { EXIT, intFlag, workersFlag } from './errors.ts';

/** Games between looks unless --batch says otherwise (two chunks). */
export const DEFAULT_BATCH = 1000;

export interface AgainstArgs {
  file: string;
  against: string;
  maxGames?: unknown;
  batch?: unknown;
  tolerance?: unknown;
  workers?: unknown;
  summary?: string;
  annotations?: boolean;
  json: boolean;
}

/** --tolerance: win-rate points, more than 0 and at most 50. */
function pointsFlag(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 50) throw new ConfigError('--tolerance', raw, 'expected win-rate points greater than 0 and at most 50 (e.g. 1 for ±1 point)');
  return n;
}

/** --summary FILE must be a file that can be appended to, or one that can be created. */
function checkSummaryPath(path: string): void {
  const abs = resolve(path);
  const st = statSync(abs, { throwIfNoEntry: false });
  try {
    if (st && !st.isFile()) throw new Error(`${abs} is not a regular file`);
    if (st) accessSync(abs, constants.W_OK);
    else checkOutputDir(dirname(abs));
  } catch (e) {
    throw new ConfigError('--summary', path, `expected a file to append the Markdown summary to, or one that can be created (${(e as Error).message})`);
  }
}

/** Plays the gate; returns its report (the caller prints it). `alpha` is the parsed --alpha. */
export async function runGate(argv: AgainstArgs, alpha: number): Promise<GateReport> {
  const batch = intFlag('batch', argv.batch ?? DEFAULT_BATCH, 1, 1e9, 'a positive integer (games played between two looks)');
  const maxGames = argv.maxGames === undefined ? undefined : intFlag('max-games', argv.maxGames, 1, Number.MAX_SAFE_INTEGER, 'a positive integer (most games the gate may play)');
  const points = argv.tolerance === undefined ? DEFAULT_TOLERANCE_POINTS : pointsFlag(argv.tolerance);
  const workers = workersFlag(argv.workers);
  if (argv.json && argv.annotations) throw new ConfigError('--annotations', true, 'cannot be used with --json: both print on stdout (write the Markdown with --summary instead)');
  if (argv.summary !== undefined) checkSummaryPath(argv.summary);

  const ref = readReference(argv.against);
  const loaded = loadConfig(argv.file);
  const hash = configHash(loaded.scn.normalized);
  checkSameConfig(ref, { ruleset: loaded.ruleset.id, configHash: hash, config: loaded.scn.normalized, path: argv.file });
  const columns = loaded.scn.plan.rowColumns;
  const idx = columnIndex(ref.defs, columns, `${argv.file}: per-game columns of this build`);
  const budget = Math.min(ref.games, maxGames ?? ref.games);
  const specs = metricSpecs(ref, budget, points);
  const gate = newGate(sequentialPlan(alpha, specs.length, budget), specs);

  const m = specs.length, width = columns.length, gameAt = columns.indexOf('game');
  const cur = new Float64Array(m), diff = new Float64Array(m), sums = new Array<number>(m).fill(0);
  let n = 0, done = false;
  const onRows = (rows: Float64Array, first: number): void => {
    for (let at = 0; at < rows.length && !done && n < budget; at += width) {
      // Chunks arrive in game order: row r of the chunk is game first + r, the reference's row n.
      if (first + at / width !== n || (gameAt >= 0 && rows[at + gameAt] !== n)) throw new Error(`internal: gate expected game ${n}, got ${first + at / width}`);
      metricValues(rows, at, idx, cur);
      for (let k = 0; k < m; k++) {
        diff[k] = cur[k] - ref.values[k][n];
        sums[k] += cur[k];
      }
      addPair(gate, diff);
      n++;
      if (n % batch === 0 || n === budget) done = look(gate);
    }
  };
  await runSimulation({ config: loaded, games: budget, seed: ref.seed, workers, progress: !argv.json, onRows, until: () => done || n >= budget });
  return gateReport({ gate, ref, games: n, batch, budget, tolerancePoints: points, config: argv.file, configHash: hash, version: packageVersion(), currentSums: sums });
}

/** The handler's body for `check CONFIG --against REF`. */
export async function checkAgainst(argv: AgainstArgs, alpha: number): Promise<void> {
  const rep = await runGate(argv, alpha);
  if (argv.summary !== undefined) {
    const abs = resolve(argv.summary);
    mkdirSync(dirname(abs), { recursive: true });
    appendFileSync(abs, gateMarkdown(rep));
  }
  process.stdout.write(argv.json ? JSON.stringify(rep) + '\n' : formatGate(rep) + (argv.annotations ? gateAnnotations(rep) : ''));
  if (!rep.pass) process.exitCode = EXIT.checkFailed;
}
