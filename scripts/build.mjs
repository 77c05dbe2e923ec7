// Bundles the TypeScript entry points into dist/ with esbuild.
// Packages stay external (piscina must load its own worker files; bullmq and ioredis, which
// the queue mode uses, are left as npm installed them), so dist/ holds only our code.
//
// dist/cli.js and dist/app.js are split (docs/workers.md): each command's code is a chunk
// (dist/<command>-<hash>.js, shared code in dist/chunk-<hash>.js) loaded when that command runs, so `squadsim --help` loads no command and
// `squadsim run` loads neither arquero nor vega. dist/worker.js (sim/worker-entry.ts) is
// split the same way: each worker thread loads the engine core and only the ruleset its
// config names (dist/index-<hash>.js), not all five.
import { build } from 'esbuild';
import { chmodSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

const [split, workerSplit] = await Promise.all([
  build({
    ...common, entryPoints: { cli: 'cli/main.ts', app: 'cli/app.ts' }, outdir: 'dist', splitting: true, metafile: true,
    // main(args) without running it (app.js): the fuzz corpus calls it in worker threads (test/fuzz/).
    banner: { js: '#!/usr/bin/env node' },
  }),
  build({ ...common, entryPoints: { worker: 'sim/worker-entry.ts' }, outdir: 'dist', splitting: true, metafile: true }),
  build({ ...common, entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' }),
  build({ ...common, entryPoints: ['bench/gc.ts'], outfile: 'dist/gc.js' }),
  build({ ...common, entryPoints: ['bench/heap.ts'], outfile: 'dist/heap.js' }),
  build({ ...common, entryPoints: ['bench/variance.ts'], outfile: 'dist/variance.js' }),
  build({ ...common, entryPoints: ['bench/coverage.ts'], outfile: 'dist/coverage.js' }),
  build({ ...common, entryPoints: ['bench/mapgen.ts'], outfile: 'dist/mapgen.js' }),
  build({ ...common, entryPoints: ['bench/gate-power.ts'], outfile: 'dist/gate-power.js' }),
  build({ ...common, entryPoints: ['bench/verify-docs.ts'], outfile: 'dist/verify-docs.js' }),
  build({ ...common, entryPoints: ['bench/balance-stability.ts'], outfile: 'dist/balance-stability.js' }),
  build({ ...common, entryPoints: ['bench/seat-mirror.ts'], outfile: 'dist/seat-mirror.js' }),
]);
chmodSync('dist/cli.js', 0o755);

// Chunks of earlier builds: removed once they are ten minutes old, not at once, so a command
// or worker thread started just before this build can still load the chunks it was built with.
const current = new Set([split, workerSplit].flatMap((b) => Object.keys(b.metafile.outputs)).map((f) => f.replace(/^dist\//, '')));
for (const f of readdirSync('dist')) {
  if (!/^[a-z][a-z-]*-[A-Z0-9]{8}\.js(\.map)?$/.test(f) || current.has(f)) continue;
  const p = join('dist', f);
  if (Date.now() - statSync(p).mtimeMs > 600_000) rmSync(p, { force: true });
}
