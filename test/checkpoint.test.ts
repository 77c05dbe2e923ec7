import { spawn } from 'node:child_process';
import { QUICK } from './dist-fresh.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GAMES } from '../sim/chunks.ts';
import { runSimulation, type RunResult } from '../sim/run.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { seal } from '../resultsdoc/seal.ts';
import { CLI, cliSandbox } from './cli-harness.ts';
import { HANG_MS } from './limits.ts';

const same = (a: RunResult, b: RunResult): void => {
  expect(JSON.stringify(stableSummary(a.summary))).toBe(JSON.stringify(stableSummary(b.summary)));
  expect(Buffer.from(a.acc.buffer).equals(Buffer.from(b.acc.buffer))).toBe(true);
};

describe('resuming from a checkpoint (sim/run.ts resume)', () => {
  it('a run interrupted after 2 chunks and resumed equals the uninterrupted run', async () => {
    const whole = await runSimulation({ config: QUICK, games: 2300, seed: 3, workers: 0 });
    let saved: { nextChunk: number; acc: Float64Array } | undefined;
    await expect(runSimulation({
      config: QUICK, games: 2300, seed: 3, workers: 0,
      onMerged: (done, acc) => {
        if (done === 2) saved = { nextChunk: done, acc: Float64Array.from(acc) };
        if (done === 3) throw new Error('interrupted');
      },
    })).rejects.toThrow('interrupted');
    expect(saved?.nextChunk).toBe(2);
    const resumed = await runSimulation({ config: QUICK, games: 2300, seed: 3, workers: 0, resume: { ...saved!, elapsedSeconds: 1 } });
    same(resumed, whole);
    expect(resumed.elapsedSeconds).toBeGreaterThanOrEqual(1);
  });

  it('a --target-error run checkpointed where it stopped plays nothing more; resumed earlier it stops at the same chunk', async () => {
    const opts = { config: QUICK, games: 1000, seed: 8, workers: 0, targetError: 0.02, maxGames: 20_000 };
    const states: Float64Array[] = [];
    const whole = await runSimulation({ ...opts, onMerged: (_d, acc) => void states.push(Float64Array.from(acc)) });
    const chunks = whole.games / CHUNK_GAMES;
    expect(chunks).toBeGreaterThan(3);
    expect(whole.targetError?.reached).toBe(true);
    for (const k of [2, chunks]) {
      const resumed = await runSimulation({ ...opts, resume: { nextChunk: k, acc: states[k - 1], elapsedSeconds: 0 } });
      same(resumed, whole);
      expect(resumed.targetError).toEqual(whole.targetError);
    }
  });
});

describe('squadsim run --checkpoint (CLI)', () => {
  const { cli, dir } = cliSandbox('squadsim-ckpt-');
  // 120,000 quick games (~6 s of CPU on one worker, as checkpoint-hardening's Ctrl-C run): the
  // first checkpoint is saved after 1 s, long before the run could end, even on a loaded machine
  // (200,000 before issue 32). The resume runs on 2 workers.
  const GAMES = '120000';
  const args = (out: string, ckpt: string, workers = '1') => ['run', QUICK, '--games', GAMES, '--seed', '4', '--workers', workers, '--out', out, '--checkpoint', ckpt, '--checkpoint-seconds', '1'];

  it('killed mid-run and rerun, it resumes and writes the same results as an uninterrupted run; then the checkpoint is gone', async () => {
    const ckpt = join(dir(), 'run.ckpt');
    const child = spawn(process.execPath, [CLI, ...args('killed', ckpt)], { cwd: dir(), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let exitCode: number | null = null;
    const exited = new Promise((r) => child.on('exit', (c) => r((exitCode = c))));
    const t0 = Date.now();
    while (!existsSync(ckpt) && exitCode === null && Date.now() - t0 < HANG_MS) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(ckpt), `no checkpoint after ${Date.now() - t0} ms; exit ${exitCode}; stderr: ${stderr}`).toBe(true);
    expect(existsSync(join(dir(), 'killed', 'results.json'))).toBe(false);
    const done = JSON.parse(readFileSync(ckpt, 'utf8')).nextChunk;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(Number(GAMES) / CHUNK_GAMES); // killed before its last chunk

    const resumed = cli(args('killed', ckpt, '2'));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resuming from .*run\\.ckpt: ${done} chunk`));
    expect(existsSync(ckpt)).toBe(false);
    const whole = cli(['run', QUICK, '--games', GAMES, '--seed', '4', '--workers', '2', '--out', 'whole']);
    expect(whole.code).toBe(0);
    const doc = (d: string) => {
      const { integrity: _hash, ...r } = JSON.parse(readFileSync(join(dir(), d, 'results.json'), 'utf8')); // the hash covers the timings
      return JSON.stringify({ ...r, summary: stableSummary(r.summary) });
    };
    expect(doc('killed')).toBe(doc('whole'));
  });

  it('a checkpoint of another run, a damaged one, or with --record exits 2 and writes nothing', () => {
    const ckpt = join(dir(), 'seed4.ckpt');
    const { configHash, version } = JSON.parse(cli(['run', '--games', '500', '--workers', '0', '--json']).stdout);
    const doc = { schema: 'squadsim.checkpoint/1', ruleset: 'nco', configHash, seed: 4, games: 12000, maxGames: null, targetError: null, shard: null, version, chunkGames: 500, nextChunk: 1, elapsedSeconds: 1, acc: [] };
    writeFileSync(ckpt, JSON.stringify(seal(doc)));
    const cases: [string[], RegExp][] = [
      [['--seed', '5'], /--checkpoint: got ".*seed4\.ckpt"; belongs to another run \(seed 4, this run 5\)/],
      [['--seed', '4', '--record', 'games'], /--checkpoint.*cannot be used with --record games/],
    ];
    for (const [extra, msg] of cases) {
      const r = cli(['run', '--games', '12000', '--workers', '0', '--out', 'bad', '--checkpoint', ckpt, ...extra]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(existsSync(join(dir(), 'bad'))).toBe(false);
    }
    writeFileSync(ckpt, '{');
    const r = cli(['run', '--games', '12000', '--workers', '0', '--out', 'bad', '--checkpoint', ckpt]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not valid JSON/);
    expect(existsSync(join(dir(), 'bad'))).toBe(false);
  });
});
