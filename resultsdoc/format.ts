/**
 * The results document (`results.json`): what sim/ writes and what analysis, reports,
 * export, check and merge read. Its format, reading and writing live here, apart from
 * both, so analysis never imports the runner.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file.ts';
import { seal } from './seal.ts';
import { dirname, join, resolve } from 'node:path';
import type { RecordLayout } from '../engine/record.ts';
import type { Summary } from './summary.ts';
import type { GameRowsInfo } from './game-rows.ts';

export const RESULTS_SCHEMA = 'squadsim.results/2';
export const RESULTS_FILE = 'results.json';

type Nested = number | Nested[];

/** The results document: everything analysis, reports and checks read (DESIGN.md data flow 5). */
export interface ResultsDoc {
  schema: typeof RESULTS_SCHEMA;
  version: string;
  ruleset: string;
  seed: number;
  games: number;
  chunkGames: number;
  configHash: string;
  /** The validated config with defaults filled in (scn.normalized). */
  config: unknown;
  summary: Summary;
  layout: { name: string; dims: number[]; labels: string[][] | null; doc: string | null }[];
  /** Raw merged sums per block, as nested arrays shaped by the block's dims. */
  accumulators: Record<string, Nested[]>;
  /** How a `run --target-error` run stopped (sim/target-error.ts); absent otherwise. */
  targetError?: TargetErrorInfo;
  /** Which games a `run --shard K/N` document holds (sim/shards.ts); absent for whole runs. */
  shard?: ShardInfo;
  /** Where `run --record games` stored the per-game rows (resultsdoc/game-rows.ts); absent otherwise. */
  gameRows?: GameRowsInfo;
  /** sha256 over everything above (resultsdoc/seal.ts); set when the file is written. */
  integrity?: string;
}

/** What a finished run (or merge) hands to buildResultsDoc. */
export interface ResultsInput {
  ruleset: string;
  seed: number;
  games: number;
  chunkGames: number;
  configHash: string;
  /** The validated config with defaults filled in (scn.normalized). */
  config: unknown;
  layout: RecordLayout;
  /** The merged accumulators, laid out by `layout`. */
  acc: Float64Array;
  summary: Summary;
  targetError?: TargetErrorInfo;
  shard?: ShardInfo;
}

export function buildResultsDoc(run: ResultsInput): ResultsDoc {
  const { layout } = run;
  return {
    schema: RESULTS_SCHEMA,
    version: run.summary.version,
    ruleset: run.ruleset,
    seed: run.seed,
    games: run.games,
    chunkGames: run.chunkGames,
    configHash: run.configHash,
    config: run.config,
    summary: run.summary,
    layout: layout.blocks.map((b) => ({ name: b.name, dims: [...b.dims], labels: b.labels ?? null, doc: b.doc ?? null })),
    accumulators: readBlocks(layout, run.acc),
    ...(run.targetError ? { targetError: run.targetError } : {}),
    ...(run.shard ? { shard: run.shard } : {}),
  };
}

/** What the runner records about a --target-error run (results.json "targetError"). */
export interface TargetErrorInfo {
  /** The requested half-width E. */
  target: number;
  /** --games: the run never stops before this many games. */
  minGames: number;
  /** --max-games: the run never plays more. */
  maxGames: number;
  /** Each side's Wilson half-width at the stopping point. */
  halfWidth: [number, number];
  /** false when --max-games stopped the run before the target was met. */
  reached: boolean;
}

/** Which part of a run a shard played (results.json "shard"). */
export interface ShardInfo {
  /** 1-based shard number K of `count`. */
  index: number;
  count: number;
  /** Games of the whole run, over all shards. */
  totalGames: number;
  /** The shard played games [firstGame, firstGame + games). */
  firstGame: number;
  games: number;
}

/** Every block of `acc` as nested arrays (any number of dims). */
export function readBlocks(layout: RecordLayout, acc: Float64Array): Record<string, Nested[]> {
  const out: Record<string, Nested[]> = {};
  for (const b of layout.blocks) out[b.name] = nest(acc, b.offset, b.dims) as Nested[];
  return out;
}

function nest(acc: Float64Array, offset: number, dims: number[]): Nested {
  if (dims.length === 0) return acc[offset];
  const [n, ...rest] = dims;
  const stride = rest.reduce((a, d) => a * d, 1);
  return Array.from({ length: n }, (_, i) => nest(acc, offset + i * stride, rest));
}

/**
 * Writes DIR/results.json so readers never see a partial file (temp file in the same
 * folder, fsync, rename). Compact JSON: the accumulators can be large, and tools read it.
 * Returns the path written.
 */
export function writeResultsAtomic(dir: string, doc: ResultsDoc): string {
  const target = join(dir, RESULTS_FILE);
  writeFileAtomic(target, JSON.stringify(seal(doc)) + '\n');
  return target;
}

/**
 * Checks, without creating anything, that `dir` is or can become a writable folder, so a
 * bad --out fails before a long run rather than after it. Throws an Error with a `code`.
 */
export function checkOutputDir(dir: string): void {
  let p = resolve(dir);
  let st = statSync(p, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) throw Object.assign(new Error(`${p} exists and is not a folder`), { code: 'ENOTDIR' });
  while (!st) {
    const parent = dirname(p);
    if (parent === p) break;
    p = parent;
    st = statSync(p, { throwIfNoEntry: false });
    if (st && !st.isDirectory()) throw Object.assign(new Error(`${p} is not a folder`), { code: 'ENOTDIR' });
  }
  accessSync(p, constants.W_OK);
}
