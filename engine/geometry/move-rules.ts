/** Movement mode bits: a move is a walk or a run, and terrain may matter to either. */
export const WALK = 1;
export const RUN = 2;

/**
 * A game's movement rules, as the router (path.ts) asks them: which terrain pieces a move
 * may not enter, which its routes go round, and what a straight leg costs beyond its
 * length. Allocation-free: per-polygon answers are mode bits in typed arrays refreshed by
 * `terrainChanged`, costs travel in `extra` and `legS`/`legC`.
 */
export interface MoveRules {
  /** Per polygon: the modes that may not enter it (a start inside it goes nowhere). */
  readonly noEntry: Uint8Array;
  /** Per polygon: the modes whose routes go round it (routing nodes at its corners). */
  readonly detour: Uint8Array;
  /** Refreshes noEntry and detour; the router calls it when the table's version changed. */
  terrainChanged(): void;
  /**
   * Cost beyond its length of the table's current segment (`Table.seg`) for a walk or a run, into extra[0];
   * false if the move may not use it. With `record`, the costly points along it go to
   * legS (distance from its start) and legC (cost), legN of them, in order.
   */
  eval(run: boolean, record: boolean): boolean;
  readonly extra: Float64Array;
  readonly legS: Float64Array;
  readonly legC: Float64Array;
  readonly legN: number;
}
