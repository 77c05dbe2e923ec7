/**
 * `run --shard auto`: the shard's K/N from the batch scheduler that started this process,
 * so one job template serves every shard. Each scheduler numbers its tasks its own way; all
 * are mapped to the 1-based K of `--shard K/N` (sim/shards.ts):
 *
 * | scheduler | index | count |
 * |---|---|---|
 * | Kubernetes Indexed Job | JOB_COMPLETION_INDEX, 0-based | not exported: SQUADSIM_SHARD_COUNT (= spec.completions) |
 * | Slurm job array | SLURM_ARRAY_TASK_ID, from SLURM_ARRAY_TASK_MIN in SLURM_ARRAY_TASK_STEP steps | SLURM_ARRAY_TASK_COUNT, or from SLURM_ARRAY_TASK_MAX |
 * | AWS Batch array job | AWS_BATCH_JOB_ARRAY_INDEX, 0-based | AWS_BATCH_JOB_ARRAY_SIZE, else SQUADSIM_SHARD_COUNT |
 * | explicit (e.g. a GitHub Actions matrix) | SQUADSIM_SHARD_INDEX, 1-based like K | SQUADSIM_SHARD_COUNT |
 *
 * Two schedulers' indices at once, a count that disagrees with another, an index without
 * its count, or values that are not whole numbers are a ConfigError naming the variables.
 */
import { ConfigError } from '../engine/errors.ts';

export interface AutoShard {
  index: number;
  count: number;
  /** Where K and N came from, e.g. "JOB_COMPLETION_INDEX=1 and SQUADSIM_SHARD_COUNT=4". */
  source: string;
}

const INDEX_VARS = ['SQUADSIM_SHARD_INDEX', 'JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID', 'AWS_BATCH_JOB_ARRAY_INDEX'] as const;
const COUNT_VARS = ['SQUADSIM_SHARD_COUNT', 'SLURM_ARRAY_TASK_COUNT', 'SLURM_ARRAY_TASK_MIN', 'SLURM_ARRAY_TASK_MAX', 'SLURM_ARRAY_TASK_STEP', 'AWS_BATCH_JOB_ARRAY_SIZE'] as const;

const ALLOWED = 'expected the variables of one scheduler: JOB_COMPLETION_INDEX with SQUADSIM_SHARD_COUNT (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT or _MAX (Slurm array), AWS_BATCH_JOB_ARRAY_INDEX with AWS_BATCH_JOB_ARRAY_SIZE or SQUADSIM_SHARD_COUNT (AWS Batch array), or SQUADSIM_SHARD_INDEX (1-based) with SQUADSIM_SHARD_COUNT; see docs/distributed.md';

