// Throughput and scaling benchmark (`npm run bench`, issue 14). Prints, for the default matchup
// (or --config): games/s and CPU µs per game on the main thread after warm-up, GC during steady
// play, ns per die roll, games/s on 1 and 2 piscina workers for 20k and 100k games (cold, and on
// warm pools), the cost of NCO games with 10/20/40/60 soldiers, the time to a ±0.5% interval on
// side 0's win rate, and peak RSS. About 2 minutes on 2 cores; --quick takes seconds (small counts, for CI smoke).
//   node dist/bench.js --json out/bench.json                 write everything as JSON
//   node dist/bench.js --compare old.json                    run, then print new/old ratios
//   node dist/bench.js --compare old.json new.json           compare two files, no run
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { benchArgs } from './args.ts';
import { sampleVariance, unitsForHalfWidth } from '../analysis/paired.ts';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { Rng } from '../engine/rng.ts';
import { loadConfig, type LoadedConfig } from '../sim/config.ts';
import { executeChunks } from '../sim/execute.ts';
import { ChunkPool, defaultWorkerFile } from '../sim/pool.ts';
import { runSimulation } from '../sim/run.ts';
import { benchMeta, compareLines, readBenchJson } from './report.ts';
import { MAX_NCO_SOLDIERS, perSideOf, scanSizes, sizeBase } from './sizes.ts';

const counts = (s: string, what: string): number[] => {
  const xs = s.split(',').map((x) => Number(x.trim()));
  if (!xs.length || xs.some((x) => !Number.isSafeInteger(x) || x < 1)) throw new Error(`--${what}: expected positive integers separated by commas, got ${JSON.stringify(s)}`);
  return xs;
};

const argv = benchArgs()
  .scriptName('bench')
  .option('config', { type: 'string', describe: 'config file (default: the default matchup)' })
  .option('games', { type: 'number', describe: 'single-thread steady games (default: ~8 s of play, 2,000 with --quick)' })
  .option('workers', { type: 'number', default: 2, describe: 'threads for the scaling runs (compared with 1)' })
  .option('scaling-games', { type: 'string', coerce: (s: string) => counts(s, 'scaling-games'), describe: 'games per scaling run, comma-separated (default 20000,100000; 1000,2000 with --quick)' })
  .option('sizes', { type: 'string', coerce: (s: string) => (s === 'none' ? [] : counts(s, 'sizes')), describe: 'NCO soldiers on the table (both sides) for the size scan (default 10,20,40,60); "none" skips it' })
  .option('half', { type: 'number', default: 0.005, describe: 'half-width of the 95% interval to time' })
  .option('seed', { type: 'number', default: 1 })
  .option('quick', { type: 'boolean', default: false, describe: 'small counts and short timings (seconds, not minutes): a smoke run' })
  .option('json', { type: 'string', describe: 'write the results to FILE as JSON (schema squadsim.bench/1)' })
  .option('compare', { type: 'string', array: true, describe: 'OLD.json: print new/old ratios after the run; OLD.json NEW.json: compare two files without running' })
  .check((a) => {
    if (a.compare && (a.compare.length < 1 || a.compare.length > 2)) throw new Error('--compare takes OLD.json, or OLD.json NEW.json');
    return true;
  })
  .strict()
  .help()
  .parseSync();

if (argv.compare?.length === 2) {
  console.log(compareLines(readBenchJson(argv.compare[0]), readBenchJson(argv.compare[1])).join('\n'));
  process.exit(0);
}
const oldDoc = argv.compare ? readBenchJson(argv.compare[0]) : null; // fail before the run, not after

const quick = argv.quick;
const scalingGames: number[] = argv['scaling-games'] ?? (quick ? [1000, 2000] : [20000, 100000]);
const sizes: number[] = argv.sizes ?? [10, 20, 40, 60];
const loaded = loadConfig(argv.config);
const seed = argv.seed;
const W = argv.workers;

