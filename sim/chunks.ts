import { mergeInto } from '../engine/record.ts';

/**
 * Games per chunk. Fixed, and independent of the worker count, so the chunk boundaries,
 * and therefore the order of every floating-point sum, are the same for any number of
 * workers (and for shards run separately and merged later).
 */
export const CHUNK_GAMES = 500;

/** One chunk: games [start, start + count). */
export type Chunk = readonly [start: number, count: number];

/** Cuts games [0, games) into consecutive chunks of `chunkGames` (the last may be shorter). */
export function planChunks(games: number, chunkGames = CHUNK_GAMES): Chunk[] {
  if (!Number.isSafeInteger(games) || games < 0) throw new RangeError(`games must be a non-negative integer, got ${games}`);
  if (!Number.isSafeInteger(chunkGames) || chunkGames < 1) throw new RangeError(`chunkGames must be a positive integer, got ${chunkGames}`);
  const out: Chunk[] = [];
  for (let start = 0; start < games; start += chunkGames) out.push([start, Math.min(chunkGames, games - start)]);
  return out;
}

/**
 * Merges chunk results into `dst` strictly in chunk order, whatever order they arrive in.
 * `add(i, buf)` takes chunk i's buffer; buffers that arrive early wait (bounded by the
 * number of chunks in flight) until every chunk before them has been merged.
 */
export class OrderedMerger {
  private next = 0;
  private readonly waiting = new Map<number, Float64Array>();
  private halted = false;

  /**
   * `onMerged(i, buf)`, when given, runs right after chunk i is merged (in chunk order).
   * `buf` may be longer than `dst` (per-game rows after the accumulators); only its first
   * dst.length values are merged. Returning true stops the merge there: later chunks are
   * discarded (run --target-error stops at the first chunk boundary where it is met).
   */
  constructor(
    readonly dst: Float64Array,
    private readonly onMerged?: (index: number, buf: Float64Array) => boolean | void,
  ) {}

  add(index: number, buf: Float64Array): void {
    if (this.halted) return;
    if (index < this.next || this.waiting.has(index)) throw new Error(`chunk ${index} merged twice`);
    this.waiting.set(index, buf);
    for (let b = this.waiting.get(this.next); b; b = this.waiting.get(this.next)) {
      mergeInto(this.dst, b.length > this.dst.length ? b.subarray(0, this.dst.length) : b);
      this.waiting.delete(this.next++);
      if (this.onMerged?.(this.next - 1, b) === true) {
        this.halted = true;
        this.waiting.clear();
        return;
      }
    }
  }

  /** True once onMerged asked to stop. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Number of chunks merged so far (all chunks before this index are in `dst`). */
  get merged(): number {
    return this.next;
  }
}
