import { ConfigError } from '../errors.ts';
import { parseOrThrow } from '../validate.ts';
import { COVER, DIFFICULT, EPS, IMPASSABLE, NEG_EPS, OBSCURING } from './flags.ts';
import { mapSchema, polygonOrientation, type MapJson } from './map.ts';

export { COVER, DIFFICULT, EPS, IMPASSABLE, OBSCURING } from './flags.ts';
export { MAP_LIMITS, mapSchema, terrainPieceSchema, polygonOrientation, type MapJson, type MapData, type TerrainPiece } from './map.ts';

/** Table size and the models' base radius, in inches. */
export interface TableOptions {
  width: number;
  height: number;
  baseRadius: number;
}

export interface TableCapacity {
  maxPolygons?: number;
  maxVertices?: number;
  points?: number;
}

/**
 * The 2D tabletop: convex terrain polygons plus a pool of points (models and scratch
 * points), with the segment and polygon tests a game builds its sight, cover and movement
 * rules from (those rules live in the ruleset; routing is path.ts). Built once per worker;
 * every query takes point-slot indices and allocates nothing, because V8 boxes doubles
 * passed to or returned from non-inlined calls and the hot loop must not feed the GC.
 * Intermediate values travel through preallocated typed arrays (`seg`, `ct`, `ce`, `q`).
 *
 * Terrain pieces must be convex; a concave piece is a union of convex ones (give each
 * part the same flags). Vertices are stored counter-clockwise.
 */
export class Table {
  readonly maxPolygons: number;
  readonly maxVertices: number;
  readonly points: number;

  width = 36;
  height = 36;
  baseRadius = 0.5;

  /** Point pool: slots 0..N-1 are models, higher slots are scratch (aim points, waypoints). */
  readonly px: Float64Array;
  readonly py: Float64Array;

  polygonCount = 0;
  vertexCount = 0;
  readonly pStart: Int32Array;
  readonly pCount: Int32Array;
  readonly pFlags: Uint8Array;
  readonly pHeight: Float64Array;
  readonly bx0: Float64Array;
  readonly by0: Float64Array;
  readonly bx1: Float64Array;
  readonly by1: Float64Array;
  /** Per vertex i: edge i runs from v_i to the next vertex; (nx, ny) its outward unit normal, nc = n·v_i. */
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly ex: Float64Array;
  readonly ey: Float64Array;
  readonly nx: Float64Array;
  readonly ny: Float64Array;
  readonly nc: Float64Array;
  /** Piece names, for describeMap only. */
  readonly names: string[];
  /** Bumped on any terrain or option change (and by movement rules when theirs change); the router's caches key on it. */
  version = 0;

  /** Current segment: [ax, ay, dx, dy, length, minX, minY, maxX, maxY]. */
  readonly seg = new Float64Array(9);
  /** Last clip: unclamped entry and exit parameters along `seg`. */
  readonly ct = new Float64Array(2);
  /** Last clip: the vertex index of the entry and exit edges. */
  readonly ce = new Int32Array(2);
  /** Scratch point for internal containment tests; q[2] receives elevations. */
  readonly q = new Float64Array(3);

  constructor(cap: TableCapacity = {}, options: Partial<TableOptions> = {}) {
    this.maxPolygons = cap.maxPolygons ?? 32;
    this.maxVertices = cap.maxVertices ?? 256;
    this.points = cap.points ?? 64;
    const P = this.maxPolygons, V = this.maxVertices;
    this.px = new Float64Array(this.points);
    this.py = new Float64Array(this.points);
    this.pStart = new Int32Array(P);
    this.pCount = new Int32Array(P);
    this.pFlags = new Uint8Array(P);
    this.pHeight = new Float64Array(P);
    this.bx0 = new Float64Array(P);
    this.by0 = new Float64Array(P);
    this.bx1 = new Float64Array(P);
    this.by1 = new Float64Array(P);
    this.vx = new Float64Array(V);
    this.vy = new Float64Array(V);
    this.ex = new Float64Array(V);
    this.ey = new Float64Array(V);
    this.nx = new Float64Array(V);
    this.ny = new Float64Array(V);
    this.nc = new Float64Array(V);
    this.names = new Array<string>(P).fill('');
    this.setOptions(options);
  }

