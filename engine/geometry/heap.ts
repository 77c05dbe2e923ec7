/**
 * A binary min-heap of small-integer items keyed by `keys[item]` (a Float64Array owned by
 * the caller), allocation-free. Keys may change after a push: the caller pushes the item
 * again and `pop` skips entries whose stored key no longer matches, or that `live` rejects
 * (lazy deletion). A full heap is rebuilt from the live items.
 */
export class KeyHeap {
  private readonly hK: Float64Array;
  private readonly hV: Int32Array;
  private n = 0;

  constructor(
    capacity: number,
    private readonly keys: Float64Array,
    /** live[item] === liveMark marks an item still wanted (e.g. an A* open-state array). */
    private readonly live: Uint8Array,
    private readonly liveMark: number,
  ) {
    this.hK = new Float64Array(capacity);
    this.hV = new Int32Array(capacity);
  }

  clear(): void {
    this.n = 0;
  }

  /** Pushes item v with its current key; `items` bounds the rebuild when the heap is full. */
  push(v: number, items: number): void {
    if (this.n === this.hK.length) this.rebuild(items);
    const hK = this.hK, hV = this.hV, key = this.keys[v];
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hK[p] <= key) break;
      hK[i] = hK[p];
      hV[i] = hV[p];
      i = p;
    }
    hK[i] = key;
    hV[i] = v;
  }

  /** The live item with the least key, skipping stale entries; −1 when none is left. */
  pop(): number {
    const hK = this.hK, hV = this.hV;
    while (this.n > 0) {
      const v = hV[0], key = hK[0];
      const n = --this.n;
      const lk = hK[n], lv = hV[n];
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && hK[c + 1] < hK[c]) c++;
        if (hK[c] >= lk) break;
        hK[i] = hK[c];
        hV[i] = hV[c];
        i = c;
      }
      hK[i] = lk;
      hV[i] = lv;
      if (this.live[v] === this.liveMark && this.keys[v] === key) return v;
    }
    return -1;
  }

  private rebuild(items: number): void {
    this.n = 0;
    for (let v = 0; v < items; v++) if (this.live[v] === this.liveMark) this.push(v, items);
  }
}
