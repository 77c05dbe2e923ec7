import type { Rng } from '../rng.ts';
import { COVER, DIFFICULT, IMPASSABLE, OBSCURING, type MapData, type Table } from './table.ts';

/** R1 terrain generator parameters (digest names) plus the deployment depth (item 7). */
export interface MapGenOptions {
  mirrored?: boolean;
  terrain_pieces?: number;
  coverage?: number;
  obscuring_share?: number;
  high_ground_pieces?: number;
  high_ground_height_in?: number;
  deploy_depth_in?: number;
}

// Piece kinds. Names are constants so storing them allocates nothing.
const HIGH = 0, BUILDING = 1, HEDGE = 2, DENSE_WOOD = 3, WALL = 4, WOOD = 5;
const NAMES = ['high ground', 'building', 'hedge', 'dense wood', 'wall', 'wood'];
const NAME_RUIN = 'ruined building', NAME_THICKET = 'thicket', NAME_SWAMP = 'swampy wood';
const MAX_UNITS = 64;
const MAX_V = 16;
const ATTEMPTS = 40;
const RETRIES = 12;

/**
 * Fills a Table with one random, usually mirrored, layout per game. Construct once and
 * reuse: all scratch is preallocated, so a game's map depends only on the rng state.
 *
 * Layout rules: pieces never overlap and keep `gap` (a base diameter + 0.5") between
 * them; pieces that bar some movement (impassable, difficult, taller than waist height)
 * also keep `gap` from the side edges and out of both deployment zones. Every barrier is
 * then an island, so the open ground stays connected; a path check between the zones
 * backs this up and regenerates from the same rng if it ever fails.
 * Uses the table's last two point slots as scratch.
 */
export class MapGenerator {
  private readonly uKind = new Int8Array(MAX_UNITS);
  private readonly uFlags = new Uint8Array(MAX_UNITS);
  private readonly uHeight = new Float64Array(MAX_UNITS);
  private readonly uArea = new Float64Array(MAX_UNITS);
  private readonly uMult = new Int8Array(MAX_UNITS);
  // Candidate piece (a) and its rotated twin (b): vertices, outward normals, offsets.
  private readonly ax = new Float64Array(MAX_V);
  private readonly ay = new Float64Array(MAX_V);
  private readonly bx = new Float64Array(MAX_V);
  private readonly by = new Float64Array(MAX_V);
  private readonly sn = new Float64Array(4 * MAX_V);
  private an = 0;
  private totalArea = 0;

