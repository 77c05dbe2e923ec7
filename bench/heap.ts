// Which functions allocate in steady play (`node dist/heap.js --config FILE`): heap sampling
// (inspector HeapProfiler, objects later collected by a minor or major GC included) over
// games played after a warm-up, summed by allocating function. docs/gc-audit.md says how to
// read it; `node --no-turbo-inlining dist/heap.js` splits inlined callees from their callers.
import { Session } from 'node:inspector/promises';
import { setFlagsFromString } from 'node:v8';
import { benchArgs } from './args.ts';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { loadConfig } from '../sim/config.ts';

const argv = benchArgs()
  .scriptName('heap')
  .option('config', { type: 'string', demandOption: true, describe: 'config file' })
  .option('warm', { type: 'number', default: 6000, describe: 'warm-up games' })
  .option('games', { type: 'number', default: 4000, describe: 'sampled games' })
  .option('top', { type: 'number', default: 15, describe: 'functions listed' })
  .option('callers', { type: 'boolean', default: false, describe: 'also list each function\'s callers (the sampled stack\'s parent frame)' })
  .option('json', { type: 'boolean', default: false, describe: 'print only {config, warm, games, gameBytesPerGame, allBytesPerGame} (tests)' })
  .strict()
  .help()
  .parseSync();

interface Node { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] }

const loaded = loadConfig(argv.config);
const env = new GameEnv(loaded.scn.plan);
env.tally.attach(new Float64Array(loaded.scn.plan.layout.size));
const game = loaded.ruleset.createGame(loaded.scn, env);
function driveGames(from: number, to: number): void {
  for (let i = from; i < to; i++) playOne(loaded.ruleset, game, env, 1, i);
}
// The driver stays in the interpreter: optimised (OSR), it inlined playOne and the game's
// allocations were reported as "(anonymous) heap.js:1". Its own loop allocates nothing.
setFlagsFromString('--allow-natives-syntax');
(new Function('f', '%NeverOptimizeFunction(f)') as (f: unknown) => void)(driveGames);
driveGames(0, argv.warm);
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', { samplingInterval: 64, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
driveGames(argv.warm, argv.warm + argv.games);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: Node } };
const bySite = new Map<string, number>();
const byCaller = new Map<string, Map<string, number>>();
const name = (f: Node['callFrame']): string => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
// The games' own bytes: samples under driveGames (the rest is the sampler's inspector traffic).
let gameBytes = 0;
const walk = (n: Node, parent: string, inGame: boolean): void => {
  const key = name(n.callFrame);
  inGame ||= n.callFrame.functionName.startsWith('driveGames');
  if (inGame) gameBytes += n.selfSize;
  if (n.selfSize > 0) {
    bySite.set(key, (bySite.get(key) ?? 0) + n.selfSize);
    const m = byCaller.get(key) ?? new Map<string, number>();
    m.set(parent, (m.get(parent) ?? 0) + n.selfSize);
    byCaller.set(key, m);
  }
  for (const c of n.children) walk(c, key, inGame);
};
walk(profile.head, '(root)', false);
const total = [...bySite.values()].reduce((a, b) => a + b, 0);
if (argv.json) console.log(JSON.stringify({ config: argv.config, warm: argv.warm, games: argv.games, gameBytesPerGame: gameBytes / argv.games, allBytesPerGame: total / argv.games }));
else console.log(`${argv.config}: ~${(gameBytes / argv.games).toFixed(0)} B/game in the games (~${(total / argv.games).toFixed(0)} with the sampler's own) over ${argv.games} games after ${argv.warm} warm-up games`);
for (const [site, bytes] of argv.json ? [] : [...bySite.entries()].sort((a, b) => b[1] - a[1]).slice(0, argv.top)) {
  console.log(`${(bytes / argv.games).toFixed(1).padStart(9)} B/game  ${site}`);
  if (!argv.callers) continue;
  // Inlined frames are folded into their optimised caller, so this is the nearest non-inlined one.
  for (const [c, b] of [...(byCaller.get(site) ?? new Map<string, number>()).entries()].sort((x, y) => y[1] - x[1]).slice(0, 4)) console.log(`${(b / argv.games).toFixed(1).padStart(19)}   from ${c}`);
}
session.disconnect();
