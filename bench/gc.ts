// Allocation audit of the game loop (`node dist/gc.js`): for each config, plays games on the
// main thread, warms up (JIT), then measures single-thread games/s and every GC event
// (count and kind) in steady play. The hot loop must allocate nothing, so any scavenge here
// is a bug. Each config runs in its own child process so one config's JIT feedback (and
// polymorphism) cannot leak into another's numbers.
//   node dist/gc.js                        the standard table: every shipped game config (--list)
//   node dist/gc.js --config a.json ...    just these configs
//   node dist/gc.js --games 20000 --warm 8000 --sec 6
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchArgs } from './args.ts';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { RULESET_IDS } from '../engine/rulesets/index.ts';
import { loadConfig } from '../sim/config.ts';

const argv = benchArgs()
  .scriptName('gc')
  .option('config', { type: 'string', array: true, describe: 'config file(s) (default: the standard set)' })
  .option('games', { type: 'number', describe: 'steady games per config (default: ~SEC s of play, 2,000..50,000)' })
  .option('warm', { type: 'number', default: 8000, describe: 'most warm-up games (warm-up also stops after ~SEC s)' })
  .option('sec', { type: 'number', describe: 'seconds of warm-up (at most) and of steady play per config (default 6; 4 for the standard set)' })
  // 128: about four times the largest known residue (Platoon ~29 B/game: its assault code runs
  // about once in sixteen games, so it stays in the interpreter, where every double is boxed).
  .option('limit', { type: 'number', default: 128, describe: 'most young-generation growth per game over the second half of steady play (B) when no GC ran' })
  .option('recheck', { type: 'boolean', default: true, describe: 're-measure a dirty config once; it counts as dirty only if it is dirty both times' })
  .option('seed', { type: 'number', default: 1 })
  .option('list', { type: 'boolean', default: false, describe: 'print the standard set and exit' })
  .option('child', { type: 'boolean', default: false, hidden: true, describe: 'measure one config, print JSON' })
  .strict()
  .help()
  .parseSync();

interface Row {
  config: string;
  warm: number;
  games: number;
  gamesPerSec: number;
  gc: number;
  minor: number;
  major: number;
  incremental: number;
  weak: number;
  gcMs: number;
  /** GC events that started after the steady loop (not counted above): e.g. the memory reducer's. */
  after: number;
  /** Heap growth per steady game when no GC ran: the game's allocation plus late JIT output (code, feedback). */
  bytesPerGame: number;
  /**
   * Young-generation growth per game over the second half of steady play: what the games
   * allocate lands there, while compiled code and most JIT metadata go to the old spaces,
   * and late compilation has mostly finished by then.
   */
  lateBytesPerGame: number;
}

/** Measures one config in this process. */
async function measure(path: string, seed: number): Promise<Row> {
  const l = loadConfig(path);
  const env = new GameEnv(l.scn.plan);
  const game = l.ruleset.createGame(l.scn, env);
  const play = (from: number, to: number): number => {
    const t0 = performance.now();
    for (let i = from; i < to; i++) playOne(l.ruleset, game, env, seed, i);
    return (performance.now() - t0) / 1000;
  };
  // Rare paths need thousands of games before V8 optimises them; until then the
  // interpreter boxes their doubles, which is warm-up, not steady play.
  let warm = 0;
  let warmSec = 0;
  const sec = argv.sec ?? 6;
  while (warm < argv.warm && warmSec < sec) {
    warmSec += play(warm, warm + 100);
    warm += 100;
  }
  const games = argv.games ?? Math.max(2000, Math.min(50000, Math.round((sec * warm) / warmSec)));
  const row: Row = { config: path, warm, games, gamesPerSec: 0, gc: 0, minor: 0, major: 0, incremental: 0, weak: 0, gcMs: 0, after: 0, bytesPerGame: 0, lateBytesPerGame: 0 };
  let end = Infinity; // performance.now() when the steady loop returned
  const count = (list: readonly PerformanceEntry[]): void => {
    for (const e of list) {
      // A timer task (the memory reducer's, armed by the warm-up's garbage) cannot run while
      // the loop runs; it runs in the wait below and would be counted as steady play.
      if (e.startTime > end) {
        row.after++;
        continue;
      }
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      row.gc++;
      row.gcMs += e.duration;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) row.minor++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) row.major++;
      else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) row.incremental++;
      else row.weak++;
    }
  };
  // Collect the warm-up's garbage first, so a scavenge in steady play means steady play
  // allocated at least a young generation's worth, not that warm-up nearly filled it.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const obs = new PerformanceObserver((list) => count(list.getEntries()));
  obs.observe({ entryTypes: ['gc'] });
  const heap0 = process.memoryUsage().heapUsed, half = warm + (games >> 1);
  let steadySec = play(warm, half);
  const young1 = youngUsed();
  steadySec += play(half, warm + games);
  const young2 = youngUsed();
  end = performance.now();
  const heap2 = process.memoryUsage().heapUsed;
  row.bytesPerGame = (heap2 - heap0) / games;
  row.lateBytesPerGame = (young2 - young1) / (warm + games - half);
  // GC entries arrive asynchronously; let them land before reading the totals.
  await new Promise((r) => setTimeout(r, 50));
  count(obs.takeRecords());
  obs.disconnect();
  row.gamesPerSec = games / steadySec;
  return row;
}

