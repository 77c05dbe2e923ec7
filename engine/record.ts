/**
 * Fixed-layout numeric accumulators: named blocks (each a dense row-major array of the
 * given dims; the tally plan lays out the standard ones and a ruleset's extras) held in
 * one Float64Array per chunk (tally.ts writes into it). Workers add into it, return its buffer by transfer, and the runner sums buffers in
 * chunk order, so results are identical for any worker count. Sums of integers stay
 * exact (below 2^53), and chunk order fixes the order of any non-integer sums. Rulesets
 * record integer counts and sums only (scale a fraction to an integer): that lets
 * `squadsim merge` add shards exactly in any grouping, and it refuses anything else.
 */
export interface BlockSpec {
  /** Stable name used by analysis, e.g. "outcome", "casualties". */
  name: string;
  /** Dimensions, e.g. [2, 6] for side × turn. */
  dims: number[];
  /** Optional labels for each dimension (same lengths as dims). */
  labels?: string[][];
  /** What one cell means, for docs and CSV export. */
  doc?: string;
}

export interface BlockInfo extends BlockSpec {
  offset: number;
  size: number;
}

export class RecordLayout {
  readonly blocks: BlockInfo[] = [];
  readonly size: number;
  private readonly byName = new Map<string, BlockInfo>();

  constructor(specs: BlockSpec[]) {
    let offset = 0;
    for (const spec of specs) {
      if (this.byName.has(spec.name)) throw new Error(`duplicate record block ${spec.name}`);
      const size = spec.dims.reduce((a, b) => a * b, 1);
      const info: BlockInfo = { ...spec, offset, size };
      this.blocks.push(info);
      this.byName.set(spec.name, info);
      offset += size;
    }
    this.size = offset;
  }

  block(name: string): BlockInfo {
    const b = this.byName.get(name);
    if (!b) throw new Error(`no record block named ${name}`);
    return b;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  offset(name: string): number {
    return this.block(name).offset;
  }

  /** Reads a block out of a buffer as nested arrays (for summaries, never in the hot loop). */
  read(buf: Float64Array, name: string): number[] | number[][] | number[][][] {
    const b = this.block(name);
    const flat = Array.from(buf.subarray(b.offset, b.offset + b.size));
    if (b.dims.length === 1) return flat;
    if (b.dims.length === 2) {
      const [r, c] = b.dims;
      const out: number[][] = [];
      for (let i = 0; i < r; i++) out.push(flat.slice(i * c, (i + 1) * c));
      return out;
    }
    if (b.dims.length === 3) {
      const [p, r, c] = b.dims;
      const out: number[][][] = [];
      for (let i = 0; i < p; i++) {
        const plane: number[][] = [];
        for (let j = 0; j < r; j++) plane.push(flat.slice((i * r + j) * c, (i * r + j + 1) * c));
        out.push(plane);
      }
      return out;
    }
    throw new Error(`block ${name} has ${b.dims.length} dims; read supports 1–3`);
  }
}

/** dst += src, elementwise. Used to merge chunk buffers in chunk order. */
export function mergeInto(dst: Float64Array, src: Float64Array): void {
  if (dst.length !== src.length) throw new Error(`record size mismatch: ${dst.length} vs ${src.length}`);
  for (let i = 0; i < dst.length; i++) dst[i] += src[i];
}