  setOptions(o: Partial<TableOptions>): void {
    if (o.width !== undefined) this.width = o.width;
    if (o.height !== undefined) this.height = o.height;
    if (o.baseRadius !== undefined) this.baseRadius = o.baseRadius;
    this.version++;
  }

  clearTerrain(): void {
    this.polygonCount = 0;
    this.vertexCount = 0;
    this.version++;
  }

  /**
   * Adds a convex polygon (either winding; stored CCW). Throws on a concave, degenerate
   * or self-intersecting polygon, or when capacity is exceeded. Returns its index.
   */
  addPolygon(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, flags: number, height: number, name = ''): number {
    this.room(n);
    const orient = polygonOrientation(xs, ys, n);
    if (orient === 0) throw new ConfigError(`terrain[${this.polygonCount}].polygon`, name || this.polygonCount, 'is not a convex, non-degenerate polygon; split concave pieces into convex ones');
    return this.store(xs, ys, n, orient, flags, height, name);
  }

  /**
   * addPolygon for a caller that only builds convex counter-clockwise polygons (the map
   * generator): the same polygon stored, without the orientation test (an atan2 a vertex).
   */
  addConvexCCW(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, flags: number, height: number, name: string): number {
    this.room(n);
    return this.store(xs, ys, n, 1, flags, height, name);
  }

  private room(n: number): void {
    const p = this.polygonCount, s = this.vertexCount;
    if (p >= this.maxPolygons) throw new ConfigError('terrain', p + 1, `exceeds the table's capacity of ${this.maxPolygons} polygons`);
    if (s + n > this.maxVertices) throw new ConfigError('terrain', s + n, `vertices exceed the table's capacity of ${this.maxVertices}`);
  }

  /** Stores a checked polygon (orient −1: reversed, so it is kept counter-clockwise). */
  private store(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, orient: number, flags: number, height: number, name: string): number {
    const p = this.polygonCount, s = this.vertexCount;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let k = 0; k < n; k++) {
      const src = orient > 0 ? k : n - 1 - k; // reverse clockwise input
      const x = xs[src], y = ys[src];
      this.vx[s + k] = x;
      this.vy[s + k] = y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    for (let k = 0; k < n; k++) {
      const i = s + k, j = s + (k + 1 === n ? 0 : k + 1);
      const ex = this.vx[j] - this.vx[i], ey = this.vy[j] - this.vy[i];
      const l = Math.sqrt(ex * ex + ey * ey);
      this.ex[i] = ex;
      this.ey[i] = ey;
      this.nx[i] = ey / l;
      this.ny[i] = -ex / l;
      this.nc[i] = this.nx[i] * this.vx[i] + this.ny[i] * this.vy[i];
    }
    this.pStart[p] = s;
    this.pCount[p] = n;
    this.pFlags[p] = flags;
    this.pHeight[p] = height;
    this.bx0[p] = x0;
    this.by0[p] = y0;
    this.bx1[p] = x1;
    this.by1[p] = y1;
    this.names[p] = name;
    this.polygonCount = p + 1;
    this.vertexCount = s + n;
    this.version++;
    return p;
  }

  /** Replaces size and terrain from a map (validated with `mapSchema`). Not hot; may allocate. */
  loadMap(map: MapJson): void {
    const m = parseOrThrow(mapSchema, map, ['map']);
    this.setOptions({ width: m.size[0], height: m.size[1] });
    this.clearTerrain();
    for (const t of m.terrain) {
      const xs = t.polygon.map((v) => v[0]);
      const ys = t.polygon.map((v) => v[1]);
      const flags = (t.obscuring ? OBSCURING : 0) | (t.cover ? COVER : 0) | (t.difficult ? DIFFICULT : 0) | (t.impassable ? IMPASSABLE : 0);
      this.addPolygon(xs, ys, xs.length, flags, t.height, t.name);
    }
  }

  setPoint(slot: number, x: number, y: number): void {
    this.px[slot] = x;
    this.py[slot] = y;
  }

  /** Writes a + t·(b − a) into slot `out`. */
  pointAlong(a: number, b: number, t: number, out: number): void {
    const ax = this.px[a], ay = this.py[a];
    this.px[out] = ax + t * (this.px[b] - ax);
    this.py[out] = ay + t * (this.py[b] - ay);
  }

  dist(a: number, b: number): number {
    const dx = this.px[b] - this.px[a], dy = this.py[b] - this.py[a];
    return Math.sqrt(dx * dx + dy * dy);
  }