const fmt = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const line = (label: string, value: string): void => console.log(`${label.padEnd(30)}${value}`);
const cpuUs = (t0: NodeJS.CpuUsage): number => {
  const t = process.cpuUsage(t0);
  return t.user + t.system;
};

console.log(`squadsim bench: ${loaded.path}${quick ? ' (--quick)' : ''}`);
console.log(`ruleset ${loaded.ruleset.id}, ${loaded.scn.sideNames.join(' vs ')}, seed ${seed}\n`);

// 1. Single thread, in-process: warm up (JIT), then steady play with a GC observer, recording
// each game's winner for the interval in 5.
const env = new GameEnv(loaded.scn.plan);
const game = loaded.ruleset.createGame(loaded.scn, env);
/** Plays games [from, to) of master seed `s` in-process with no runner overhead; returns wall seconds. */
function playRange(l: LoadedConfig, s: number, from: number, to: number, won?: Float64Array): number {
  const t0 = performance.now();
  for (let i = from; i < to; i++) {
    playOne(l.ruleset, game, env, s, i);
    if (won) won[i - from] = env.tally.winner === 0 ? 1 : 0;
  }
  return (performance.now() - t0) / 1000;
}
let warm = 0;
let warmSec = 0;
// Up to 6000 games (~4 s here), but stop after ~5 s if games are slow. Rare paths (an
// Assault, a Snap) need thousands of games before V8 optimises them; until then the
// interpreter boxes their doubles, which is warm-up, not steady play. Warm-up plays another
// seed, so the measured games (0.. of --seed) and their win rate do not depend on how many
// warm-up games fitted.
const [warmMax, warmLimit] = quick ? [500, 0.5] : [6000, 5];
while (warm < warmMax && warmSec < warmLimit) {
  warmSec += playRange(loaded, (seed + 7919) >>> 0, warm, warm + 100);
  warm += 100;
}
const nsWarm = (warmSec / warm) * 1e9;
const steadyGames = argv.games ?? (quick ? 2000 : Math.max(1000, Math.min(20000, Math.round(8e9 / nsWarm))));
const won = new Float64Array(steadyGames);

let gcCount = 0;
let gcMs = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcCount++;
    gcMs += e.duration;
  }
});
obs.observe({ entryTypes: ['gc'] });
const c0 = process.cpuUsage();
const steadySec = playRange(loaded, seed, 0, steadyGames, won);
const steadyCpuUs = cpuUs(c0);
// GC entries are delivered asynchronously; let them arrive before reading the totals.
await new Promise((r) => setTimeout(r, 50));
for (const e of obs.takeRecords()) {
  gcCount++;
  gcMs += e.duration;
}
obs.disconnect();
const usPerGame = steadyCpuUs / steadyGames;
const wallUsPerGame = (steadySec / steadyGames) * 1e6;
const gamesPerSec = steadyGames / steadySec;

line('single thread (in-process)', `${fmt(gamesPerSec)} games/s, ${fmt(usPerGame, 1)} µs CPU per game (${fmt(wallUsPerGame, 1)} µs wall; ${fmt(steadyGames)} games after ${fmt(warm)} warm-up)`);
line('GC during steady play', `${gcCount} events, ${fmt(gcMs, 1)} ms total (${fmt((gcMs / 1000 / steadySec) * 100, 2)}% of play time)`);

// 2. Raw dice speed, for comparing against the time per game.
const rng = new Rng(seed);
const rolls = quick ? 2_000_000 : 20_000_000;
let sink = 0;
const tr = performance.now();
for (let i = 0; i < rolls; i++) sink += rng.d6();
const nsRoll = ((performance.now() - tr) * 1e6) / rolls;
line('dice', `${fmt(nsRoll, 2)} ns per D6 (checksum ${sink % 1000})`);

