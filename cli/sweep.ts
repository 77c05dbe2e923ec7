/**
 * `squadsim sweep [config] --vary PATH=VALUES [--vary PATH=VALUES]`: the matchup replayed at
 * every grid point on common seeds (sim/param-sweep.ts), each metric charted against the
 * varied field (reports/sweep-page.ts).
 */
import { checkOutFlag, writeOutFiles } from './output.ts';
import { csvText } from '../analysis/csv-text.ts';
import { dirname, join } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { SWEEP_FILE, SWEEP_FORMAT, sweepRecords, sweepRow, vsFirst, sweepTable, type SweepDoc } from '../analysis/param-sweep.ts';
import { sweepCharts, sweepHtml } from '../reports/sweep-page.ts';
import { renderSvg } from '../reports/svg.ts';
import { describePlayed, playedLines } from '../resultsdoc/played.ts';
import { loadConfig } from '../sim/config.ts';
import { gridConfigs, parseVary, runParamSweep, type SweepPlan } from '../sim/param-sweep.ts';
import { packageVersion } from '../sim/paths.ts';
import { intFlag, workersFlag } from './errors.ts';
import { from } from 'arquero';

interface SweepArgs {
  config?: string;
  vary?: string | string[];
  games?: unknown;
  seed?: unknown;
  workers?: unknown;
  out?: string;
  json: boolean;
}

function builder(y: Argv): Argv<SweepArgs> {
  return y
    .positional('config', { type: 'string', describe: 'the matchup (config JSON) to vary' })
    .option('vary', { alias: 'v', type: 'string', describe: 'PATH=VALUES: a dotted config field and its values (8,10,12 or 8..16:2); give once or twice', demandOption: true, requiresArg: true })
    .option('games', { alias: 'n', describe: 'games per grid point (the same seeds at every point)', default: 2000, requiresArg: true })
    .option('seed', { alias: 's', describe: 'master seed, 0..4294967295', default: 1, requiresArg: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: `write DIR/${SWEEP_FILE}, sweep.csv, sweep.html and one SVG per chart`, requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the sweep JSON on stdout' })
    .example('$0 sweep configs/nco/default.json --vary rules.cost_overrides.private=8..16:2 --out sweep/', "the US win rate as the Private's cost goes from 8 to 16")
    .example('$0 sweep --vary sides.0.policy.aggression=0,0.25,0.5,0.75,1 --vary rules.turns=4,6,8', 'two fields: one line per number of turns') as unknown as Argv<SweepArgs>;
}

async function handler(argv: ArgumentsCamelCase<SweepArgs>): Promise<void> {
  const workers = workersFlag(argv.workers);
  const games = intFlag('games', argv.games, 1, 100_000_000, 'an integer from 1 to 100000000');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const vary = (Array.isArray(argv.vary) ? argv.vary : [argv.vary ?? '']).map(parseVary);
  checkOutFlag(argv.out);
  const loaded = loadConfig(argv.config);
  const plan: SweepPlan = { base: loaded.config, baseDir: loaded.path ? dirname(loaded.path) : process.cwd(), vary, games, seed };
  gridConfigs(plan); // every bad value exits 2 here, before any game
  const t0 = performance.now();
  const pts = await runParamSweep(plan, { workers, progress: !argv.json });
  const doc: SweepDoc = {
    format: SWEEP_FORMAT, version: packageVersion(), ruleset: loaded.ruleset.id, nouns: loaded.scn.plan.spec.nouns,
    played: playedLines(describePlayed(loaded.ruleset, loaded.scn.normalized, loaded.presets)), vary, games, seed,
    rows: pts.map((p, k) => sweepRow(p.at, p.loaded.scn.plan.layout, p.acc, games, p.loaded.scn.sideNames, vsFirst(pts[0].side0, p.side0, k === 0))),
    elapsedSeconds: (performance.now() - t0) / 1000,
  };
  const text = JSON.stringify(doc, null, 2) + '\n';
  if (argv.out !== undefined) {
    const files: [string, string][] = [[SWEEP_FILE, text], ['sweep.csv', csvText(from(sweepRecords(doc)))], ['sweep.html', sweepHtml(doc)]];
    for (const c of sweepCharts(doc)) files.push([`${c.id}.svg`, await renderSvg(c)]);
    writeOutFiles(argv.out, files);
  }
  process.stdout.write(argv.json ? text : sweepTable(doc) + (argv.out !== undefined ? `sweep: ${join(argv.out.replace(/\/+$/, ''), 'sweep.html')}\n` : ''));
}

export const sweepCommand: CommandModule<object, SweepArgs> = {
  command: 'sweep [config]',
  describe: 'vary one or two config fields over a grid on common seeds, and chart each metric against them',
  builder,
  handler,
};
