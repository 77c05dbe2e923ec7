/**
 * `run --shard auto` (sim/shard-auto.ts): each scheduler's variables map to the 1-based
 * K/N of `--shard K/N`; partial or conflicting variables are exit 2 naming them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shardFromEnv } from '../sim/shard-auto.ts';
import { runMain } from './cli-main.ts';
import { configErrorOf } from './config-error.ts';
import { QUICK } from './dist-fresh.ts';

const shard = (env: Record<string, string>) => {
  const { index, count } = shardFromEnv(env);
  return `${index}/${count}`;
};
const refused = (env: Record<string, string>) => configErrorOf(() => shardFromEnv(env)).message;

describe('--shard auto: the shard from the scheduler', () => {
  it('Kubernetes Indexed Job: 0-based JOB_COMPLETION_INDEX, count from SQUADSIM_SHARD_COUNT', () => {
    expect(shard({ JOB_COMPLETION_INDEX: '0', SQUADSIM_SHARD_COUNT: '4' })).toBe('1/4');
    expect(shard({ JOB_COMPLETION_INDEX: '3', SQUADSIM_SHARD_COUNT: '4' })).toBe('4/4');
    expect(refused({ JOB_COMPLETION_INDEX: '4', SQUADSIM_SHARD_COUNT: '4' })).toMatch(/is shard 5 of 4, outside 1\.\.4/);
    expect(refused({ JOB_COMPLETION_INDEX: '1' })).toMatch(/^--shard: got "auto"; found JOB_COMPLETION_INDEX="1" but no SQUADSIM_SHARD_COUNT: Kubernetes does not export a Job's completions/);
  });

  it('Slurm array: SLURM_ARRAY_TASK_ID counted from SLURM_ARRAY_TASK_MIN in steps, count from _COUNT or _MAX', () => {
    expect(shard({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '8', SLURM_ARRAY_TASK_COUNT: '8' })).toBe('1/8');
    expect(shard({ SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '3' })).toBe('1/4');
    expect(shard({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '4' })).toBe('4/4');
    expect(shard({ SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '7', SLURM_ARRAY_TASK_STEP: '2', SLURM_ARRAY_TASK_COUNT: '4' })).toBe('3/4');
    expect(refused({ SLURM_ARRAY_TASK_ID: '3' })).toMatch(/found SLURM_ARRAY_TASK_ID="3" but no SLURM_ARRAY_TASK_MIN/);
    expect(refused({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1' })).toMatch(/neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX/);
    // --array=1,2,9 (a list with gaps): 3 tasks but ids up to 9.
    expect(refused({ SLURM_ARRAY_TASK_ID: '9', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '9', SLURM_ARRAY_TASK_COUNT: '3' })).toMatch(/the Slurm array is not one range .*submit it as --array=1-N/);
    expect(refused({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '7', SLURM_ARRAY_TASK_STEP: '2' })).toMatch(/SLURM_ARRAY_TASK_ID=4 is not a task of the array from 1 in steps of 2/);
    expect(refused({ SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4', SQUADSIM_SHARD_COUNT: '5' })).toMatch(/the Slurm array says 4 shards but SQUADSIM_SHARD_COUNT=5/);
  });

  it('AWS Batch array: 0-based AWS_BATCH_JOB_ARRAY_INDEX, count from AWS_BATCH_JOB_ARRAY_SIZE or SQUADSIM_SHARD_COUNT', () => {
    expect(shard({ AWS_BATCH_JOB_ARRAY_INDEX: '0', AWS_BATCH_JOB_ARRAY_SIZE: '10' })).toBe('1/10');
    expect(shard({ AWS_BATCH_JOB_ARRAY_INDEX: '9', SQUADSIM_SHARD_COUNT: '10' })).toBe('10/10');
    expect(shard({ AWS_BATCH_JOB_ARRAY_INDEX: '2', AWS_BATCH_JOB_ARRAY_SIZE: '10', SQUADSIM_SHARD_COUNT: '10' })).toBe('3/10');
    expect(refused({ AWS_BATCH_JOB_ARRAY_INDEX: '2', AWS_BATCH_JOB_ARRAY_SIZE: '10', SQUADSIM_SHARD_COUNT: '8' })).toMatch(/AWS_BATCH_JOB_ARRAY_SIZE says 10 shards but SQUADSIM_SHARD_COUNT=8/);
    expect(refused({ AWS_BATCH_JOB_ARRAY_INDEX: '2' })).toMatch(/no SQUADSIM_SHARD_COUNT: no AWS_BATCH_JOB_ARRAY_SIZE either/);
  });

  it('explicit SQUADSIM_SHARD_INDEX (1-based, e.g. a GitHub Actions matrix) with SQUADSIM_SHARD_COUNT', () => {
    expect(shard({ SQUADSIM_SHARD_INDEX: '2', SQUADSIM_SHARD_COUNT: '4' })).toBe('2/4');
    expect(refused({ SQUADSIM_SHARD_INDEX: '0', SQUADSIM_SHARD_COUNT: '4' })).toMatch(/is shard 0 of 4, outside 1\.\.4/);
    expect(refused({ SQUADSIM_SHARD_INDEX: '2' })).toMatch(/found SQUADSIM_SHARD_INDEX="2" but no SQUADSIM_SHARD_COUNT/);
    expect(refused({ SQUADSIM_SHARD_INDEX: 'two', SQUADSIM_SHARD_COUNT: '4' })).toMatch(/^--shard auto: SQUADSIM_SHARD_INDEX: got "two"; expected a whole number/);
  });

  it('none, partial or two schedulers at once: exit 2 naming the variables', () => {
    expect(refused({})).toMatch(/^--shard: got "auto"; found no scheduler variables in the environment; expected the variables of one scheduler: JOB_COMPLETION_INDEX/);
    expect(refused({ SQUADSIM_SHARD_COUNT: '4' })).toMatch(/found SQUADSIM_SHARD_COUNT="4" but no shard index variable/);
    expect(refused({ JOB_COMPLETION_INDEX: '1', SLURM_ARRAY_TASK_ID: '2', SQUADSIM_SHARD_COUNT: '4' })).toMatch(/found a shard index in more than one variable \(JOB_COMPLETION_INDEX="1", SLURM_ARRAY_TASK_ID="2"\)/);
    // An empty variable counts as unset (a template that leaves one blank).
    expect(shard({ JOB_COMPLETION_INDEX: '', SQUADSIM_SHARD_INDEX: '1', SQUADSIM_SHARD_COUNT: '2' })).toBe('1/2');
  });
});

describe('run --shard auto (CLI)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'squadsim-shard-auto-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const VARS = ['JOB_COMPLETION_INDEX', 'SQUADSIM_SHARD_INDEX', 'SQUADSIM_SHARD_COUNT', 'SLURM_ARRAY_TASK_ID', 'AWS_BATCH_JOB_ARRAY_INDEX'];

  it('plays the same shard as --shard K/N, and says where K/N came from; none found is exit 2 with nothing written', async () => {
    const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
    try {
      for (const v of VARS) delete process.env[v];
      const none = await runMain(['run', QUICK, '--games', '2000', '--workers', '0', '--shard', 'auto', '--out', join(tmp, 'none')]);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/--shard: got "auto"; found no scheduler variables/);
      Object.assign(process.env, { JOB_COMPLETION_INDEX: '2', SQUADSIM_SHARD_COUNT: '4' });
      const auto = await runMain(['run', QUICK, '--games', '2000', '--workers', '0', '--shard', 'auto', '--out', join(tmp, 'auto')]);
      expect(auto.code, auto.stderr).toBe(0);
      expect(auto.stderr).toMatch(/--shard auto: shard 3\/4 \(JOB_COMPLETION_INDEX=2 \(0-based\) and SQUADSIM_SHARD_COUNT=4\)/);
      const explicit = await runMain(['run', QUICK, '--games', '2000', '--workers', '0', '--shard', '3/4', '--out', join(tmp, 'explicit')]);
      expect(explicit.code).toBe(0);
      const acc = (d: string) => JSON.stringify(JSON.parse(readFileSync(join(tmp, d, 'results.json'), 'utf8')).accumulators);
      expect(acc('auto')).toBe(acc('explicit'));
      expect(JSON.parse(readFileSync(join(tmp, 'auto', 'results.json'), 'utf8')).shard).toEqual({ index: 3, count: 4, totalGames: 2000, firstGame: 1000, games: 500 });
    } finally {
      for (const v of VARS) if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
    }
  });
});