// 3. Piscina scaling: the same games on 1 and W workers, cold: pool start-up, per-worker
// compile and JIT warm-up included, as in a real `squadsim run`.
interface PoolRun { seconds: number; gamesPerSec: number }
const scaling: Record<string, Record<string, PoolRun | number | boolean>> = {};
let allSame = true;
for (const g of scalingGames) {
  const one = await runSimulation({ config: loaded, games: g, seed, workers: 1 });
  const many = await runSimulation({ config: loaded, games: g, seed, workers: W });
  const r1 = { seconds: one.elapsedSeconds, gamesPerSec: g / one.elapsedSeconds };
  const rW = { seconds: many.elapsedSeconds, gamesPerSec: g / many.elapsedSeconds };
  const same = JSON.stringify(one.summary.sides) === JSON.stringify(many.summary.sides);
  allSame &&= same;
  scaling[String(g)] = { '1': r1, [String(W)]: rW, speedup: rW.gamesPerSec / r1.gamesPerSec, identical: same };
  line(`${fmt(g)} games, 1 worker`, `${fmt(r1.gamesPerSec)} games/s (${fmt(r1.seconds, 2)} s, cold start)`);
  line(`${fmt(g)} games, ${W} workers`, `${fmt(rW.gamesPerSec)} games/s (${fmt(rW.seconds, 2)} s), ${fmt(rW.gamesPerSec / r1.gamesPerSec, 2)}x (ideal ${W}x)${same ? '' : '; RESULTS DIFFER from 1 worker'}`);
}

// 3b. The same on warm pools, as every run of balance, sweep, tune and tournament after the
// first gets: one pool per worker count, warmed by one run of the smallest count, then each
// count timed on it. Start-up (thread, import, JIT warm-up) is paid once per command, not per run.
const warmScaling: Record<string, Record<string, PoolRun | number | boolean>> = {};
const pools = [new ChunkPool(defaultWorkerFile(), 1), new ChunkPool(defaultWorkerFile(), W)];
try {
  const onPool = (pool: ChunkPool, games: number) =>
    runSimulation({ config: loaded, games, seed, workers: pool.threads, execute: (plan) => executeChunks({ ...plan, pool }) });
  for (const pool of pools) await onPool(pool, scalingGames[0]);
  for (const g of scalingGames) {
    const [one, many] = [await onPool(pools[0], g), await onPool(pools[1], g)];
    const r1 = { seconds: one.elapsedSeconds, gamesPerSec: g / one.elapsedSeconds };
    const rW = { seconds: many.elapsedSeconds, gamesPerSec: g / many.elapsedSeconds };
    const same = JSON.stringify(one.summary.sides) === JSON.stringify(many.summary.sides);
    allSame &&= same;
    warmScaling[String(g)] = { '1': r1, [String(W)]: rW, speedup: rW.gamesPerSec / r1.gamesPerSec, identical: same };
    line(`${fmt(g)} games, warm pools`, `1 worker ${fmt(r1.gamesPerSec)} games/s, ${W} workers ${fmt(rW.gamesPerSec)} games/s: ${fmt(rW.gamesPerSec / r1.gamesPerSec, 2)}x${same ? '' : '; RESULTS DIFFER from 1 worker'}`);
  }
} finally {
  await Promise.all(pools.map((p) => p.destroy()));
}
line(`1 vs ${W} workers identical`, allSame ? 'yes' : 'NO: results differ between worker counts');

// 4. Cost by size: NCO configs with that many soldiers on the table, in-process.
const sizeCfg = sizes.length ? sizeBase(loaded) : null;
// Warm-up per size; longer when the matchup above was not NCO (its code is still cold).
const sizeWarm = (quick ? 0.05 : 0.5) * (sizeCfg === loaded ? 1 : 3);
const sizeRows = sizeCfg ? scanSizes(sizeCfg, sizes, seed, quick ? 0.1 : 1.5, sizeWarm) : [];
if (sizeCfg) {
  const clipped = sizes.filter((s) => 2 * perSideOf(s) !== s);
  console.log(`\ncost by size (NCO, ${relative(process.cwd(), sizeCfg.path) || 'in memory'}; soldiers on the table, half a side; at most ${MAX_NCO_SOLDIERS})`);
  if (clipped.length) console.log(`  note: ${clipped.join(', ')} played as ${clipped.map((s) => 2 * perSideOf(s)).join(', ')} (even, ${MAX_NCO_SOLDIERS / 2} a side at most)`);
  for (const r of sizeRows) {
    const exp = r.exponent === null ? '' : `, growth exponent ${fmt(r.exponent, 2)} from ${fmt(sizeRows[sizeRows.indexOf(r) - 1].soldiers)}`;
    line(`  ${r.soldiers} soldiers (${r.perSide} a side)`, `${fmt(r.usPerGame, 1)} µs/game, ${fmt(r.usPerSoldier, 2)} µs/soldier${exp} (${fmt(r.games)} games)`);
  }
  console.log('');
}

