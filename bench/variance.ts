// Variance reduction, measured (`node dist/variance.js`, issue 14): the CPU time to a ±0.5%
// interval on a win rate and on the difference between two variants, with and without
// common seeds and seat-swapped pairs. Plays each variant in both seatings on the same seeds,
// in-process, and reads each game's winner from the tally.
//   node dist/variance.js                                  the default matchup; a cost and a rule change
//   node dist/variance.js --config C --vary rules.turns=5  one change of your own
//   node dist/variance.js --games 8000 --json
import { benchArgs } from './args.ts';
import { meanOf, pairedDiff, sampleVariance, unitsForHalfWidth, unpairedDiff } from '../analysis/paired.ts';
import { seatPlayer } from './seat-results.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import { parseVary, setPath } from '../sim/param-sweep.ts';

const argv = benchArgs()
  .scriptName('variance')
  .option('config', { type: 'string', describe: 'config file (default: the default matchup)' })
  .option('vary', { type: 'string', array: true, describe: 'PATH=VALUE: variant B (repeat for several B); default: a cost and a rule change of NCO' })
  .option('games', { type: 'number', default: 6000, describe: 'seeds per variant and seating' })
  .option('half', { type: 'number', default: 0.005, describe: 'target half-width of the 95% interval' })
  .option('seed', { type: 'number', default: 1 })
  .option('json', { type: 'boolean', default: false })
  .strict()
  .help()
  .parseSync();

const base = loadConfig(argv.config);
const varies = argv.vary ?? (base.ruleset.id === 'nco' ? ['rules.cost_overrides.private=6', 'rules.max_hit_target=7'] : []);
const N = argv.games, HALF = argv.half, SEED = argv.seed;

/** The config with its two sides (names, rosters, policies) swapped. */
function swapped(l: LoadedConfig): LoadedConfig {
  const c = structuredClone(l.config) as { sides: unknown[] };
  c.sides.reverse();
  return loadConfigObject(c, '', l.path);
}

function variant(vary: string): LoadedConfig {
  const v = parseVary(vary);
  const c = structuredClone(base.config);
  setPath(c, v.path, v.values[0]);
  return loadConfigObject(c, '', base.path);
}

/** Side 0 roster's result per seed (1 win, ½ draw, 0 loss), playing it from seat `seat`; and CPU µs per game. */
function play(l: LoadedConfig, seat: 0 | 1): { x: Float64Array; usPerGame: number } {
  const player = seatPlayer(l, seat);
  player(SEED + 7919, 300); // JIT warm-up on other seeds
  const t0 = process.cpuUsage();
  const x = player(SEED, N);
  const t = process.cpuUsage(t0);
  return { x, usPerGame: (t.user + t.system) / N };
}

const mean2 = (a: Float64Array, b: Float64Array): Float64Array => a.map((v, i) => (v + b[i]) / 2);
const fmt = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pp = (x: number) => `${(100 * x).toFixed(2)}%`;

const A = play(base, 0), As = play(swapped(base), 1);
const us = (A.usPerGame + As.usPerGame) / 2;
const cpu = (games: number) => (games * us) / 1e6; // seconds

// One matchup's win rate: independent games, or seat-swapped pairs (both seatings of a seed).
const single = meanOf(A.x);
const singleGames = unitsForHalfWidth(sampleVariance(A.x), HALF);
const pairMeans = mean2(A.x, As.x);
const swapGames = 2 * unitsForHalfWidth(sampleVariance(pairMeans), HALF);
const sides = base.scn.sideNames;
const result: Record<string, unknown> = {
  config: base.path, games: N, seed: SEED, halfWidth: HALF, cpuMicrosPerGame: us,
  single: {
    metric: `${sides[0]} win rate (draw ½) as configured`, estimate: single.diff,
    seatSwappedEstimate: meanOf(pairMeans).diff,
    independent: { games: singleGames, cpuSeconds: cpu(singleGames) },
    seatSwapped: { games: swapGames, cpuSeconds: cpu(swapGames), note: `estimates ${sides[0]}'s roster and policy averaged over both seats, not the configured seating` },
  },
  differences: [] as unknown[],
};

const lines: string[] = [
  `squadsim variance: ${base.path}, ${fmt(N)} seeds per variant and seating, seed ${SEED}, ${fmt(us)} µs CPU per game`,
  '',
  `${sides[0]} win rate ${pp(single.diff)} (both seatings averaged: ${pp(meanOf(pairMeans).diff)}); CPU to ±${pp(HALF)}:`,
  `  independent games        ${fmt(singleGames)} games, ${fmt(cpu(singleGames), 1)} s`,
  `  seat-swapped pairs       ${fmt(swapGames)} games, ${fmt(cpu(swapGames), 1)} s   (${fmt(singleGames / swapGames, 2)}x; a different estimand: both seats averaged)`,
];

for (const vary of varies) {
  const B = play(variant(vary), 0), Bs = play(swapped(variant(vary)), 1);
  const un = unpairedDiff(A.x, B.x), pa = pairedDiff(A.x, B.x);
  const both = pairedDiff(pairMeans, mean2(B.x, Bs.x));
  // Games for both variants together: unpaired needs n per variant at var(A)+var(B) per pair of games.
  const gUn = 2 * unitsForHalfWidth(un.se * un.se * N, HALF);
  const gPa = 2 * unitsForHalfWidth(pa.se * pa.se * N, HALF);
  const gBoth = 4 * unitsForHalfWidth(both.se * both.se * N, HALF);
  (result.differences as unknown[]).push({
    vary, estimate: pa.diff, seatSwappedEstimate: both.diff,
    independent: { games: gUn, cpuSeconds: cpu(gUn), se: un.se },
    commonSeeds: { games: gPa, cpuSeconds: cpu(gPa), se: pa.se, speedup: gUn / gPa },
    commonSeedsSeatSwapped: { games: gBoth, cpuSeconds: cpu(gBoth), se: both.se, speedup: gUn / gBoth },
  });
  lines.push(
    '',
    `B: ${vary}; B − A in ${sides[0]}'s win rate ${pp(pa.diff)} (±${pp(1.96 * pa.se)} paired, ±${pp(1.96 * un.se)} unpaired on ${fmt(N)} seeds); CPU to ±${pp(HALF)}:`,
    `  independent runs         ${fmt(gUn)} games, ${fmt(cpu(gUn), 1)} s`,
    `  common seeds (paired)    ${fmt(gPa)} games, ${fmt(cpu(gPa), 1)} s   (${fmt(gUn / gPa, 2)}x)`,
    `  + seat-swapped pairs     ${fmt(gBoth)} games, ${fmt(cpu(gBoth), 1)} s   (${fmt(gUn / gBoth, 2)}x; both seats averaged)`,
  );
}

process.stdout.write(argv.json ? JSON.stringify(result, null, 2) + '\n' : lines.join('\n') + '\n');
