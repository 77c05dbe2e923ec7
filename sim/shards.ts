import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { getRuleset } from '../engine/rulesets/index.ts';
import { ensureDir, removeEmptyDirs, tempBeside } from '../resultsdoc/atomic-file.ts';
import { openRegularFile } from '../resultsdoc/input-file.ts';
import { CHUNK_GAMES } from './chunks.ts';
import { GAME_ROWS_FILE, gameRowsPath } from '../resultsdoc/game-rows.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { readBlocks, type ResultsDoc, type ShardInfo } from '../resultsdoc/format.ts';
import { packageVersion } from './paths.ts';
import { buildSummary } from '../resultsdoc/summary.ts';

/**
 * Sharding (DESIGN.md data flow 4): `run --shard K/N` plays a contiguous run of the fixed
 * chunks of games [0, totalGames), and `merge` adds the shards' accumulators back together.
 * Every accumulator holds integer counts and sums (checked when merging), which add exactly
 * below 2^53 in any grouping, so the merged document equals the unsharded run's bit for bit.
 */

/** Parses "K/N" (1 <= K <= N); anything else is a ConfigError on `flag`. */
export function parseShard(raw: unknown, flag = '--shard'): { index: number; count: number } {
  const m = typeof raw === 'string' ? /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw) : null;
  const index = m ? Number(m[1]) : NaN, count = m ? Number(m[2]) : NaN;
  if (!m || !(count >= 1 && count <= 1_000_000 && index >= 1 && index <= count)) {
    throw new ConfigError(flag, raw, 'expected K/N with 1 <= K <= N (e.g. 2/4: the second of four shards)');
  }
  return { index, count };
}

/**
 * Shard K of N gets chunks [floor((K-1)C/N), floor(KC/N)) of the C chunks of the run, so
 * the shards tile the run in order and differ in size by at most one chunk.
 */
export function shardRange(totalGames: number, index: number, count: number, chunkGames = CHUNK_GAMES): ShardInfo {
  const chunks = Math.ceil(totalGames / chunkGames);
  if (count > chunks) {
    throw new ConfigError('--shard', `${index}/${count}`, `expected at most ${chunks} shards: ${totalGames} games are ${chunks} chunk(s) of ${chunkGames}`);
  }
  const c0 = Math.floor(((index - 1) * chunks) / count), c1 = Math.floor((index * chunks) / count);
  const firstGame = c0 * chunkGames;
  return { index, count, totalGames, firstGame, games: Math.min(c1 * chunkGames, totalGames) - firstGame };
}

/** A shard's per-game rows file and the sha256 its results.json recorded for it. */
export interface RowFile {
  path: string;
  sha256: string;
}

/** What merge produced: the document, plus the shards' per-game row files to concatenate. */
export interface MergedShards {
  doc: ResultsDoc;
  /** The shards' games.f64 files, in game order (when every shard has rows). */
  rowFiles: RowFile[];
}

/**
 * Checks that `docs` (read from `paths`) are all N shards of one run and adds them up.
 * Every mismatch is a ConfigError naming the file and field (exit 2, nothing written).
 */
