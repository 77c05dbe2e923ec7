import { defineConfig } from 'vitest/config';
import { TEST_MS } from './test/limits.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Sized for a loaded 2-core machine (test/limits.ts); no test file sets a shorter one.
    testTimeout: TEST_MS,
    hookTimeout: TEST_MS,
  },
});
