/**
 * `squadsim verify` (issue 35): every chunk of a run is a pure function of (config, seed,
 * game indices, build), so a results document can be checked by playing it again. The
 * integrity hash only proves a file was not edited after it was sealed; anyone can reseal a
 * forged one. A replay proves the numbers are what this build's games give: it plays the
 * same games (the shard's games for a shard, up to the same stopping point for a
 * --target-error run) and compares every accumulator, bit for bit, every summary field but
 * the timings, and the per-game rows' sha256 when the run recorded them.
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import type { ResultsDoc } from '../resultsdoc/format.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { loadConfigObject } from './config.ts';
import { packageVersion } from './paths.ts';
import { resultsDocOf, runSimulation } from './run.ts';

export interface VerifyDifference {
  /** Where in the document, e.g. "accumulators.outcome[0]". */
  path: string;
  file: unknown;
  replay: unknown;
}

export interface VerifyReport {
  file: string;
  ruleset: string;
  seed: number;
  /** Games replayed (the shard's, for a shard). */
  games: number;
  shard?: { index: number; count: number };
  /** Numbers compared: every accumulator value and every leaf of the stable summary. */
  compared: number;
  /** How many values differ (all of them counted, the first `MAX_LISTED` listed). */
  differing: number;
  differences: VerifyDifference[];
  /** The version that wrote the file, when it is not this build's (a replay can then differ honestly). */
  otherVersion?: string;
  rowsChecked: boolean;
  cpuSeconds: number;
}

export const MAX_LISTED = 20;

/** Compares two JSON values leaf by leaf (numbers with Object.is, so -0 and NaN count), calling `differ` for each mismatch; returns the leaves compared. */
function compareDeep(path: string, a: unknown, b: unknown, differ: (d: VerifyDifference) => void): number {
  if (Array.isArray(a) && Array.isArray(b)) {
    let n = 0;
    if (a.length !== b.length) differ({ path: `${path}.length`, file: a.length, replay: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) n += compareDeep(`${path}[${i}]`, a[i], b[i], differ);
    return n;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    let n = 0;
    const ka = Object.keys(a), kb = new Set(Object.keys(b));
    for (const k of ka) {
      if (!kb.has(k)) { differ({ path: `${path}.${k}`, file: (a as Record<string, unknown>)[k], replay: '(absent)' }); continue; }
      n += compareDeep(`${path}.${k}`, (a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], differ);
    }
    for (const k of kb) if (!(k in a)) differ({ path: `${path}.${k}`, file: '(absent)', replay: (b as Record<string, unknown>)[k] });
    return n;
  }
  if (!Object.is(a, b)) differ({ path, file: a, replay: b });
  return 1;
}

/** Replays the run `doc` (read from `file`) and compares it with what the file says. */
export async function verifyResults(doc: ResultsDoc, file: string, workers?: number): Promise<VerifyReport> {
  // The stored config has its preset files inlined; which file a side's player came from
  // (a name, not a number) is taken from the file, as merge takes it from the shards.
  const loaded = { ...loadConfigObject(doc.config, dirname(file), `${file}: config`), presets: doc.summary.played?.sides.map((s) => s.preset ?? null) };
  const differences: VerifyDifference[] = [];
  let differing = 0;
  const differ = (d: VerifyDifference): void => {
    differing++;
    if (differences.length < MAX_LISTED) differences.push(d);
  };
  const te = doc.targetError, shard = doc.shard;
  const rowHash = doc.gameRows ? createHash('sha256') : null;
  const cpu0 = process.cpuUsage();
  const run = await runSimulation({
    config: loaded, seed: doc.seed, workers,
    games: te ? te.minGames : shard ? shard.totalGames : doc.games,
    ...(te ? { targetError: te.target, maxGames: te.maxGames } : {}),
    ...(shard ? { shard: { index: shard.index, count: shard.count } } : {}),
    ...(rowHash ? { onRows: (rows: Float64Array) => void rowHash.update(new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength)) } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  const replay = resultsDocOf(run);
  let compared = 0;
  for (const key of ['ruleset', 'seed', 'games', 'chunkGames', 'configHash', 'targetError', 'shard', 'layout'] as const) {
    compared += compareDeep(key, doc[key], replay[key], differ);
  }
  compared += compareDeep('accumulators', doc.accumulators, replay.accumulators, differ);
  compared += compareDeep('summary', stableSummary(doc.summary), stableSummary(replay.summary), differ);
  if (rowHash && doc.gameRows) {
    const sha = 'sha256:' + rowHash.digest('hex');
    compared += compareDeep('gameRows.sha256', doc.gameRows.sha256, sha, differ);
  }
  return {
    file, ruleset: doc.ruleset, seed: doc.seed, games: run.games,
    ...(shard ? { shard: { index: shard.index, count: shard.count } } : {}),
    compared, differing, differences,
    ...(doc.version !== packageVersion() ? { otherVersion: doc.version } : {}),
    rowsChecked: rowHash !== null,
    // process.cpuUsage covers every thread of the process, the pool's workers too.
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}
