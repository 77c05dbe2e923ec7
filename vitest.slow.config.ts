import { defineConfig } from 'vitest/config';
import { TEST_MS } from './test/limits.ts';

/**
 * `npm run test:slow` (.ci/run runs it after `npm test`): the files whose statistical checks
 * `npm test` plays at a small size (test/limits.ts `sized`), at their full size. Only files
 * that read SLOW belong here.
 */
export const SLOW_FILES = [
  'test/nco-mirror.test.ts',
  'test/nco-perf-equivalence.test.ts',
  'test/iron-perf-equivalence.test.ts',
  'test/iron-perf-reach.test.ts',
];

export default defineConfig({
  test: {
    include: SLOW_FILES,
    env: { SQUADSIM_SLOW: '1' },
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
    isolate: false,
  },
});
