import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GAMES } from '../sim/chunks.ts';
import type { ResultsDoc } from '../resultsdoc/format.ts';
import { resultsDocOf, runSimulation } from '../sim/run.ts';
import { mergeShards, parseShard, shardRange } from '../sim/shards.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { configErrorOf } from './config-error.ts';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { ROOT, QUICK } from './dist-fresh.ts';

const IRON = join(ROOT, 'configs', 'iron-squad', 'default.json');

/** The results document of games [0, games) played in one piece, or as shard k of n. */
async function doc(games: number, seed: number, config?: string, shard?: { index: number; count: number }): Promise<ResultsDoc> {
  return resultsDocOf(await runSimulation({ games, seed, workers: 0, config: config ?? QUICK, ...(shard ? { shard } : {}) }));
}

async function shards(games: number, seed: number, n: number, config?: string): Promise<ResultsDoc[]> {
  const out: ResultsDoc[] = [];
  for (let k = 1; k <= n; k++) out.push(await doc(games, seed, config, { index: k, count: n }));
  return out;
}

const names = (docs: ResultsDoc[]): string[] => docs.map((_, i) => `shard${i}.json`);

/** A document with the timing fields (and the integrity hash, which covers them) taken out: what must be bit-identical. */
function stable(d: ResultsDoc): string {
  const { integrity: _hash, ...rest } = d;
  return JSON.stringify({ ...rest, summary: stableSummary(d.summary) });
}

