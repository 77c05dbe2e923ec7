import { defineConfig } from 'vitest/config';

// `npm run fuzz`: the fuzz corpus with 10,000 cases on two threads (test/fuzz.test.ts).
export default defineConfig({
  test: {
    include: ['test/fuzz.test.ts'],
    env: { FUZZ_CASES: '10000', FUZZ_THREADS: '2' },
    testTimeout: 4 * 3600_000,
    hookTimeout: 600_000,
  },
});
