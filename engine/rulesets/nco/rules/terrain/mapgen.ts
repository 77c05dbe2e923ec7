import type { Rng } from '../../../../rng.ts';
import { COVER, DIFFICULT, IMPASSABLE, OBSCURING } from '../../../../geometry/flags.ts';
import type { Router } from '../../../../geometry/path.ts';
import type { Table } from '../../../../geometry/table.ts';
import { ZoneLink } from './mapgen-link.ts';
import { BUILDING, DENSE_WOOD, HEDGE, HIGH, ShapeMaker, WALL, WOOD } from './mapgen-shape.ts';
import { E_AREA, E_CX, E_CY, E_SX0, E_SX1, E_SY0, E_SY1, E_X0, E_X1, E_Y0, E_Y1, E_DEPTH, E_GAP, E_H, E_XHI, E_XLO, E_YHI, E_YLO, E_HG, E_SLACK, E_TOTAL, E_W, E_WAIST, ENV_SIZE, PieceFit } from './mapgen-fit.ts';

/**
 * R1 terrain generator parameters (digest names) plus the deployment depth (item 7) and the
 * waist height (R2: a taller piece is a barrier to a walk).
 */
export interface MapGenOptions {
  mirrored?: boolean;
  terrain_pieces?: number;
  coverage?: number;
  obscuring_share?: number;
  high_ground_pieces?: number;
  high_ground_height_in?: number;
  deploy_depth_in?: number;
  waist_height_in?: number;
}

const NAMES = ['high ground', 'building', 'hedge', 'dense wood', 'wall', 'wood'];
const NAME_RUIN = 'ruined building', NAME_THICKET = 'thicket', NAME_SWAMP = 'swampy wood';
const MAX_UNITS = 64;
const ATTEMPTS = 40;
const RETRIES = 12;
/** Minimum distance between pieces that are not both barriers. */
const SLACK = 0.25;
const NO_OPTS: MapGenOptions = Object.freeze({});

/**
 * Fills a Table with one random, usually mirrored, layout per game. Construct once and
 * reuse: all scratch is preallocated, so a game's map depends only on the rng state.
 *
 * Layout rules: pieces never overlap (SLACK apart). Barriers (impassable, difficult or
 * taller than waist height) keep a lane of a base diameter + 0.5" from each other and
 * from the side edges, and stay out of both deployment zones, so each barrier is an
 * island and the open ground stays connected; a connectivity check between the zones (a
 * geometric certificate, else the router's search: mapgen-link.ts) backs this up and
 * regenerates from the same rng if it ever fails. Pieces are placed in order
 * centre piece, barriers, the rest; each takes a share of the coverage still missing, and
 * one that will not fit shrinks (a difficult wood that still will not fit loses
 * `difficult`). Uses the table's last two point slots as scratch.
 */
export class MapGenerator {
  private readonly uKind = new Int8Array(MAX_UNITS);
  private readonly uFlags = new Uint8Array(MAX_UNITS);
  private readonly uHeight = new Float64Array(MAX_UNITS);
  private readonly uArea = new Float64Array(MAX_UNITS);
  private readonly uMult = new Int8Array(MAX_UNITS);
  private readonly order = new Int8Array(MAX_UNITS);
  /** The candidate piece (and its rotated twin) and the placement test. */
  private readonly fit = new PieceFit();
  /** Doubles shared by the helpers (passing them as arguments would box them): see E_*. */
  private readonly env = new Float64Array(ENV_SIZE);
  private readonly rnd = new Float64Array(MAX_UNITS);
  /** Piece shapes, and the uniforms of a candidate's position. */
  private readonly shapes = new ShapeMaker();
  private readonly pos = new Float64Array(2);
  /** The connectivity check: a geometric certificate, else the router's search. */
  readonly link = new ZoneLink();
  /** Thin pieces (hedges, walls) still allowed: they add little area, so too many starve coverage. */
  private thinLeft = 0;

  /** Area (square inches) covered by the last generated map. */
  get coveredArea(): number {
    return this.env[E_TOTAL];
  }