  /** Generates the terrain; returns the covered area (square inches). */
  generate(table: Table, rng: Rng, opts: MapGenOptions = {}): number {
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      this.layout(table, rng, opts, attempt === RETRIES);
      if (this.connected(table, opts.deploy_depth_in ?? 3)) return this.totalArea;
    }
    table.clearTerrain(); // unreachable in practice: the safe layout has no barriers
    return 0;
  }

  private layout(T: Table, rng: Rng, o: MapGenOptions, safe: boolean): void {
    const W = T.width, H = T.height;
    const mirrored = o.mirrored ?? true;
    const n = Math.min(o.terrain_pieces ?? 10, T.maxPolygons, MAX_UNITS);
    const depth = o.deploy_depth_in ?? 3;
    const hgH = o.high_ground_height_in ?? 4;
    const gap = 2 * T.baseRadius + 0.5;
    T.clearTerrain();
    this.totalArea = 0;
    // Piece counts by type; mirrored layouts place pairs plus one centre piece if n is odd.
    const hgN = Math.min(o.high_ground_pieces ?? 2, n);
    const obsN = Math.round((o.obscuring_share ?? 0.5) * (n - hgN));
    let units = 0;
    if (mirrored) {
      const centre = n % 2 === 1;
      let h = hgN, ob = obsN, cv = n - hgN - obsN;
      let cType = -1;
      if (centre) {
        cType = h % 2 === 1 ? HIGH : ob % 2 === 1 ? BUILDING : cv > 0 ? WOOD : h > 0 ? HIGH : BUILDING;
        if (cType === HIGH) h--;
        else if (cType === BUILDING) ob--;
        else cv--;
        units = this.addUnit(units, cType, 1, rng, hgH, safe);
      }
      const half = (n - (centre ? 1 : 0)) / 2;
      let hp = Math.min(Math.ceil(h / 2), half);
      let op = Math.min(Math.floor(ob / 2), half - hp);
      for (; hp > 0; hp--) units = this.addUnit(units, HIGH, 2, rng, hgH, safe);
      for (; op > 0; op--) units = this.addUnit(units, BUILDING, 2, rng, hgH, safe);
      while (units < (centre ? 1 : 0) + half) units = this.addUnit(units, WOOD, 2, rng, hgH, safe);
    } else {
      for (let i = 0; i < n; i++) units = this.addUnit(units, i < hgN ? HIGH : i < hgN + obsN ? BUILDING : WOOD, 1, rng, hgH, safe);
    }
    // Thin pieces (hedges, walls) have their own size; the rest share the remaining area.
    let thin = 0, weights = 0;
    for (let u = 0; u < units; u++) {
      if (this.uArea[u] > 0) thin += this.uArea[u] * this.uMult[u];
      else {
        this.uArea[u] = -(0.6 + 0.8 * rng.float());
        weights -= this.uArea[u] * this.uMult[u];
      }
    }
    const target = (o.coverage ?? 0.3) * W * H;
    const rest = Math.max(0, target - thin);
    for (let u = 0; u < units; u++) if (this.uArea[u] < 0) this.uArea[u] = Math.max(2, (-this.uArea[u] * rest) / weights);

    for (let u = 0; u < units; u++) {
      const k = this.uKind[u];
      const blocking = (this.uFlags[u] & (IMPASSABLE | DIFFICULT)) !== 0 || this.uHeight[u] > T.waistHeight;
      const xlo = blocking ? gap : 0, xhi = blocking ? W - gap : W;
      const ylo = blocking ? depth + gap : 0, yhi = blocking ? H - depth - gap : H;
      const centre = mirrored && this.uMult[u] === 1;
      let area = this.uArea[u];
      let placed = false;
      for (let shrink = 0; shrink < 4 && !placed; shrink++, area *= 0.8) {
        for (let t = 0; t < ATTEMPTS && !placed; t++) {
          this.shape(k, area, rng, centre);
          // Extent of the shape around its origin, then a random position that keeps it in bounds.
          let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
          for (let i = 0; i < this.an; i++) {
            x0 = Math.min(x0, this.ax[i]);
            x1 = Math.max(x1, this.ax[i]);
            y0 = Math.min(y0, this.ay[i]);
            y1 = Math.max(y1, this.ay[i]);
          }
          let cx: number, cy: number;
          if (centre) {
            cx = W / 2;
            cy = H / 2;
          } else {
            const cyMax = mirrored ? Math.min(H / 2, yhi - y1) : yhi - y1;
            if (xhi - x1 < xlo - x0 || cyMax < ylo - y0) break; // too big: shrink
            cx = xlo - x0 + rng.float() * (xhi - x1 - (xlo - x0));
            cy = ylo - y0 + rng.float() * (cyMax - (ylo - y0));
          }
          if (centre) this.placeCentre(cx, cy, W, H);
          else for (let i = 0; i < this.an; i++) {
            this.ax[i] += cx;
            this.ay[i] += cy;
          }
          if (centre && (x0 + cx < xlo || x1 + cx > xhi || y0 + cy < ylo || y1 + cy > yhi)) continue;
          if (!this.fits(T, gap, mirrored && !centre, W, H)) continue;
          this.commit(T, u, mirrored && !centre, W, H);
          placed = true;
        }
      }
    }
  }

  /** Picks the kind variant and flags of one unit; thin pieces get their area now. */
  private addUnit(u: number, type: number, mult: number, rng: Rng, hgH: number, safe: boolean): number {
    let kind = type, flags = 0, height = 0, area = 0;
    const r = rng.float();
    if (type === HIGH) {
      flags = COVER;
      height = hgH;
    } else if (type === BUILDING) {
      kind = r < 0.5 ? BUILDING : r < 0.75 ? DENSE_WOOD : HEDGE;
      flags = OBSCURING | COVER;
      if (kind === BUILDING && rng.float() < 0.3) flags |= IMPASSABLE;
      if (kind === DENSE_WOOD && rng.float() < 0.4) flags |= DIFFICULT;
      if (kind === HEDGE) {
        height = 2;
        area = 0.75 * (4 + 4 * rng.float());
      }
    } else {
      kind = r < 0.35 ? WALL : WOOD;
      flags = COVER;
      if (kind === WALL) {
        height = 1;
        area = 0.5 * (3 + 4 * rng.float());
      } else if (rng.float() < 0.35) flags |= DIFFICULT;
    }
    if (safe) {
      flags &= ~(IMPASSABLE | DIFFICULT);
      height = Math.min(height, 1);
    }
    this.uKind[u] = kind;
    this.uFlags[u] = flags;
    this.uHeight[u] = height;
    this.uArea[u] = area;
    this.uMult[u] = mult;
    return u + 1;
  }

  /** Writes a shape of the given area centred on the origin into (ax, ay), CCW. */
  private shape(kind: number, area: number, rng: Rng, symmetric: boolean): void {
    const th = rng.float() < 0.5 ? 0.5 * Math.PI * rng.below(2) : Math.PI * rng.float();
    const c = Math.cos(th), s = Math.sin(th);
    const thinW = kind === HEDGE ? 0.75 : kind === WALL ? 0.5 : 0;
    if (thinW > 0 || kind === BUILDING || (kind === HIGH && rng.float() < 0.5)) {
      let w: number, h: number;
      if (thinW > 0) {
        h = thinW;
        w = area / thinW;
      } else {
        const aspect = 1 + rng.float();
        w = Math.sqrt(area * aspect);
        h = area / w;
      }
      this.an = 4;
      for (let i = 0; i < 4; i++) {
        const lx = (i === 1 || i === 2 ? 0.5 : -0.5) * w, ly = (i >= 2 ? 0.5 : -0.5) * h;
        this.ax[i] = c * lx - s * ly;
        this.ay[i] = s * lx + c * ly;
      }
      return;
    }
    // Points of an ellipse at increasing angles are always in convex position.
    const nv = symmetric ? 6 + 2 * rng.below(2) : 5 + rng.below(4);
    const ea = 1, eb = 1 / (1 + 0.6 * rng.float());
    const m = symmetric ? nv / 2 : nv;
    const span = symmetric ? Math.PI : 2 * Math.PI;
    for (let i = 0; i < m; i++) {
      const phi = ((i + 0.2 + 0.6 * rng.float()) / m) * span;
      const lx = ea * Math.cos(phi), ly = eb * Math.sin(phi);
      this.ax[i] = c * lx - s * ly;
      this.ay[i] = s * lx + c * ly;
    }
    if (symmetric) {
      for (let i = 0; i < m; i++) {
        this.ax[m + i] = -this.ax[i];
        this.ay[m + i] = -this.ay[i];
      }
    }
    this.an = nv;
    let a2 = 0;
    for (let i = 0; i < nv; i++) {
      const j = (i + 1) % nv;
      a2 += this.ax[i] * this.ay[j] - this.ax[j] * this.ay[i];
    }
    const k = Math.sqrt((2 * area) / a2);
    for (let i = 0; i < nv; i++) {
      this.ax[i] *= k;
      this.ay[i] *= k;
    }
  }

  /** Centres a symmetric shape on (cx, cy), writing the second half as exact rotations of the first. */
  private placeCentre(cx: number, cy: number, W: number, H: number): void {
    const h = this.an / 2;
    for (let i = 0; i < h; i++) {
      this.ax[i] += cx;
      this.ay[i] += cy;
      this.ax[h + i] = W - this.ax[i];
      this.ay[h + i] = H - this.ay[i];
    }
  }

  /** Separation (SAT on both pieces' edge normals) of the candidate, and its twin, from everything placed. */
  private fits(T: Table, gap: number, twin: boolean, W: number, H: number): boolean {
    const n = this.an;
    if (twin) {
      for (let i = 0; i < n; i++) {
        this.bx[i] = W - this.ax[i];
        this.by[i] = H - this.ay[i];
      }
      if (!this.apart(this.ax, this.ay, n, this.bx, this.by, n, gap)) return false;
    }
    for (let p = 0; p < T.polygonCount; p++) {
      const s = T.pStart[p], c = T.pCount[p];
      const vx = T.vx.subarray(s, s + c), vy = T.vy.subarray(s, s + c);
      if (!this.apart(this.ax, this.ay, n, vx, vy, c, gap)) return false;
      if (twin && !this.apart(this.bx, this.by, n, vx, vy, c, gap)) return false;
    }
    return true;
  }

  private apart(x1: Float64Array, y1: Float64Array, n1: number, x2: Float64Array, y2: Float64Array, n2: number, gap: number): boolean {
    return this.sepAlong(x1, y1, n1, x2, y2, n2, gap) || this.sepAlong(x2, y2, n2, x1, y1, n1, gap);
  }

  /** Is there an edge of CCW polygon 1 whose outward side holds all of polygon 2 at least `gap` away? */
  private sepAlong(x1: Float64Array, y1: Float64Array, n1: number, x2: Float64Array, y2: Float64Array, n2: number, gap: number): boolean {
    for (let i = 0; i < n1; i++) {
      const j = i + 1 === n1 ? 0 : i + 1;
      const ex = x1[j] - x1[i], ey = y1[j] - y1[i];
      const l = Math.sqrt(ex * ex + ey * ey);
      const nx = ey / l, ny = -ex / l;
      const off = nx * x1[i] + ny * y1[i];
      let min = Infinity;
      for (let k = 0; k < n2; k++) min = Math.min(min, nx * x2[k] + ny * y2[k] - off);
      if (min >= gap) return true;
    }
    return false;
  }

  private commit(T: Table, u: number, twin: boolean, W: number, H: number): void {
    const k = this.uKind[u], fl = this.uFlags[u], h = this.uHeight[u];
    let name = NAMES[k];
    if (k === BUILDING && (fl & IMPASSABLE) === 0) name = NAME_RUIN;
    else if (k === WOOD && fl & DIFFICULT) name = NAME_THICKET;
    else if (k === DENSE_WOOD && fl & DIFFICULT) name = NAME_SWAMP;
    T.addPolygon(this.ax, this.ay, this.an, fl, h, name);
    this.totalArea += this.area(this.ax, this.ay, this.an);
    if (twin) {
      for (let i = 0; i < this.an; i++) {
        this.bx[i] = W - this.ax[i];
        this.by[i] = H - this.ay[i];
      }
      T.addPolygon(this.bx, this.by, this.an, fl, h, name);
      this.totalArea += this.area(this.bx, this.by, this.an);
    }
  }

  private area(x: Float64Array, y: Float64Array, n: number): number {
    let a2 = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      a2 += x[i] * y[j] - x[j] * y[i];
    }
    return Math.abs(a2) / 2;
  }

  /** Both deployment zones reach each other walking and running, from three points each. */
  private connected(T: Table, depth: number): boolean {
    const s0 = T.points - 2, s1 = T.points - 1;
    const W = T.width, H = T.height;
    const y0 = Math.max(depth / 2, T.baseRadius), y1 = H - y0;
    for (let side = 0; side < 2; side++) {
      for (let i = 1; i <= 3; i++) {
        T.setPoint(s0, (W * i) / 4, side === 0 ? y0 : y1);
        T.setPoint(s1, W / 2, side === 0 ? y1 : y0);
        if (T.pathCost(s0, s1, false) === Infinity || T.pathCost(s0, s1, true) === Infinity) return false;
      }
    }
    return true;
  }
}

let shared: MapGenerator | undefined;

/** Fills `table` with a generated map (see MapGenerator); returns the covered area. */
export function generateMap(table: Table, rng: Rng, opts: MapGenOptions = {}): number {
  shared ??= new MapGenerator();
  return shared.generate(table, rng, opts);
}

/** The table's current size and terrain as a map file (not hot; allocates). */
export function describeMap(table: Table, name = 'generated'): MapData {
  const terrain: MapData['terrain'] = [];
  for (let p = 0; p < table.polygonCount; p++) {
    const s = table.pStart[p], c = table.pCount[p], f = table.pFlags[p];
    const polygon: [number, number][] = [];
    for (let i = s; i < s + c; i++) polygon.push([table.vx[i], table.vy[i]]);
    terrain.push({
      name: table.names[p],
      polygon,
      obscuring: (f & OBSCURING) !== 0,
      cover: (f & COVER) !== 0,
      difficult: (f & DIFFICULT) !== 0,
      impassable: (f & IMPASSABLE) !== 0,
      height: table.pHeight[p],
    });
  }
  return { name, size: [table.width, table.height], terrain };
}
