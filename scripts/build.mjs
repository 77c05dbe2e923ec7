// Bundles the TypeScript entry points into dist/ with esbuild.
// Packages stay external (piscina must load its own worker files; bullmq and ioredis, which
// the queue mode uses, are left as npm installed them), so dist/ holds only our code.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } }),
  build({ ...common, entryPoints: ['sim/worker.ts'], outfile: 'dist/worker.js' }),
  // main(args) without running it: the fuzz corpus calls it in worker threads (test/fuzz/).
  build({ ...common, entryPoints: ['cli/app.ts'], outfile: 'dist/app.js' }),
  build({ ...common, entryPoints: ['bench/bench.ts'], outfile: 'dist/bench.js' }),
  build({ ...common, entryPoints: ['bench/gc.ts'], outfile: 'dist/gc.js' }),
  build({ ...common, entryPoints: ['bench/heap.ts'], outfile: 'dist/heap.js' }),
  build({ ...common, entryPoints: ['bench/variance.ts'], outfile: 'dist/variance.js' }),
  build({ ...common, entryPoints: ['bench/coverage.ts'], outfile: 'dist/coverage.js' }),
]);
chmodSync('dist/cli.js', 0o755);
