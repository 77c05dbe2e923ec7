import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_MS } from './test/limits.ts';

/**
 * `npm test` (issue 32: ~11 min → under 5 on 2 cores). Most files share one worker process
 * (isolate: false): engine and sim modules are imported and JIT-compiled once instead of once
 * per file, which halved the CPU of the pure rule files (23 files: 30 → 17 s user). A file that
 * replaces a module with vi.mock needs its own module graph, so it runs isolated; it is found
 * here by its text, nothing to keep in sync. Every file restores what it changes in process.env.
 * The long statistical sizes of some files run in `npm run test:slow` (vitest.slow.config.ts).
 */
const TEST = join(import.meta.dirname, 'test');
const files = readdirSync(TEST).filter((f) => f.endsWith('.test.ts'));
const mocks = (f: string): boolean => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(TEST, f), 'utf8'));
const ISOLATED = files.filter(mocks).map((f) => `test/${f}`);

export default defineConfig({
  test: {
    // Sized for a loaded 2-core machine (test/limits.ts); no test file sets a shorter one.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED.length > 0 ? ISOLATED : ['test/none-isolated'] } },
    ],
  },
});
