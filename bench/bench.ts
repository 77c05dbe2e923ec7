// Throughput and scaling benchmark for the default matchup (`npm run bench`).
// Prints games/s on 1 and N piscina workers, ns per game and per die roll on the main
// thread, GC activity during steady play, and peak RSS. About 30 s on 2 cores.
import { PerformanceObserver } from 'node:perf_hooks';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { Rng } from '../engine/rng.ts';
import { CHUNK_GAMES } from '../sim/chunks.ts';
import { loadConfig, type LoadedConfig } from '../sim/config.ts';
import { runSimulation } from '../sim/run.ts';

const argv = yargs(hideBin(process.argv))
  .scriptName('bench')
  .option('config', { type: 'string', describe: 'config file (default: the default matchup)' })
  .option('games', { type: 'number', describe: 'games per pool run (default: ~5 s of single-thread work)' })
  .option('workers', { type: 'number', default: 2, describe: 'threads for the scaling run (compared with 1)' })
  .option('seed', { type: 'number', default: 1 })
  .strict()
  .help()
  .parseSync();

const loaded = loadConfig(argv.config);
const seed = argv.seed;

/** Plays games [from, to) in-process with no runner overhead; returns seconds. */
function playRange(l: LoadedConfig, game: unknown, env: GameEnv, from: number, to: number): number {
  const t0 = performance.now();
  for (let i = from; i < to; i++) playOne(l.ruleset, game, env, seed, i);
  return (performance.now() - t0) / 1000;
}

const fmt = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const line = (label: string, value: string): void => console.log(`${label.padEnd(28)}${value}`);

console.log(`squadsim bench: ${loaded.path}`);
console.log(`ruleset ${loaded.ruleset.id}, ${loaded.scn.sideNames.join(' vs ')}, seed ${seed}\n`);

// 1. Single thread, in-process: warm up (JIT), then steady play with a GC observer.
const env = new GameEnv(loaded.scn.plan);
const game = loaded.ruleset.createGame(loaded.scn, env);
let warm = 0;
let warmSec = 0;
// Up to 6000 games (~4 s here), but stop after ~5 s if games are slow. Rare paths (an
// Assault, a Snap) need thousands of games before V8 optimises them; until then the
// interpreter boxes their doubles, which is warm-up, not steady play.
while (warm < 6000 && warmSec < 5) {
  warmSec += playRange(loaded, game, env, warm, warm + 100);
  warm += 100;
}
const nsWarm = (warmSec / warm) * 1e9;
const steadyGames = argv.games ?? Math.max(1000, Math.min(20000, Math.round(8e9 / nsWarm)));

let gcCount = 0;
let gcMs = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcCount++;
    gcMs += e.duration;
  }
});
obs.observe({ entryTypes: ['gc'] });
const steadySec = playRange(loaded, game, env, warm, warm + steadyGames);
// GC entries are delivered asynchronously; let them arrive before reading the totals.
await new Promise((r) => setTimeout(r, 50));
for (const e of obs.takeRecords()) {
  gcCount++;
  gcMs += e.duration;
}
obs.disconnect();
const nsPerGame = (steadySec / steadyGames) * 1e9;

line('single thread (in-process)', `${fmt(steadyGames / steadySec)} games/s, ${fmt(nsPerGame)} ns/game (${fmt(steadyGames)} games after ${fmt(warm)} warm-up)`);
line('GC during steady play', `${gcCount} events, ${fmt(gcMs, 1)} ms total (${fmt((gcMs / 1000 / steadySec) * 100, 2)}% of play time)`);

// 2. Raw dice speed, for comparing against ns/game.
const rng = new Rng(seed);
const rolls = 20_000_000;
let sink = 0;
const tr = performance.now();
for (let i = 0; i < rolls; i++) sink += rng.d6();
const nsRoll = ((performance.now() - tr) * 1e6) / rolls;
line('dice', `${fmt(nsRoll, 2)} ns per D6 (checksum ${sink % 1000})`);

// 3. Piscina scaling: the same games on 1 and N workers, cold: pool start-up, per-worker
// compile and JIT warm-up included, as in a real `squadsim run`.
const poolGames =
  argv.games ?? Math.max(CHUNK_GAMES * 4 * argv.workers, Math.round(5e9 / nsPerGame / CHUNK_GAMES) * CHUNK_GAMES);
const one = await runSimulation({ config: loaded, games: poolGames, seed, workers: 1 });
const many = await runSimulation({ config: loaded, games: poolGames, seed, workers: argv.workers });
const gps1 = poolGames / one.elapsedSeconds;
const gpsN = poolGames / many.elapsedSeconds;
line('1 worker (cold start)', `${fmt(gps1)} games/s (${fmt(poolGames)} games in ${fmt(one.elapsedSeconds, 2)} s)`);
line(`${argv.workers} workers (cold start)`, `${fmt(gpsN)} games/s (${fmt(poolGames)} games in ${fmt(many.elapsedSeconds, 2)} s)`);
line('speed-up', `${fmt(gpsN / gps1, 2)}x on ${argv.workers} workers (ideal ${argv.workers}x)`);
const same = JSON.stringify(one.summary.sides) === JSON.stringify(many.summary.sides);
line('1 vs N workers identical', same ? 'yes' : 'NO: results differ between worker counts');

// maxRSS is in KiB and covers the worker threads too (same process).
line('peak RSS', `${fmt(process.resourceUsage().maxRSS / 1024, 1)} MiB`);
if (!same) process.exitCode = 1;