  /**
   * Generates the terrain of the router's table (returns nothing: a returned double would
   * be boxed); the router checks the zones connect. One generator serves any table.
   */
  generate(router: Router, rng: Rng, opts: MapGenOptions = NO_OPTS): void {
    const table = router.t, e = this.env;
    e[E_W] = table.width;
    e[E_H] = table.height;
    e[E_GAP] = 2 * table.baseRadius + 0.5;
    e[E_DEPTH] = opts.deploy_depth_in ?? 3;
    e[E_HG] = opts.high_ground_height_in ?? 4;
    e[E_SLACK] = SLACK;
    e[E_WAIST] = opts.waist_height_in ?? 1;
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      this.layout(table, rng, opts, attempt === RETRIES);
      if (this.connected(router)) return;
    }
    table.clearTerrain(); // unreachable in practice: the safe layout has no barriers
    e[E_TOTAL] = 0;
  }

  private layout(T: Table, rng: Rng, o: MapGenOptions, safe: boolean): void {
    const e = this.env;
    // All doubles come from `env`: a ternary mixing a computed double with a literal makes
    // V8 box the result (measured), and this runs once per game.
    const W = e[E_W], H = e[E_H], gap = e[E_GAP], depth = e[E_DEPTH], slack = e[E_SLACK];
    const mirrored = o.mirrored ?? true;
    const n = Math.min(o.terrain_pieces ?? 10, T.maxPolygons, MAX_UNITS);
    T.clearTerrain();
    e[E_TOTAL] = 0;
    // Piece counts by type; mirrored layouts place pairs plus one centre piece if n is odd.
    const hgN = Math.min(o.high_ground_pieces ?? 2, n);
    const obsN = Math.round((o.obscuring_share ?? 0.5) * (n - hgN));
    let units = 0;
    this.thinLeft = Math.floor((mirrored ? (n + 1) / 2 : n) / 3);
    if (mirrored) {
      const centre = n % 2 === 1;
      let h = hgN, ob = obsN, cv = n - hgN - obsN;
      if (centre) {
        const cType = h % 2 === 1 ? HIGH : ob % 2 === 1 ? BUILDING : cv > 0 ? WOOD : h > 0 ? HIGH : BUILDING;
        if (cType === HIGH) h--;
        else if (cType === BUILDING) ob--;
        else cv--;
        units = this.addUnit(units, cType, 1, rng, safe);
      }
      // Odd counts that cannot take the centre are rounded to pairs (high ground up, obscuring down).
      const half = (n - (centre ? 1 : 0)) / 2;
      let hp = Math.min(Math.ceil(h / 2), half);
      let op = Math.min(Math.floor(ob / 2), half - hp);
      for (; hp > 0; hp--) units = this.addUnit(units, HIGH, 2, rng, safe);
      for (; op > 0; op--) units = this.addUnit(units, BUILDING, 2, rng, safe);
      while (units < (centre ? 1 : 0) + half) units = this.addUnit(units, WOOD, 2, rng, safe);
    } else {
      for (let i = 0; i < n; i++) units = this.addUnit(units, i < hgN ? HIGH : i < hgN + obsN ? BUILDING : WOOD, 1, rng, safe);
    }
    // Thin pieces (hedges, walls) have their own size; the rest share the remaining area
    // by random weights. Each piece's share is recomputed from what is still missing, so a
    // piece that had to shrink passes its deficit on to the pieces after it.
    this.draw(rng, units);
    for (let u = 0; u < units; u++) if (this.uArea[u] === 0) this.uArea[u] = -(0.6 + 0.8 * this.rnd[u]);
    const target = (o.coverage ?? 0.3) * W * H;
    // Placement order: the fixed centre piece, then barriers (the most constrained), then
    // the rest, which may go anywhere and so best absorb any shortfall.
    let no = 0;
    for (let pass = 0; pass < 3; pass++) {
      for (let u = 0; u < units; u++) {
        const c = mirrored && this.uMult[u] === 1 ? 0 : this.unitBlocks(u) ? 1 : 2;
        if (c === pass) this.order[no++] = u;
      }
    }
    for (let oi = 0; oi < units; oi++) {
      const u = this.order[oi];
      const k = this.uKind[u];
      let blocking = this.unitBlocks(u);
      // Margins from the table edges: a lane's width for barriers, else just inside.
      let xlo = blocking ? gap : slack, xhi = W - xlo;
      let ylo = blocking ? depth + gap : slack, yhi = H - ylo;
      const centre = mirrored && this.uMult[u] === 1;
      const twin = mirrored && !centre;
      let area = this.uArea[u];
      if (area < 0) {
        let need = target - e[E_TOTAL], weights = 0;
        for (let vi = oi; vi < units; vi++) {
          const v = this.order[vi];
          if (this.uArea[v] > 0) need -= this.uArea[v] * this.uMult[v];
          else weights -= this.uArea[v] * this.uMult[v];
        }
        // Capped so one huge leftover piece cannot swallow the table.
        area = Math.min(Math.max(2, (-area * need) / weights), (2.5 * target) / n);
      }
      let placed = false;
      for (let shrink = 0; shrink < 5 && !placed; shrink++, area *= 0.8) {
        if (shrink === 2 && blocking && (this.uFlags[u] & IMPASSABLE) === 0 && this.uHeight[u] <= e[E_WAIST]) {
          // A difficult wood that will not fit with lanes around it becomes passable.
          this.uFlags[u] &= ~DIFFICULT;
          blocking = false;
          xlo = ylo = slack;
          xhi = W - slack;
          yhi = H - slack;
        }
        e[E_AREA] = area;
        e[E_XLO] = xlo;
        e[E_XHI] = xhi;
        e[E_YLO] = ylo;
        e[E_YHI] = yhi;
        for (let t = 0; t < ATTEMPTS && !placed; t++) {
          let drawn = false;
          if (!this.shapes.begin(k, rng, centre, this.fit, e)) {
            // An ellipse away from the centre: when it surely fits the margins, its position's
            // dice (drawn next either way) come first, and a candidate the placement test would
            // surely reject is dropped before its vertices' trigonometry.
            if (!centre) {
              this.shapes.bounds(e);
              if (this.shapes.withinMargins(e, mirrored)) {
                rng.floats(this.pos, 2);
                drawn = true;
                this.shapes.originBox(e, this.pos, mirrored);
                if (this.fit.surelyOverlaps(T, e, blocking, twin)) continue;
              }
            }
            this.shapes.finish(this.fit, e);
          }
          // Extent of the shape around its origin (from the shape), then a random position that keeps it in bounds.
          const ax = this.fit.ax, ay = this.fit.ay, an = this.fit.n;
          const x0 = e[E_SX0], x1 = e[E_SX1], y0 = e[E_SY0], y1 = e[E_SY1];
          let cx = W / 2, cy = H / 2;
          if (centre) {
            if (x0 + cx < xlo || x1 + cx > xhi || y0 + cy < ylo || y1 + cy > yhi) break; // too big: shrink
            this.placeCentre();
            this.placedBox();
          } else {
            const cyMax = mirrored ? Math.min(H / 2, yhi - y1) : yhi - y1;
            if (xhi - x1 < xlo - x0 || cyMax < ylo - y0) break; // never once drawn (withinMargins)
            if (!drawn) rng.floats(this.pos, 2);
            cx = xlo - x0 + this.pos[0] * (xhi - x1 - (xlo - x0));
            cy = ylo - y0 + this.pos[1] * (cyMax - (ylo - y0));
            for (let i = 0; i < an; i++) {
              ax[i] += cx;
              ay[i] += cy;
            }
            // The placed box: rounding is monotonic, so min(x + cx) over the vertices is min(x) + cx.
            e[E_X0] = x0 + cx;
            e[E_X1] = x1 + cx;
            e[E_Y0] = y0 + cy;
            e[E_Y1] = y1 + cy;
          }
          e[E_CX] = cx;
          e[E_CY] = cy;
          if (!this.fit.fits(T, e, blocking, twin)) continue;
          this.commit(T, u, twin);
          placed = true;
        }
      }
    }
  }

  /** The centre piece's bounding box into env (its second half is not a translation of the shape). */
  private placedBox(): void {
    const ax = this.fit.ax, ay = this.fit.ay, e = this.env;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (let i = 0; i < this.fit.n; i++) {
      x0 = Math.min(x0, ax[i]);
      x1 = Math.max(x1, ax[i]);
      y0 = Math.min(y0, ay[i]);
      y1 = Math.max(y1, ay[i]);
    }
    e[E_X0] = x0;
    e[E_X1] = x1;
    e[E_Y0] = y0;
    e[E_Y1] = y1;
  }

  /** Draws n uniforms into `rnd` (rng.floats: no double crosses a call, none is boxed). */
  private draw(rng: Rng, n: number): void {
    rng.floats(this.rnd, n);
  }

  /** Bars some movement: such pieces keep lanes around them and stay out of deployment zones. */
  private unitBlocks(u: number): boolean {
    return (this.uFlags[u] & (IMPASSABLE | DIFFICULT)) !== 0 || this.uHeight[u] > this.env[E_WAIST];
  }

  /** Picks the kind variant and flags of one unit; thin pieces get their area now. */
  private addUnit(u: number, type: number, mult: number, rng: Rng, safe: boolean): number {
    let kind = type, flags = 0, height = 0, area = 0;
    this.draw(rng, 3);
    const r = this.rnd[0], r1 = this.rnd[1], r2 = this.rnd[2];
    if (type === HIGH) {
      flags = COVER;
      height = this.env[E_HG];
    } else if (type === BUILDING) {
      kind = r < 0.5 ? BUILDING : r < 0.75 || this.thinLeft === 0 ? DENSE_WOOD : HEDGE;
      flags = OBSCURING | COVER;
      if (kind === BUILDING && r1 < 0.3) flags |= IMPASSABLE;
      if (kind === DENSE_WOOD && r1 < 0.4) flags |= DIFFICULT;
      if (kind === HEDGE) {
        height = 2;
        area = 0.75 * (4 + 4 * r2);
      }
    } else {
      kind = r < 0.35 && this.thinLeft > 0 ? WALL : WOOD;
      flags = COVER;
      if (kind === WALL) {
        height = 1;
        area = 0.5 * (3 + 4 * r2);
      } else if (r1 < 0.35) flags |= DIFFICULT;
    }
    if (kind === HEDGE || kind === WALL) this.thinLeft--;
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

  /** Centres a symmetric shape on the table, writing the second half as exact rotations of the first. */
  private placeCentre(): void {
    const W = this.env[E_W], H = this.env[E_H], ax = this.fit.ax, ay = this.fit.ay;
    const h = this.fit.n / 2;
    for (let i = 0; i < h; i++) {
      ax[i] += W / 2;
      ay[i] += H / 2;
      ax[h + i] = W - ax[i];
      ay[h + i] = H - ay[i];
    }
  }

  private commit(T: Table, u: number, twin: boolean): void {
    const k = this.uKind[u], fl = this.uFlags[u];
    let name = NAMES[k];
    if (k === BUILDING && (fl & IMPASSABLE) === 0) name = NAME_RUIN;
    else if (k === WOOD && fl & DIFFICULT) name = NAME_THICKET;
    else if (k === DENSE_WOOD && fl & DIFFICULT) name = NAME_SWAMP;
    const n = this.fit.n, ax = this.fit.ax, ay = this.fit.ay, bx = this.fit.bx, by = this.fit.by;
    let a2 = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      a2 += ax[i] * ay[j] - ax[j] * ay[i];
    }
    T.addConvexCCW(ax, ay, n, fl, this.uHeight[u], name);
    this.fit.placed(T, T.polygonCount - 1, this.env, false);
    if (twin) {
      for (let i = 0; i < n; i++) {
        bx[i] = this.env[E_W] - ax[i];
        by[i] = this.env[E_H] - ay[i];
      }
      T.addConvexCCW(bx, by, n, fl, this.uHeight[u], name);
      this.fit.placed(T, T.polygonCount - 1, this.env, true);
    }
    this.env[E_TOTAL] += (twin ? 2 : 1) * Math.abs(a2 / 2); // a rotation keeps the area
  }

  /** The deployment zones' centres reach each other walking and running (a backstop: barriers are islands). */
  private connected(router: Router): boolean {
    const T = router.t;
    const s0 = T.points - 2, s1 = T.points - 1;
    const y0 = Math.max(this.env[E_DEPTH] / 2, T.baseRadius);
    T.setPoint(s0, T.width / 2, y0);
    T.setPoint(s1, T.width / 2, T.height - y0);
    return this.link.connected(router, s0, s1);
  }
}
