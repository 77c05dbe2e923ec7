/**
 * Checkpoints that cannot lie (sealed, with invariants), checkpoints that cannot be saved
 * or removed mid-run (the run goes on and keeps its work), and Ctrl-C / SIGTERM during a
 * run (stop cleanly, save what was merged, say how to resume, exit 130 / 143).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configHash } from '../resultsdoc/hash.ts';
import { seal } from '../resultsdoc/seal.ts';
import { stableSummary } from '../resultsdoc/summary.ts';
import { checkpointDoc, readCheckpoint, type CheckpointDoc, type CheckpointKey } from '../sim/checkpoint.ts';
import { loadConfig, type LoadedConfig } from '../sim/config.ts';
import { runJob } from '../sim/job.ts';
import { runSimulation } from '../sim/run.ts';
import { CLI, cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { configErrorOf } from './config-error.ts';
import { QUICK } from './dist-fresh.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-ckpt-hard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a checkpoint is sealed and must be a prefix of this run', () => {
  let loaded: LoadedConfig;
  let key: CheckpointKey;
  let good: CheckpointDoc;
  beforeAll(async () => {
    loaded = loadConfig(QUICK);
    key = { ruleset: 'nco', configHash: configHash(loaded.scn.normalized), seed: 4, games: 1200, maxGames: null, targetError: null, shard: null };
    let acc: Float64Array | undefined;
    await runSimulation({ config: loaded, games: 1200, seed: 4, workers: 0, onMerged: (done, a) => void (done === 1 && (acc = Float64Array.from(a))) });
    good = checkpointDoc(key, 1, acc!, 0.5);
  });
  const read = (doc: object): ReturnType<typeof readCheckpoint> => {
    const p = join(tmp, 'c.ckpt');
    writeFileSync(p, JSON.stringify(doc));
    return readCheckpoint(p, key, loaded.scn.plan.layout);
  };
  const edit = (f: (d: CheckpointDoc) => void): CheckpointDoc => {
    const d = structuredClone(good);
    f(d);
    return d;
  };
  const outcomeAt = () => loaded.scn.plan.layout.offset('outcome');

  it('a good one resumes', () => {
    expect(read(good)?.nextChunk).toBe(1);
  });

  it('edited sums, nextChunk or identity without a new hash: refused (6 of 30 tampered ones used to be accepted)', () => {
    for (const d of [edit((x) => (x.acc[outcomeAt()] += 1)), edit((x) => (x.nextChunk = 2)), edit((x) => (x.acc[x.acc.length - 1] += 7)), edit((x) => delete (x as Partial<CheckpointDoc>).acc)]) {
      expect(configErrorOf(() => read(d)).message).toMatch(/^--checkpoint: got ".*c\.ckpt"; fails its integrity check/);
    }
    const { integrity: _h, ...bare } = good as CheckpointDoc & { integrity: string };
    expect(configErrorOf(() => read(bare)).message).toMatch(/has no "integrity" hash/);
  });

  it('resealed ones still have to hold what a prefix of the run holds', () => {
    const cases: [CheckpointDoc, RegExp][] = [
      // 6,000 games whose wins and draws add up to 2,000 gave a wrong summary with exit 0.
      [edit((x) => (x.acc[outcomeAt()] += 100)), /outcomes \[.*\] do not add up to the 500 games of its 1 chunks/],
      [edit((x) => (x.nextChunk = 2)), /outcomes .* do not add up to the 1000 games of its 2 chunks/],
      [edit((x) => (x.nextChunk = 9)), /nextChunk 9 is past this run's 3 chunks/],
      [edit((x) => (x.acc[0] = 0.5)), /accumulator value 0 is 0\.5, not an integer sum/],
      [edit((x) => x.acc.pop()), /this run has \d+/],
      [edit((x) => (x.nextChunk = -1)), /is damaged/],
      [edit((x) => (x.elapsedSeconds = -3)), /is damaged/],
    ];
    for (const [d, msg] of cases) expect(configErrorOf(() => read(seal(d))).message).toMatch(msg);
  });

  it('through the CLI: exit 2, nothing run, nothing written', async () => {
    const p = join(tmp, 'cli.ckpt');
    writeFileSync(p, JSON.stringify(edit((x) => (x.acc[outcomeAt()] += 1))));
    const r = await runMain(['run', QUICK, '--games', '1200', '--seed', '4', '--workers', '0', '--checkpoint', p, '--out', join(tmp, 'never')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/fails its integrity check/);
    expect(existsSync(join(tmp, 'never'))).toBe(false);
  });
});

describe('a checkpoint that cannot be saved or removed mid-run', () => {
  it('warns, keeps playing and writes the same results as a run without one', async () => {
    const folder = join(tmp, 'ckdir');
    const warnings: string[] = [];
    let chunks = 0;
    const job = await runJob({
      config: QUICK, games: 20000, seed: 2, workers: 0, out: join(tmp, 'sabotaged'), checkpoint: join(folder, 'run.ckpt'), checkpointSeconds: 0,
      onWarning: (m) => warnings.push(m),
      progress: () => {
        // After two saves, the checkpoint's folder becomes a file: every later save fails, and so does the removal.
        if (++chunks === 3) {
          rmSync(folder, { recursive: true, force: true });
          writeFileSync(folder, 'not a folder');
        }
      },
    });
    expect(job.resultsPath).toBe(join(tmp, 'sabotaged', 'results.json'));
    expect(warnings[0]).toMatch(/^could not save checkpoint .*run\.ckpt \(.*\); the run goes on and tries again in 0 s$/);
    expect(warnings.at(-1)).toMatch(/the run is complete, but its checkpoint .* could not be removed/);
    const plain = await runSimulation({ config: QUICK, games: 20000, seed: 2, workers: 0 });
    expect(stableSummary(job.run.summary)).toEqual(stableSummary(plain.summary));
  });
});

describe('SIGINT and SIGTERM during run (a real process)', () => {
  const { cli, dir } = cliSandbox('squadsim-signal-');
  /**
   * Starts `squadsim ...args` with SQUADSIM_READY_LINE=1, waits until its stderr says the stop
   * handler `ready` is up (cli/signals.ts announceReady) and `until()` holds (polled), then
   * sends `signal` and returns the exit. No fixed delay: a loaded machine only takes longer.
   */
  async function interrupt(args: string[], signal: NodeJS.Signals, ready: RegExp, until: () => boolean = () => true): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir(), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SQUADSIM_READY_LINE: '1' } });
    let stderr = '';
    child.stderr.on('data', (b) => (stderr += String(b)));
    let code: number | null | undefined;
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r((code = c))));
    try {
      while (!(ready.test(stderr) && until())) {
        if (code !== undefined) throw new Error(`exited ${code} before it was ready for ${signal}: ${stderr}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      child.kill(signal);
      return { code: await exited, stderr };
    } finally {
      if (code === undefined) child.kill('SIGKILL');
    }
  }
  const RUN_READY = /squadsim: ready for stop signals: stops after the chunks in flight\n/;

  it('Ctrl-C on a checkpointed run saves every merged chunk, says how to resume, exits 130; the resumed run equals an uninterrupted one', async () => {
    // 120,000 quick games (~5 s of CPU on one worker): 4 s are left after the first save.
    const args = ['run', QUICK, '--games', '120000', '--seed', '6', '--workers', '1', '--out', 'ctrlc', '--checkpoint', 'ctrlc.ckpt', '--checkpoint-seconds', '1'];
    // Signalled once the first checkpoint is saved: some chunks are merged by then.
    const r = await interrupt(args, 'SIGINT', RUN_READY, () => existsSync(join(dir(), 'ctrlc.ckpt')));
    expect(r.code, r.stderr).toBe(130);
    const m = /interrupted by SIGINT after (\d+) of 120000 games; saved them \((\d+) chunks\) to the checkpoint ctrlc\.ckpt: rerun the same command to resume/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    const saved = JSON.parse(readFileSync(join(dir(), 'ctrlc.ckpt'), 'utf8'));
    expect(saved.nextChunk).toBe(Number(m![2]));
    expect(saved.nextChunk).toBeGreaterThan(0);
    expect(saved.nextChunk * 500).toBe(Number(m![1])); // no completed chunk lost
    expect(existsSync(join(dir(), 'ctrlc'))).toBe(false);
    const done = cli(args);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(new RegExp(`resuming from ctrlc\\.ckpt: ${saved.nextChunk} chunk`));
    expect(done.stderr).not.toMatch(/ready for stop signals/); // only with SQUADSIM_READY_LINE=1
    const whole = cli(['run', QUICK, '--games', '120000', '--seed', '6', '--workers', '2', '--json']);
    expect(JSON.stringify(stableSummary(JSON.parse(readFileSync(join(dir(), 'ctrlc', 'results.json'), 'utf8')).summary))).toBe(JSON.stringify(stableSummary(JSON.parse(whole.stdout))));
  });

  it('SIGTERM without a checkpoint exits 143, says nothing was saved, and leaves no --out, no temp file', async () => {
    const r = await interrupt(['run', '--games', '100000', '--workers', '1', '--record', 'games', '--out', 'term/deep'], 'SIGTERM', RUN_READY);
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toMatch(/interrupted by SIGTERM after \d+ of 100000 games; nothing was saved \(no --checkpoint FILE was asked for/);
    expect(existsSync(join(dir(), 'term'))).toBe(false);
    expect(readdirSync(dir()).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('Ctrl-C during a command that writes only at the end (tournament) says nothing was written, exits 130, writes nothing', async () => {
    const r = await interrupt(['tournament', '--games', '400000', '--workers', '1', '--out', 'tour'], 'SIGINT', /squadsim: ready for stop signals: nothing is written if stopped\n/);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/interrupted by SIGINT; `squadsim tournament` writes its files only when it finishes, so nothing was written/);
    expect(existsSync(join(dir(), 'tour'))).toBe(false);
  });
});