/** The shard `--shard auto` means in environment `env`. */
export function shardFromEnv(env: NodeJS.ProcessEnv): AutoShard {
  const set = (name: string): boolean => env[name] !== undefined && env[name] !== '';
  const shown = (names: readonly string[]): string => names.map((n) => `${n}=${JSON.stringify(env[n])}`).join(', ');
  const fail = (why: string): never => {
    throw new ConfigError('--shard', 'auto', `${why}; ${ALLOWED}`);
  };
  const int = (name: string, what: string): number => {
    const raw = env[name]!;
    if (!/^\s*\d{1,9}\s*$/.test(raw)) throw new ConfigError(`--shard auto: ${name}`, raw, `expected a whole number (${what})`);
    return Number(raw);
  };
  const indices = INDEX_VARS.filter(set);
  if (indices.length > 1) fail(`found a shard index in more than one variable (${shown(indices)}): set only one scheduler's`);
  if (indices.length === 0) {
    const counts = COUNT_VARS.filter(set);
    fail(counts.length ? `found ${shown(counts)} but no shard index variable` : 'found no scheduler variables in the environment');
  }
  const which = indices[0];
  const explicitCount = set('SQUADSIM_SHARD_COUNT') ? int('SQUADSIM_SHARD_COUNT', 'the number of shards') : undefined;
  // A count from the scheduler and SQUADSIM_SHARD_COUNT must agree.
  const agree = (count: number, from: string): number => {
    if (explicitCount !== undefined && explicitCount !== count) fail(`${from} says ${count} shards but SQUADSIM_SHARD_COUNT=${explicitCount}`);
    return count;
  };
  const needCount = (why: string): number => explicitCount ?? fail(`found ${shown([which])} but no SQUADSIM_SHARD_COUNT: ${why}`);
  let index: number, count: number, source: string;
  switch (which) {
    case 'SQUADSIM_SHARD_INDEX':
      index = int(which, 'the 1-based shard number K of --shard K/N');
      count = needCount('give the number of shards');
      source = `${which}=${index} and SQUADSIM_SHARD_COUNT=${count}`;
      break;
    case 'JOB_COMPLETION_INDEX':
      index = int(which, "the 0-based completion index of a Kubernetes Indexed Job's pod") + 1;
      count = needCount("Kubernetes does not export a Job's completions; set it to spec.completions in the pod's env");
      source = `${which}=${index - 1} (0-based) and SQUADSIM_SHARD_COUNT=${count}`;
      break;
    case 'AWS_BATCH_JOB_ARRAY_INDEX': {
      index = int(which, 'the 0-based index of an AWS Batch array child job') + 1;
      const size = set('AWS_BATCH_JOB_ARRAY_SIZE') ? agree(int('AWS_BATCH_JOB_ARRAY_SIZE', 'the size of the AWS Batch array job'), 'AWS_BATCH_JOB_ARRAY_SIZE') : undefined;
      count = size ?? needCount('no AWS_BATCH_JOB_ARRAY_SIZE either; set it to the array size');
      source = `${which}=${index - 1} (0-based) and ${size !== undefined ? 'AWS_BATCH_JOB_ARRAY_SIZE' : 'SQUADSIM_SHARD_COUNT'}=${count}`;
      break;
    }
    default: {
      // Slurm: --array=MIN-MAX[:STEP]; the tasks are MIN, MIN+STEP, ..., and K counts them from 1.
      const id = int(which, 'the Slurm array task id');
      if (!set('SLURM_ARRAY_TASK_MIN')) fail(`found ${shown([which])} but no SLURM_ARRAY_TASK_MIN`);
      const min = int('SLURM_ARRAY_TASK_MIN', 'the lowest task id of the Slurm array');
      const step = set('SLURM_ARRAY_TASK_STEP') ? int('SLURM_ARRAY_TASK_STEP', 'the step of the Slurm array') : 1;
      if (step < 1) fail(`SLURM_ARRAY_TASK_STEP=${step} is not a step`);
      const fromMax = set('SLURM_ARRAY_TASK_MAX') ? (int('SLURM_ARRAY_TASK_MAX', 'the highest task id of the Slurm array') - min) / step + 1 : undefined;
      const tasks = set('SLURM_ARRAY_TASK_COUNT') ? int('SLURM_ARRAY_TASK_COUNT', 'the number of tasks in the Slurm array') : undefined;
      if (fromMax === undefined && tasks === undefined) fail(`found ${shown([which, 'SLURM_ARRAY_TASK_MIN'])} but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX`);
      if (fromMax !== undefined && (!Number.isInteger(fromMax) || fromMax < 1 || (tasks !== undefined && tasks !== fromMax))) {
        fail(`the Slurm array is not one range (${shown(COUNT_VARS.filter((n) => n.startsWith('SLURM') && set(n)))}): submit it as --array=1-N (or 0-(N-1))`);
      }
      if (id < min || (id - min) % step !== 0) fail(`SLURM_ARRAY_TASK_ID=${id} is not a task of the array from ${min} in steps of ${step}`);
      count = agree((tasks ?? fromMax)!, 'the Slurm array');
      index = (id - min) / step + 1;
      source = `SLURM_ARRAY_TASK_ID=${id} of the array ${min}..${min + (count - 1) * step}${step > 1 ? `:${step}` : ''}`;
    }
  }
  if (count < 1 || index < 1 || index > count) fail(`${source} is shard ${index} of ${count}, outside 1..${count}`);
  return { index, count, source };
}
