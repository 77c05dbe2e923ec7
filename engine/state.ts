/**
 * Per-game struct-of-arrays state, declared once. A game object allocates its typed arrays
 * through a StateArrays, each with how it starts a game (a fill value, or a copy of a
 * scenario array); `seal(owner)` then records the owner's scalar fields (numbers and
 * booleans) as they stand once the object is built. `reset()` restores all of it, so
 * there is no hand-written reset list to forget a field in. Scratch arrays, written before
 * they are read in every use, are declared as such and left alone (the conformance suite
 * skips them). Nothing here runs in the hot loop except reset, once per game.
 */
type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export class StateArrays {
  private readonly fills: Typed[] = [];
  private readonly fillValues: number[] = [];
  private readonly copies: Typed[] = [];
  private readonly sources: Typed[] = [];
  private readonly scratchSet = new Set<Typed>();
  private readonly caches = new Set<object>();
  private readonly owners: object[] = [];
  private readonly keys: string[][] = [];
  private readonly values: unknown[][] = [];

  u8(n: number, fill = 0): Uint8Array { return this.fill(new Uint8Array(n), fill); }
  i8(n: number, fill = 0): Int8Array { return this.fill(new Int8Array(n), fill); }
  u16(n: number, fill = 0): Uint16Array { return this.fill(new Uint16Array(n), fill); }
  i32(n: number, fill = 0): Int32Array { return this.fill(new Int32Array(n), fill); }
  f64(n: number, fill = 0): Float64Array { return this.fill(new Float64Array(n), fill); }

  /** An array that starts every game filled with `value`. */
  fill<T extends Typed>(arr: T, value: number): T {
    arr.fill(value);
    this.fills.push(arr);
    this.fillValues.push(value);
    return arr;
  }

  /** An array that starts every game as a copy of `src` (a scenario array; src is never written). */
  copyOf<T extends Typed>(src: T): T {
    const arr = src.slice() as T;
    this.copies.push(arr);
    this.sources.push(src);
    return arr;
  }

  /** A scratch array: not reset, because every use writes it before reading it. */
  scratch<T extends Typed>(arr: T): T {
    this.scratchSet.add(arr);
    return arr;
  }

  isScratch(arr: unknown): boolean {
    return this.scratchSet.has(arr as Typed);
  }

  /**
   * An object whose contents are a cache or a rebuild-per-use buffer (a router's stamped
   * searches, a table whose map is loaded each game): not reset, and skipped whole by the
   * conformance suite's completeness check. Its users must key every read on something
   * the game sets (a version, a stamp) — the isolation check still plays games both ways.
   */
  cache<T extends object>(obj: T): T {
    this.caches.add(obj);
    return obj;
  }

  isCache(obj: unknown): boolean {
    return this.caches.has(obj as object);
  }

  /** Every array reset per game (for the conformance suite's completeness check). */
  declared(): readonly Typed[] {
    return [...this.fills, ...this.copies];
  }

  /**
   * Records `owner`'s own scalar fields (numbers, booleans, null) as they are now: reset
   * puts them back. Call it once the object is fully built (after createGame's wiring).
   */
  seal(owner: object): void {
    const o = owner as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => {
      const v = o[k];
      return typeof v === 'number' || typeof v === 'boolean' || v === null;
    });
    this.owners.push(owner);
    this.keys.push(keys);
    this.values.push(keys.map((k) => o[k]));
  }

  reset(): void {
    for (let i = 0; i < this.fills.length; i++) this.fills[i].fill(this.fillValues[i]);
    for (let i = 0; i < this.copies.length; i++) this.copies[i].set(this.sources[i]);
    for (let j = 0; j < this.owners.length; j++) {
      const o = this.owners[j] as Record<string, unknown>, keys = this.keys[j], values = this.values[j];
      for (let i = 0; i < keys.length; i++) o[keys[i]] = values[i];
    }
  }
}
