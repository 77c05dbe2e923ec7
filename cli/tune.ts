/**
 * `squadsim tune <config> --policy ID`: NTBEA over the policy's parameters against a field
 * of opponents on the config's matchup (sim/tune.ts); writes the winner as a policy preset
 * file that configs can name (`"policy": "../policies/tuned.json"`).
 */
import { dirname } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { zFor } from '../engine/stats.ts';
import { pairScore } from '../analysis/tournament.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { configHash } from '../resultsdoc/hash.ts';
import { loadConfig } from '../sim/config.ts';
import { parseEntrants } from './entrants.ts';
import { packageVersion } from '../sim/paths.ts';
import { checkTunePlan, meanScore, tune, type TunePlan, type TuneResult } from '../sim/tune.ts';
import { tuneSpace, withStart } from '../sim/tune-space.ts';
import { intFlag, workersFlag } from './errors.ts';

interface TuneArgs {
  config?: string;
  policy: string;
  field?: string;
  params?: string;
  budget?: unknown;
  seedsPerEval?: unknown;
  finalists?: unknown;
  neighbours?: unknown;
  explore?: unknown;
  seed?: unknown;
  workers?: unknown;
  out?: string;
  json: boolean;
}

function builder(y: Argv): Argv<TuneArgs> {
  return y
    .positional('config', { type: 'string', describe: 'the matchup (config JSON); both seats are played' })
    .option('policy', { alias: 'p', type: 'string', describe: 'the policy whose parameters are tuned (an id with parameters in the ruleset schema)', demandOption: true, requiresArg: true })
    .option('field', { alias: 'f', type: 'string', describe: 'comma-separated opponents: policy ids or preset files (*.json), NAME=either', defaultDescription: "the ruleset's policies except random", requiresArg: true })
    .option('params', { type: 'string', describe: 'comma-separated parameters to tune (the others keep their preset values)', defaultDescription: 'all', requiresArg: true })
    .option('budget', { alias: 'b', describe: 'games to spend (3/4 search, 1/4 final comparison)', default: 20000, requiresArg: true })
    .option('seeds-per-eval', { describe: 'seeds per opponent in each evaluation (each played in both seats)', default: 16, requiresArg: true })
    .option('finalists', { describe: 'best candidates replayed on common seeds at the end', default: 4, requiresArg: true })
    .option('neighbours', { describe: 'NTBEA neighbours scored per step', default: 50, requiresArg: true })
    .option('explore', { describe: 'NTBEA exploration weight k', default: 0.3, requiresArg: true })
    .option('seed', { alias: 's', describe: 'master seed, 0..4294967295', default: 1, requiresArg: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: 'write the tuned preset to FILE (a config names it as its policy)', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the preset JSON on stdout' })
    .example('$0 tune configs/nco/default.json -p aggressive --out configs/nco/policies/tuned.json', 'tune the aggressive preset against the shipped policies') as unknown as Argv<TuneArgs>;
}

/** The preset file: the policy, and how it was made. */
function presetDoc(argv: TuneArgs, plan: TunePlan, r: TuneResult, ruleset: string, hash: string): Record<string, unknown> {
  const z = zFor(0.95);
  const scores = (pts: Float64Array[]) => Object.fromEntries(plan.field.map((f, k) => { const s = pairScore(pts[k], z); return [f.name, { score: round(s.score), lo: round(s.lo), hi: round(s.hi) }]; }));
  const all = (pts: Float64Array[]) => round(meanScore(pts));
  return {
    description: `${plan.policyId} tuned by NTBEA against ${plan.field.map((f) => f.name).join(', ')} on ${ruleset} (${argv.config ?? 'the default config'})`,
    made_by: {
      command: [
        `squadsim tune ${argv.config ?? ''} --policy ${plan.policyId} --field ${plan.field.map((f) => f.name).join(',')}`,
        argv.params !== undefined ? `--params ${argv.params}` : '',
        `--budget ${plan.budget} --seeds-per-eval ${plan.seedsPerEval} --finalists ${plan.finalists} --neighbours ${plan.neighbours} --explore ${plan.explore} --seed ${plan.seed}`,
      ].join(' ').replace(/\s+/g, ' '),
      version: packageVersion(), ruleset, config_hash: hash, parameters: plan.dims.map((d) => d.name),
      evaluations: r.evaluations, games_per_evaluation: r.gamesPerEvaluation, final_seeds: r.finalSeeds, games: r.gamesPlayed,
      score: all(r.finals[r.winner].points), against: scores(r.finals[r.winner].points),
      preset_score: all(r.finals[r.finals.length - 1].points), preset_against: scores(r.finals[r.finals.length - 1].points),
    },
    policy: r.best,
  };
}

const round = (x: number) => Math.round(x * 10000) / 10000;

function table(plan: TunePlan, r: TuneResult): string {
  const z = zFor(0.95), lines = [`tune: ${r.evaluations} evaluations of ${r.gamesPerEvaluation} games, then ${r.finals.length} finalists on ${r.finalSeeds} common seeds × ${plan.field.length} opponents × 2 seats (${r.gamesPlayed} games, ${r.elapsedSeconds.toFixed(1)} s)`, ''];
  lines.push(`   candidate                       ${plan.field.map((f) => f.name.slice(0, 16).padStart(18)).join('')}`);
  r.finals.forEach((f, k) => {
    const cells = f.points.map((pts) => { const s = pairScore(pts, z); return `${(100 * s.score).toFixed(1)}% ±${(50 * (s.hi - s.lo)).toFixed(1)}`.padStart(18); }).join('');
    const name = (k === r.finals.length - 1 ? `preset ${plan.policyId}` : `finalist ${k + 1}`) + (k === r.winner ? ' (chosen)' : '');
    lines.push(`${k === r.winner ? '*' : ' '}  ${name.padEnd(30)}${cells}`);
  });
  lines.push('', `chosen: ${JSON.stringify(r.best)}${r.winner === r.finals.length - 1 ? ` (the preset itself: no candidate beat ${plan.policyId} on the final seeds)` : ''}`);
  return lines.join('\n') + '\n';
}

async function handler(argv: ArgumentsCamelCase<TuneArgs>): Promise<void> {
  const workers = workersFlag(argv.workers);
  const budget = intFlag('budget', argv.budget, 1, 100_000_000, 'an integer from 1 to 100000000');
  const seedsPerEval = intFlag('seeds-per-eval', argv.seedsPerEval, 1, 100_000, 'an integer from 1 to 100000');
  const finalists = intFlag('finalists', argv.finalists, 1, 50, 'an integer from 1 to 50');
  const neighbours = intFlag('neighbours', argv.neighbours, 1, 10_000, 'an integer from 1 to 10000');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const explore = Number(argv.explore);
  if (!(explore >= 0 && explore <= 10)) throw new ConfigError('--explore', argv.explore, 'expected a number from 0 to 10');
  if (argv.out !== undefined && (argv.out.trim() === '' || !argv.out.endsWith('.json'))) throw new ConfigError('--out', argv.out, 'expected a path to a .json file');
  const loaded = loadConfig(argv.config);
  const ruleset = loaded.ruleset;
  // Every named preset's parameters join the grid and are evaluated first; the search starts
  // from the best of them (for `objective`, the aggressive preset may be the better start).
  const presets = ruleset.policyIds.map((id) => ruleset.policyPreset?.(id)).filter((p): p is Record<string, unknown> => p !== undefined);
  const space = withStart(tuneSpace(ruleset, argv.policy, argv.params?.split(',').map((s) => s.trim())), undefined, presets);
  const field = argv.field !== undefined ? parseEntrants(argv.field, '--field') : ruleset.policyIds.filter((id) => id !== 'random').map((id) => ({ name: id, policy: id }));
  const plan: TunePlan = {
    base: loaded.config, baseDir: loaded.path ? dirname(loaded.path) : process.cwd(), policyId: argv.policy, dims: space.dims, field,
    initial: space.initial,
    budget, seedsPerEval, finalists, neighbours, explore, seed,
  };
  checkTunePlan(plan); // every bad input exits 2 here, before a game is played
  const r = await tune(plan, { workers, progress: !argv.json });
  const doc = presetDoc(argv, plan, r, ruleset.id, configHash(loaded.scn.normalized));
  const text = JSON.stringify(doc, null, 2) + '\n';
  if (argv.out !== undefined) {
    try {
      writeFileAtomic(argv.out, text);
    } catch (e) {
      if (!(e as NodeJS.ErrnoException).code) throw e;
      throw new ConfigError('--out', argv.out, `expected a writable file path (${(e as Error).message})`);
    }
  }
  process.stdout.write(argv.json ? text : table(plan, r) + (argv.out !== undefined ? `preset: ${argv.out}\n` : ''));
}

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune [config]',
  describe: "optimise a policy's parameters against a field of opponents (NTBEA, seat-swapped on common seeds)",
  builder,
  handler,
};