/**
 * Every shipped game config: each JSON object under configs/<ruleset>/ (any depth) with a
 * "ruleset" and two "sides", outside the folders of results and run plans (a baseline is
 * a results document and repeats its config's sides). Maps, boards, rosters, armies and
 * policy presets lack the two fields; schemas live outside the ruleset folders.
 */
/** Bytes in use in the young generation. */
function youngUsed(): number {
  let n = 0;
  for (const sp of getHeapSpaceStatistics()) if (sp.space_name === 'new_space' || sp.space_name === 'new_large_object_space') n += sp.space_used_size;
  return n;
}

function standardConfigs(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) { if (!NOT_GAMES.has(e.name)) walk(p); }
      else if (e.name.endsWith('.json') && isGameConfig(p)) out.push(p);
    }
  };
  for (const id of RULESET_IDS) walk(`configs/${id}`);
  return out;
}

const NOT_GAMES = new Set(['baselines', 'tournaments', 'sweeps', 'policies']);

function isGameConfig(path: string): boolean {
  const j = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (j === null || typeof j !== 'object' || Array.isArray(j)) return false;
  const o = j as Record<string, unknown>;
  return typeof o.ruleset === 'string' && Array.isArray(o.sides) && o.sides.length === 2;
}

if (argv.child) {
  const path = argv.config?.[0];
  if (!path) throw new Error('--child needs --config');
  console.log(JSON.stringify(await measure(path, argv.seed)));
} else if (argv.list) {
  for (const c of standardConfigs()) console.log(c);
} else {
  const configs = argv.config ?? standardConfigs();
  const self = fileURLToPath(import.meta.url);
  const fmt = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const cols = ['config', 'games/s', 'steady games', 'GC', 'minor', 'major+incr', 'GC per 10k games', 'GC ms', 'heap growth B/game (incl. JIT)', 'young gen. B/game (2nd half)'];
  console.log(`| ${cols.join(' | ')} |\n|${cols.map(() => '---').join('|')}|`);
  const sec = argv.sec ?? (argv.config ? 6 : 4);
  const child = (c: string): Row => {
    const extra = argv.games === undefined ? [] : ['--games', String(argv.games)];
    const args = [self, '--child', '--config', c, '--seed', String(argv.seed), '--warm', String(argv.warm), '--sec', String(sec), ...extra];
    const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Row;
  };
  const row = (label: string, r: Row): void => {
    const cells = [label, fmt(r.gamesPerSec), fmt(r.games), String(r.gc), String(r.minor), String(r.major + r.incremental), fmt((r.gc * 10000) / r.games, 1), fmt(r.gcMs, 1), r.gc === 0 ? fmt(r.bytesPerGame, 1) : '(GC ran)', r.gc === 0 ? fmt(r.lateBytesPerGame, 1) : '(GC ran)'];
    console.log(`| ${cells.join(' | ')} |`);
  };
  const t0 = performance.now();
  let dirty = 0;
  let once = 0;
  let after = 0;
  // Dirty: GC in steady play, or (young generation large enough to take it all without a
  // scavenge) the young generation still growing by more than --limit bytes a game.
  const bad = (r: Row): boolean => r.gc > 0 || r.lateBytesPerGame > argv.limit;
  for (const c of configs) {
    const r = child(c);
    after += r.after;
    row(c, r);
    if (!bad(r)) continue;
    if (!argv.recheck) { dirty++; continue; }
    // A scavenge or growth that does not come back in a second, identical run was late JIT
    // work (code, feedback), not the games: a per-game allocation repeats. Both rows are
    // printed, so the difference stays visible.
    const again = child(c);
    after += again.after;
    row(`${c} (re-run)`, again);
    if (bad(again)) dirty++;
    else once++;
  }
  console.log(`\n${dirty === 0 ? 'no' : dirty} config(s) with GC or more than ${argv.limit} B/game of young-generation growth in steady play (${configs.length} configs, ${fmt((performance.now() - t0) / 1000)} s)`);
  if (once > 0) console.log(`${once} config(s) were dirty in the first run only, clean in the re-run (counted as clean; see the rows)`);
  if (after > 0) console.log(`(${after} GC event(s) after the steady loop, e.g. the memory reducer's, not counted)`);
  if (dirty > 0) process.exitCode = 1;
}
