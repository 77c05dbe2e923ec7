/**
 * How long the tests wait for anything, sized for a loaded machine (issue 32: `npm test` on a
 * 2-core machine at load 20–37 took 66 min, ~8x its quiet time). These are hang detectors, not
 * speed checks: nothing in `npm test` asserts on elapsed time (speed and GC verdicts are
 * `npm run bench` and `npm run gc`). A quiet machine never comes near them.
 */

/** Longest a child process (CLI, bench tool, redis-server start) may take before it counts as hung. */
export const HANG_MS = 15 * 60_000;

/** Longest one test or hook may take (vitest.config.ts): above HANG_MS, so a hung child is reported by name first. */
export const TEST_MS = 20 * 60_000;

/**
 * `npm run test:slow` (vitest.slow.config.ts, also run by .ci/run) sets SQUADSIM_SLOW=1: the
 * files that read this play their long statistical sizes; `npm test` plays the small ones,
 * which still check the same rules (each file says what its small size can still detect).
 */
export const SLOW = process.env.SQUADSIM_SLOW === '1';

/** `small` in `npm test`, `full` in `npm run test:slow`. */
export const sized = (small: number, full: number): number => (SLOW ? full : small);