// 5. Time to a ±half interval on side 0's win rate (draws count as not won), from the
// single-thread games: games needed × CPU µs per game; on 1 and W workers from the scaling
// runs, start-up included: the line through the two largest (seconds = start + games × slope),
// or the largest run's games/s if there is one run or the line is not rising.
const winRate = won.reduce((s, x) => s + x, 0) / steadyGames;
const needGames = unitsForHalfWidth(sampleVariance(won), argv.half);
const cpuSeconds = (needGames * usPerGame) / 1e6;
function poolSeconds(games: number, workers: number): number {
  const gs = [...new Set(scalingGames)].sort((a, b) => a - b);
  const at = (g: number): number => (scaling[String(g)][String(workers)] as PoolRun).seconds;
  const g2 = gs[gs.length - 1];
  if (gs.length > 1) {
    const g1 = gs[gs.length - 2], slope = (at(g2) - at(g1)) / (g2 - g1);
    if (slope > 0) return Math.max(games * slope, at(g1) + (games - g1) * slope);
  }
  return (games * at(g2)) / g2;
}
const sec1 = poolSeconds(needGames, 1), secW = poolSeconds(needGames, W);
line(`time to ±${fmt(argv.half * 100, 1)}% (95%)`, `${loaded.scn.sideNames[0]} win rate ${fmt(winRate * 100, 1)}%: ${fmt(needGames)} games, ${fmt(cpuSeconds, 1)} s CPU single thread; ${fmt(sec1, 1)} s on 1 worker, ${fmt(secW, 1)} s on ${W} workers`);

// maxRSS is in KiB and covers the worker threads too (same process).
const peakRssMiB = process.resourceUsage().maxRSS / 1024;
line('peak RSS', `${fmt(peakRssMiB, 1)} MiB`);

const doc = {
  ...benchMeta(),
  config: relative(process.cwd(), loaded.path) || loaded.path,
  ruleset: loaded.ruleset.id,
  sides: loaded.scn.sideNames,
  seed,
  quick,
  singleThread: { games: steadyGames, warmupGames: warm, gamesPerSec, usPerGame, wallUsPerGame },
  gc: { events: gcCount, ms: gcMs, shareOfPlay: gcMs / 1000 / steadySec },
  dice: { nsPerD6: nsRoll },
  scaling: { workers: W, identical: allSame, runs: scaling, warm: warmScaling },
  sizes: sizeCfg
    ? {
      config: relative(process.cwd(), sizeCfg.path) || sizeCfg.path,
      maxSoldiers: MAX_NCO_SOLDIERS,
      rows: Object.fromEntries(sizeRows.map(({ soldiers, ...r }) => [String(soldiers), r])),
    }
    : null,
  interval: {
    metric: `${loaded.scn.sideNames[0]} win rate (side 0; draws count as not won)`,
    halfWidth: argv.half,
    winRate,
    games: needGames,
    cpuSeconds,
    seconds1Worker: sec1,
    [`seconds${W}Workers`]: secW,
  },
  peakRssMiB,
};
if (argv.json) {
  writeFileSync(argv.json, JSON.stringify(doc, null, 2) + '\n');
  console.log(`wrote ${argv.json}`);
}
if (oldDoc) console.log('\n' + compareLines(oldDoc, JSON.parse(JSON.stringify(doc))).join('\n'));
if (!allSame) process.exitCode = 1;
