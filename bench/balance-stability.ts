/**
 * Do balance verdicts hold on a fresh seed (issue 28)? Runs one sweep file on several seeds,
 * optionally with a planted mis-price (`--plant corporal=9`: a cost override the sweep did not
 * have), and reports how the stated verdicts agree between every two seeds:
 *
 * - contradicted: a feature called mis-priced on one seed and ok (or the other way) on another;
 * - unsettled moves: a feature unsettled on one seed and stated on another (no contradiction);
 * - for a plant: whether every seed states it, puts it in the headline, and how its interval
 *   sits against the cost printed before the plant.
 *
 *   npm run balance-stability -- configs/nco/sweeps/default.json --seeds 1,2 --plant corporal=9
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { analyzeBalance, sweepBalanceInput, type BalanceDoc } from '../analysis/balance.ts';
import type { ReferenceBalanceDoc } from '../analysis/reference-value.ts';
import { loadSweep, loadSweepObject, runSweep } from '../sim/sweep.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { dirname, resolve } from 'node:path';

const argv = yargs(hideBin(process.argv))
  .usage('$0 SWEEP [--seeds 1,2] [--plant id=cost] [--workers W] [--json]')
  .demandCommand(1)
  .option('seeds', { type: 'string', default: '1,2', describe: 'comma-separated sweep seeds' })
  .option('plant', { type: 'string', describe: 'a planted mis-price: feature id = printed cost (a cost override)' })
  .option('workers', { type: 'number', default: 2 })
  .option('json', { type: 'boolean', default: false })
  .strict()
  .parseSync();

const file = String(argv._[0]);
const seeds = argv.seeds.split(',').map((s) => Number(s.trim()));
if (seeds.some((s) => !Number.isInteger(s) || s < 0)) throw new Error(`--seeds: expected integers, got ${argv.seeds}`);
const raw = readJsonFile(resolve(file), { field: 'sweep', shown: file, allowed: 'a sweep file' }) as Record<string, unknown>;
const plant = argv.plant ? /^([\w-]+)=(\d+(?:\.\d+)?)$/.exec(argv.plant) : null;
if (argv.plant && !plant) throw new Error(`--plant: expected id=cost, got ${argv.plant}`);
const printedBefore = plant ? loadSweep(file).sweep.features.find((f) => f.id === plant[1])?.cost : undefined;
if (plant && printedBefore === undefined) throw new Error(`--plant: ${plant[1]} is not a feature of ${file}`);

const docs: (BalanceDoc | ReferenceBalanceDoc)[] = [];
const cpuPerSeed: number[] = [];
for (const seed of seeds) {
  const overrides = { ...(raw.cost_overrides as Record<string, number> | undefined), ...(plant ? { [plant[1]]: Number(plant[2]) } : {}) };
  const ls = loadSweepObject({ ...raw, seed, cost_overrides: overrides }, dirname(resolve(file)));
  const cpu0 = process.cpuUsage();
  const data = await runSweep(ls, { workers: argv.workers, progress: false });
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6; // all threads of this process: the workers too
  const doc = analyzeBalance(sweepBalanceInput(ls, data, 'bench', seed));
  docs.push(doc);
  cpuPerSeed.push(cpuSeconds);
  process.stderr.write(`seed ${seed}: ${data.games} games in ${data.elapsedSeconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU (all threads)\n`);
}

const ids = docs[0].features.map((f) => f.id);
// A reference sweep (Iron Squad) states stronger/weaker than its reference instead of over/under-costed.
const verdict = (d: BalanceDoc | ReferenceBalanceDoc, id: string): string => {
  const f = (d.features as { id: string; verdict?: string; flag: string }[]).find((x) => x.id === id);
  return f ? (f.verdict ?? f.flag) : 'not fitted';
};
const stated = (v: string) => v === 'over-costed' || v === 'under-costed' || v === 'stronger than reference' || v === 'weaker than reference';
const statedCount = (d: BalanceDoc | ReferenceBalanceDoc) => d.features.filter((f) => stated(verdict(d, f.id))).length;
let contradicted = 0, moves = 0, pairs = 0;
const contradictions: string[] = [];
for (let a = 0; a < docs.length; a++) {
  for (let b = a + 1; b < docs.length; b++) {
    pairs++;
    for (const id of ids) {
      if (plant && id === plant[1]) continue;
      const x = verdict(docs[a], id), y = verdict(docs[b], id);
      if (x === y) continue;
      if ((stated(x) || stated(y)) && x !== 'unsettled' && y !== 'unsettled' && x !== 'not exercised' && y !== 'not exercised') {
        contradicted++;
        contradictions.push(`${id}: seed ${seeds[a]} ${x}, seed ${seeds[b]} ${y}`);
      } else moves++;
    }
  }
}
if (plant && docs.some((d) => !('lambda' in d.fit))) throw new Error('--plant needs printed costs (a reference sweep has none)');
const planted = plant ? (docs as BalanceDoc[]).map((d, i) => {
  const f = d.features.find((x) => x.id === plant[1])!;
  return { seed: seeds[i], verdict: f.verdict, fair: f.fairCost, interval: f.interval, inHeadline: d.fit.mostMispriced.some((m) => m.id === plant[1]), headlineRank: d.fit.mostMispriced.findIndex((m) => m.id === plant[1]) + 1 };
}) : null;
const summary = {
  sweep: file, seeds, plant: plant ? { feature: plant[1], printed: Number(plant[2]), printedBefore } : null,
  features: ids.length, seedPairs: pairs, contradictedPerPair: contradicted / pairs, unsettledMovesPerPair: moves / pairs, contradictions,
  cpuSecondsPerSweep: cpuPerSeed, statedPerSeed: docs.map(statedCount), unsettledPerSeed: docs.map((d) => d.fit.flagged.unsettled.length),
  notExercised: docs.map((d) => ('notExercised' in d.fit.flagged ? d.fit.flagged.notExercised : [])), planted,
  verdicts: Object.fromEntries(ids.map((id) => [id, docs.map((d) => verdict(d, id))])),
};
if (argv.json) process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
else {
  const code = (v: string) => ({ 'over-costed': 'O', 'under-costed': 'U', 'stronger than reference': 'S', 'weaker than reference': 'W', ok: '.', unsettled: '?', 'not exercised': 'x' })[v] ?? '-';
  const w = Math.max(...ids.map((i) => i.length));
  console.log(`${file}${plant ? `, planted ${plant[1]} at ${plant[2]} (printed ${printedBefore})` : ''}: seeds ${seeds.join(', ')} (O over-costed, U under-costed, S/W stronger/weaker than the reference, ? unsettled, x not exercised, . ok)`);
  for (const id of ids) console.log(`  ${id.padEnd(w)}  ${docs.map((d) => code(verdict(d, id))).join('')}`);
  console.log(`stated calls contradicted between two seeds: ${summary.contradictedPerPair.toFixed(2)} per pair of seeds (${pairs} pairs)${contradictions.length ? `: ${contradictions.join('; ')}` : ''}`);
  console.log(`moves to or from unsettled / not exercised: ${summary.unsettledMovesPerPair.toFixed(2)} per pair; stated per seed ${summary.statedPerSeed.join(', ')}; unsettled ${summary.unsettledPerSeed.join(', ')}`);
  for (const p of planted ?? []) {
    console.log(`plant, seed ${p.seed}: ${p.verdict}, fair ${p.fair.toFixed(1)} (${p.interval[0].toFixed(1)} – ${p.interval[1].toFixed(1)}), printed before ${printedBefore} ${p.interval[0] <= printedBefore! && printedBefore! <= p.interval[1] ? 'inside' : 'outside'} the interval, headline ${p.inHeadline ? `#${p.headlineRank}` : 'no'}`);
  }
}