describe('shardRange / parseShard', () => {
  it('shards tile the run chunk by chunk, in order, sizes within one chunk of each other', () => {
    for (const games of [500, 501, 1300, 10_000, 123_457]) {
      const chunks = Math.ceil(games / CHUNK_GAMES);
      for (let n = 1; n <= Math.min(chunks, 9); n++) {
        let next = 0;
        const sizes: number[] = [];
        for (let k = 1; k <= n; k++) {
          const s = shardRange(games, k, n);
          expect(s.firstGame).toBe(next);
          expect(s.firstGame % CHUNK_GAMES).toBe(0);
          expect(s.games).toBeGreaterThan(0);
          next += s.games;
          sizes.push(Math.ceil(s.games / CHUNK_GAMES));
        }
        expect(next).toBe(games);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses more shards than chunks, and malformed K/N, naming the flag', () => {
    expect(configErrorOf(() => shardRange(1000, 1, 3)).message).toMatch(/--shard.*at most 2 shards/);
    for (const bad of ['0/2', '3/2', '2', 'a/b', '1/0', '-1/2', '']) expect(configErrorOf(() => parseShard(bad)).message).toMatch(/^--shard: .*expected K\/N/);
    expect(parseShard(' 2 / 4 ')).toEqual({ index: 2, count: 4 });
  });
});

describe('mergeShards', () => {
  it('NCO: 3 shards merged in any order equal the unsharded run bit for bit', async () => {
    const whole = await doc(2600, 5);
    const parts = await shards(2600, 5, 3);
    expect(parts.map((p) => p.games)).toEqual([1000, 1000, 600]);
    const merged = mergeShards([parts[2], parts[0], parts[1]], names(parts)).doc;
    expect(stable(merged)).toBe(stable(whole));
  });

  it('Iron Squad: 2 shards merged equal the unsharded run', async () => {
    const whole = await doc(1100, 9, IRON);
    const merged = mergeShards(await shards(1100, 9, 2, IRON), ['a', 'b']).doc;
    expect(stable(merged)).toBe(stable(whole));
    expect(merged.shard).toBeUndefined();
  });

  it('Iron Squad solo: 2 shards merge into the unsharded run (the bot\'s normalized side did not compile back: exit 2)', async () => {
    const solo = join(ROOT, 'configs', 'iron-squad', 'solo.json');
    const whole = await doc(600, 4, solo);
    const merged = mergeShards(JSON.parse(JSON.stringify(await shards(600, 4, 2, solo))), ['a', 'b']).doc;
    expect(stable(merged)).toBe(stable(JSON.parse(JSON.stringify(whole))));
  });

  it('refuses shards that are not all the parts of one run', async () => {
    const parts = await shards(1500, 3, 3);
    const other = await shards(1500, 4, 3);
    const n = names(parts);
    expect(configErrorOf(() => mergeShards([parts[0], parts[2]], n)).message).toMatch(/missing 2\/3/);
    expect(configErrorOf(() => mergeShards([parts[0], parts[1], parts[1]], n)).message).toMatch(/shard\.index: got 2; expected each shard once/);
    expect(configErrorOf(() => mergeShards([parts[0], other[1], parts[2]], n)).message).toMatch(/shard1\.json: seed: got 4; expected 3/);
    const whole = await doc(1000, 3);
    expect(configErrorOf(() => mergeShards([whole], ['whole.json'])).message).toMatch(/whole\.json: shard.*--shard K\/N/);
    const fewer = await shards(1500, 3, 2);
    expect(configErrorOf(() => mergeShards([parts[0], fewer[1]], n)).message).toMatch(/shard\.count: got 2; expected 3/);
    const hacked = structuredClone(parts[1]);
    (hacked.accumulators.score as number[])[0] += 0.5;
    expect(configErrorOf(() => mergeShards([parts[0], hacked, parts[2]], n)).message).toMatch(/accumulators\.score\[0\].*integer/);
  });
});

describe('squadsim run --shard / merge (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-shard-');

  it('shards on different worker counts merge into the unsharded run, per-game rows included', () => {
    const common = [QUICK, '--games', '1500', '--seed', '11', '--record', 'games'];
    expect(cli(['run', ...common, '--workers', '2', '--out', 'whole']).code).toBe(0);
    expect(cli(['run', ...common, '--workers', '0', '--shard', '1/2', '--out', 's1']).code).toBe(0);
    const r2 = cli(['run', ...common, '--workers', '1', '--shard', '2/2', '--out', 's2']);
    expect(r2.stdout).toMatch(/shard 2\/2: games 500–1499 of 1500/);
    const m = cli(['merge', 's2/results.json', 's1/results.json', '--out', 'merged', '--json']);
    expect(m.stderr).toBe('');
    expect(m.code).toBe(0);
    const read = (d: string) => JSON.parse(readFileSync(join(dir(), d, 'results.json'), 'utf8')) as ResultsDoc;
    expect(stable(read('merged'))).toBe(stable(read('whole')));
    expect(JSON.stringify(stableSummary(JSON.parse(m.stdout)))).toBe(JSON.stringify(stableSummary(read('whole').summary)));
    expect(readFileSync(join(dir(), 'merged', 'games.f64')).equals(readFileSync(join(dir(), 'whole', 'games.f64')))).toBe(true);
  });

  it('OWAM: merge writes the unsharded run\'s results.json byte for byte, timings and their hash aside', () => {
    const owam = join(ROOT, 'configs', 'owam', 'default.json');
    const common = [owam, '--games', '1000', '--seed', '5', '--workers', '0'];
    expect(cli(['run', ...common, '--out', 'ow-whole']).code).toBe(0);
    for (const k of [1, 2]) expect(cli(['run', ...common, '--shard', `${k}/2`, '--out', `ow-s${k}`]).code).toBe(0);
    const m = cli(['merge', 'ow-s1/results.json', 'ow-s2/results.json', '--out', 'ow-merged']);
    expect(m.code, m.stderr).toBe(0);
    const bytes = (d: string): string => readFileSync(join(dir(), d, 'results.json'), 'utf8').replace(/"(elapsedSeconds|gamesPerSecond|integrity)":\s*("[^"]*"|[0-9.e+-]+)/g, '"$1":0');
    expect(bytes('ow-merged')).toBe(bytes('ow-whole'));
  });

  // main() in the temp folder (runMain): 6 CLI start-ups fewer; the exit codes and messages are main()'s.
  it('bad --shard and incomplete merges exit 2 and write nothing', async () => {
    const inProcess = (args: readonly string[]) => runMain(args, dir());
    const bad = [
      [['run', '--games', '1000', '--shard', '3/2', '--out', 'x1'], /--shard: got "3\/2"; expected K\/N/],
      [['run', '--games', '1000', '--shard', '1/3', '--out', 'x2'], /at most 2 shards/],
      [['run', '--target-error', '0.05', '--shard', '1/2', '--out', 'x3'], /--shard.*--target-error/],
    ] as const;
    for (const [args, msg] of bad) {
      const r = await inProcess([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(existsSync(join(dir(), args[args.length - 1]))).toBe(false);
    }
    expect((await inProcess(['run', QUICK, '--games', '1500', '--seed', '2', '--workers', '0', '--shard', '1/3', '--out', 'p1'])).code).toBe(0);
    const m = await inProcess(['merge', 'p1/results.json', '--out', 'pm']);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/missing 2\/3, 3\/3/);
    expect(existsSync(join(dir(), 'pm'))).toBe(false);
    const none = await inProcess(['merge', 'nope/results.json', '--out', 'pn']);
    expect(none.code).toBe(2);
    expect(existsSync(join(dir(), 'pn'))).toBe(false);
  });
});
