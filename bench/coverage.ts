// Do the paired intervals hold on the real engine? (`node dist/coverage.js`, issue 14.)
// Plays variant A and B of a matchup on common seeds, many times over with fresh master
// seeds, and counts how often each 95% interval of B − A (side 0's result: win 1, draw ½)
// contains the true difference, itself estimated from a run 100× larger (its own error is
// ~1/10 of a repetition's interval, so it barely moves the count). Exit 1 if the paired
// coverage is more than 3 standard errors from 95%.
//   node dist/coverage.js                                   the quick fixture, 4 turns against 3
//   node dist/coverage.js --config C --vary rules.turns=5 --games 2000 --reps 200
import { benchArgs } from './args.ts';
import { pairedDiff, unpairedDiff } from '../analysis/paired.ts';
import { loadConfig, loadConfigObject } from '../sim/config.ts';
import { seatPlayer } from './seat-results.ts';
import { parseVary, setPath } from '../sim/param-sweep.ts';

const argv = benchArgs()
  .scriptName('coverage')
  .option('config', { type: 'string', default: 'test/fixtures/quick.json', describe: 'config file (A)' })
  .option('vary', { type: 'string', default: 'rules.turns=3', describe: 'PATH=VALUE: variant B' })
  .option('games', { type: 'number', default: 1000, describe: 'games per variant in one repetition' })
  .option('reps', { type: 'number', default: 200, describe: 'repetitions (fresh master seed each)' })
  .option('truth-factor', { type: 'number', default: 100, describe: 'the truth run plays this many times --games' })
  .option('seed', { type: 'number', default: 1 })
  .strict()
  .help()
  .parseSync();

const A = loadConfig(argv.config);
const v = parseVary(argv.vary);
const cb = structuredClone(A.config);
setPath(cb, v.path, v.values[0]);
const B = loadConfigObject(cb, '', A.path);

const playA = seatPlayer(A, 0), playB = seatPlayer(B, 0);
const truthSeed = 0x7fff0000 + argv.seed;
const nTruth = argv.games * argv['truth-factor'];
const truthRun = pairedDiff(playA(truthSeed, nTruth), playB(truthSeed, nTruth));
const truth = truthRun.diff;

let paired = 0, unpaired = 0, widthP = 0, widthU = 0;
for (let r = 0; r < argv.reps; r++) {
  const seed = argv.seed + r;
  const a = playA(seed, argv.games), b = playB(seed, argv.games);
  const p = pairedDiff(a, b), u = unpairedDiff(a, b);
  if (p.lo <= truth && truth <= p.hi) paired++;
  if (u.lo <= truth && truth <= u.hi) unpaired++;
  widthP += p.hi - p.diff;
  widthU += u.hi - u.diff;
}
const R = argv.reps, se = Math.sqrt((0.95 * 0.05) / R);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`coverage: ${A.path} vs ${argv.vary}; ${R} repetitions × ${argv.games} games per variant on common seeds`);
console.log(`true B − A (side 0, win 1, draw ½): ${pct(truth)} ± ${pct(1.96 * truthRun.se)} from ${nTruth.toLocaleString('en-US')} games per variant`);
console.log(`paired 95% intervals:   ${pct(paired / R)} contain it (mean half-width ${pct(widthP / R)})`);
console.log(`unpaired 95% intervals: ${pct(unpaired / R)} contain it (mean half-width ${pct(widthU / R)}; conservative on common seeds)`);
const ok = Math.abs(paired / R - 0.95) <= 3 * se;
console.log(ok ? `ok: within 3 standard errors (±${pct(3 * se)}) of 95%` : `NOT ok: more than 3 standard errors (±${pct(3 * se)}) from 95%`);
if (!ok) process.exitCode = 1;