export function mergeShards(docs: readonly ResultsDoc[], paths: readonly string[]): MergedShards {
  if (docs.length === 0) throw new ConfigError('shards', '', 'expected at least one shard results.json');
  const first = docs[0];
  const same = ['ruleset', 'version', 'seed', 'chunkGames', 'configHash'] as const;
  docs.forEach((d, i) => {
    if (!d.shard) throw new ConfigError(`${paths[i]}: shard`, undefined, 'expected a shard results document (written by `squadsim run --shard K/N --out DIR`)');
    if (d.targetError) throw new ConfigError(`${paths[i]}: targetError`, d.targetError.target, 'is not allowed in a shard');
    for (const k of same) {
      if (d[k] !== first[k]) throw new ConfigError(`${paths[i]}: ${k}`, d[k], `expected ${JSON.stringify(first[k])} as in ${paths[0]}: every shard must come from the same config, seed and squadsim version`);
    }
    for (const k of ['count', 'totalGames'] as const) {
      if (d.shard[k] !== first.shard![k]) throw new ConfigError(`${paths[i]}: shard.${k}`, d.shard[k], `expected ${first.shard![k]} as in ${paths[0]}`);
    }
  });
  const { count, totalGames } = first.shard!;
  const byIndex = new Map<number, number>();
  docs.forEach((d, i) => {
    const k = d.shard!.index;
    if (byIndex.has(k)) throw new ConfigError(`${paths[i]}: shard.index`, k, `expected each shard once; shard ${k}/${count} is also ${paths[byIndex.get(k)!]}`);
    byIndex.set(k, i);
  });
  const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !byIndex.has(k));
  if (missing.length) throw new ConfigError('shards', `${docs.length} file(s)`, `expected all ${count} shards; missing ${missing.map((k) => `${k}/${count}`).join(', ')}`);
  const order = Array.from({ length: count }, (_, k) => byIndex.get(k + 1)!);
  let next = 0;
  for (const i of order) {
    const s = docs[i].shard!;
    const want = shardRange(totalGames, s.index, count, first.chunkGames);
    if (s.firstGame !== next || s.firstGame !== want.firstGame || s.games !== want.games || docs[i].games !== s.games) {
      throw new ConfigError(`${paths[i]}: shard`, s, `expected games [${want.firstGame}, ${want.firstGame + want.games}) for shard ${s.index}/${count} of ${totalGames} games`);
    }
    next += s.games;
  }

  const ruleset = getRuleset(first.ruleset) as Ruleset<CompiledScenario, unknown> | undefined;
  if (!ruleset) throw new ConfigError(`${paths[0]}: ruleset`, first.ruleset, 'is not a ruleset this squadsim knows');
  const scn = ruleset.compile(structuredClone(first.config) as Record<string, unknown>);
  if (configHash(scn.normalized) !== first.configHash) {
    throw new ConfigError(`${paths[0]}: config`, first.configHash, 'does not compile back to its configHash with this squadsim');
  }
  const acc = new Float64Array(scn.plan.layout.size);
  let elapsed = 0;
  for (const i of order) {
    addBlocks(acc, scn, docs[i], paths[i]);
    elapsed += docs[i].summary.elapsedSeconds;
  }
  // What was played is described from the config the shards recorded (the unsharded run's
  // normalized config, field for field), not from compiling it again.
  const summary = buildSummary({ ruleset, scn, normalized: first.config, games: totalGames, seed: first.seed, configHash: first.configHash, acc, elapsedSeconds: elapsed, version: packageVersion(), presets: first.summary.played?.sides.map((s) => s.preset) });
  const doc: ResultsDoc = {
    ...first,
    games: totalGames,
    summary,
    accumulators: readBlocks(scn.plan.layout, acc),
  };
  delete doc.shard;
  delete doc.gameRows;

  const withRows = docs.filter((d) => d.gameRows).length;
  if (withRows !== 0 && withRows !== count) {
    throw new ConfigError('shards', `${withRows} of ${count} with gameRows`, 'expected per-game rows (run --record games) in every shard or in none');
  }
  const rowFiles: RowFile[] = [];
  if (withRows) {
    const cols = JSON.stringify(first.gameRows!.columns);
    for (const i of order) {
      const g = docs[i].gameRows!;
      if (JSON.stringify(g.columns) !== cols) throw new ConfigError(`${paths[i]}: gameRows.columns`, g.columns, `expected ${cols} as in ${paths[0]}`);
      if (g.count !== docs[i].games) throw new ConfigError(`${paths[i]}: gameRows.count`, g.count, `expected ${docs[i].games} (one row per game)`);
      rowFiles.push({ path: gameRowsPath(paths[i], g), sha256: g.sha256 });
    }
    // The merged file's sha256 is known once concatRowFiles has written it.
    doc.gameRows = { ...first.gameRows!, file: GAME_ROWS_FILE, count: totalGames, sha256: '' };
  }
  return { doc, rowFiles };
}

/** Adds a shard's nested accumulators into `acc`; every value must be an integer. */
function addBlocks(acc: Float64Array, scn: CompiledScenario, d: ResultsDoc, path: string): void {
  for (const b of scn.plan.layout.blocks) {
    const flat = (d.accumulators[b.name] as unknown[] | undefined)?.flat(b.dims.length) as unknown[] | undefined;
    if (!flat || flat.length !== b.size) throw new ConfigError(`${path}: accumulators.${b.name}`, flat?.length, `expected ${b.size} values (dims ${b.dims.join('×')})`);
    for (let k = 0; k < b.size; k++) {
      const v = flat[k];
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
        throw new ConfigError(`${path}: accumulators.${b.name}[${k}]`, v, 'expected an integer count or sum (only integer sums merge exactly)');
      }
      acc[b.offset + k] += v;
    }
  }
  for (let k = 0; k < acc.length; k++) {
    if (!Number.isSafeInteger(acc[k])) throw new ConfigError(`${path}: accumulators`, acc[k], 'a merged sum exceeds 2^53 and would lose precision');
  }
}

/**
 * Concatenates the shards' games.f64 files into DIR/games.f64 (temp file, fsync, rename),
 * checking each against the sha256 its shard recorded as it is copied; returns the sha256
 * of the whole. On any failure nothing is left behind.
 */
export function concatRowFiles(files: readonly RowFile[], dir: string): string {
  const created = ensureDir(resolve(dir));
  const tmp = tempBeside(join(resolve(dir), GAME_ROWS_FILE));
  const out = openSync(tmp, 'w');
  const whole = createHash('sha256');
  const buf = new Uint8Array(1 << 20);
  try {
    for (const f of files) {
      const { fd } = openRegularFile(f.path, { field: 'gameRows.file', allowed: "expected the shard's per-game rows file" });
      const part = createHash('sha256');
      try {
        for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) {
          part.update(buf.subarray(0, n));
          whole.update(buf.subarray(0, n));
          for (let off = 0; off < n; ) off += writeSync(out, buf, off, n - off);
        }
      } finally {
        closeSync(fd);
      }
      if ('sha256:' + part.digest('hex') !== f.sha256) throw new ConfigError('gameRows.file', f.path, "does not belong to its shard's results.json (its sha256 differs from gameRows.sha256)");
    }
    fsyncSync(out);
    closeSync(out);
    renameSync(tmp, join(dir, GAME_ROWS_FILE));
    return 'sha256:' + whole.digest('hex');
  } catch (e) {
    try {
      closeSync(out);
    } catch {
      // already closed
    }
    rmSync(tmp, { force: true });
    removeEmptyDirs(created);
    throw e;
  }
}