  /** True if scratch point `q` lies strictly inside polygon p (boundary counts as outside). */
  insideQ(p: number): boolean {
    const x = this.q[0], y = this.q[1];
    if (x <= this.bx0[p] || x >= this.bx1[p] || y <= this.by0[p] || y >= this.by1[p]) return false;
    const end = this.pStart[p] + this.pCount[p];
    for (let i = this.pStart[p]; i < end; i++) {
      if (this.nx[i] * x + this.ny[i] * y - this.nc[i] > NEG_EPS) return false;
    }
    return true;
  }

  /** Height of the terrain under point i: the highest polygon containing it, 0 if none. */
  elev(i: number): number {
    this.elevQ(i);
    return this.q[2];
  }

  /** elev(i) into q[2] (no double crosses a call boundary). */
  elevQ(i: number): void {
    const q = this.q;
    q[0] = this.px[i];
    q[1] = this.py[i];
    q[2] = 0;
    for (let p = 0; p < this.polygonCount; p++) {
      if (this.pHeight[p] > q[2] && this.insideQ(p)) q[2] = this.pHeight[p];
    }
  }

  /** Loads segment a→b into `seg`; returns false if it has (near) zero length. */
  setSeg(a: number, b: number): boolean {
    return this.setSegFrom(this.px, this.py, a, b);
  }

  /** Loads the segment from point a to point b of the given coordinate arrays into `seg`. */
  setSegFrom(xs: Float64Array, ys: Float64Array, a: number, b: number): boolean {
    const s = this.seg;
    const ax = xs[a], ay = ys[a];
    const dx = xs[b] - ax, dy = ys[b] - ay;
    s[0] = ax;
    s[1] = ay;
    s[2] = dx;
    s[3] = dy;
    s[4] = Math.sqrt(dx * dx + dy * dy);
    this.segBox();
    return s[4] > EPS;
  }

  /** Fills the bounding box of the segment in `seg` (after its first five entries are set). */
  segBox(): void {
    const s = this.seg;
    const ax = s[0], ay = s[1], bx = s[0] + s[2], by = s[1] + s[3];
    s[5] = ax < bx ? ax : bx;
    s[6] = ay < by ? ay : by;
    s[7] = ax < bx ? bx : ax;
    s[8] = ay < by ? by : ay;
  }

  /** Bounding-box overlap between the current segment and polygon p. */
  segBoxHits(p: number): boolean {
    const s = this.seg;
    return s[7] >= this.bx0[p] && s[5] <= this.bx1[p] && s[8] >= this.by0[p] && s[6] <= this.by1[p];
  }

  /**
   * Cyrus–Beck clip of `seg` against convex polygon p. Returns true if the segment crosses
   * the polygon's interior over a positive length; then `ct` holds the unclamped entry and
   * exit parameters (entry < 0: the start is inside; exit > 1: the end is inside) and `ce`
   * the entry and exit edges.
   */
  clip(p: number): boolean {
    const s = this.seg;
    const ax = s[0], ay = s[1], dx = s[2], dy = s[3];
    let tIn = -1e300, tOut = 1e300, eIn = -1, eOut = -1;
    const end = this.pStart[p] + this.pCount[p];
    for (let i = this.pStart[p]; i < end; i++) {
      const nx = this.nx[i], ny = this.ny[i];
      const num = nx * ax + ny * ay - this.nc[i];
      const den = nx * dx + ny * dy;
      // Compared on every edge, not only in the rare parallel case: an operation first met
      // there has no type feedback and deopts the optimised caller (lineOfSight).
      const outside = num > NEG_EPS;
      if (den === 0) {
        if (outside) return false; // parallel, on or outside this edge
        continue;
      }
      const t = -num / den;
      if (den > 0) {
        if (t < tOut) {
          tOut = t;
          eOut = i;
        }
      } else if (t > tIn) {
        tIn = t;
        eIn = i;
      }
      if (tIn >= tOut) return false;
    }
    const t0 = Math.max(tIn, 0), t1 = Math.min(tOut, 1);
    if ((t1 - t0) * s[4] <= EPS) return false;
    this.ct[0] = tIn;
    this.ct[1] = tOut;
    this.ce[0] = eIn;
    this.ce[1] = eOut;
    return true;
  }
}
