/**
 * run --target-error: keep playing fixed chunks until the Wilson 95% interval of each
 * side's win rate is at most ±E wide (SimulationCraft's target_error, on win rates).
 * The criterion reads only the accumulators merged in chunk order, so the stopping chunk,
 * and with it every result, is the same for any worker count.
 */

/** Default --max-games cap for --target-error. */
export const DEFAULT_MAX_GAMES = 10_000_000;

/** The z of the summary's 95% intervals (engine/stats.ts wilson's default). */
export const TARGET_Z = 1.959963984540054;

/**
 * Half-width of the Wilson score interval for k successes in n trials, before clamping to
 * [0, 1] (the clamp would make a one-sided interval look narrower than it is).
 */
export function wilsonHalfWidth(k: number, n: number, z = TARGET_Z): number {
  if (n <= 0) return Infinity;
  const p = k / n, z2 = z * z;
  return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
}

/** Each side's half-width, for wins [w0, w1] in n games. */
export function halfWidths(wins: readonly [number, number] | Float64Array, n: number, z = TARGET_Z): [number, number] {
  return [wilsonHalfWidth(wins[0], n, z), wilsonHalfWidth(wins[1], n, z)];
}

/** True when both sides' half-widths are ≤ target. */
export function targetMet(wins: readonly [number, number] | Float64Array, n: number, target: number, z = TARGET_Z): boolean {
  return wilsonHalfWidth(wins[0], n, z) <= target && wilsonHalfWidth(wins[1], n, z) <= target;
}

/**
 * Games likely needed to reach `target` at the current win rates (normal approximation),
 * for the progress bar's total only: it never decides when to stop.
 */
export function estimateGames(wins: readonly [number, number] | Float64Array, n: number, target: number, z = TARGET_Z): number {
  if (n <= 0) return 0;
  let worst = 0;
  for (const k of [wins[0], wins[1]]) worst = Math.max(worst, (k / n) * (1 - k / n));
  return Math.ceil((z * z * worst) / (target * target));
}
