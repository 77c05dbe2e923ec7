import type { Rng } from '../../../../rng.ts';
import {
  E_AREA, E_H, E_OX0, E_OX1, E_OY0, E_OY1, E_RHO, E_RLO, E_SX0, E_SX1, E_SY0, E_SY1, E_W,
  E_XB0, E_XB1, E_XHI, E_XLO, E_YB0, E_YB1, E_YHI, E_YLO, type PieceFit,
} from './mapgen-fit.ts';

// Piece kinds. Names are constants so storing them allocates nothing.
export const HIGH = 0, BUILDING = 1, HEDGE = 2, DENSE_WOOD = 3, WALL = 4, WOOD = 5;
/**
 * cos and sin of no turn and of a quarter turn (as Math.cos(0.5 * Math.PI) and Math.sin give
 * them), in a typed array: a literal or a module constant merged with a computed double made
 * V8 box the result (about 1 kB a game, caught by dist/gc.js).
 */
const SQUARE = Float64Array.of(1, 0, Math.cos(0.5 * Math.PI), Math.sin(0.5 * Math.PI));
/** Relative widening of every bound below: far above the rounding (~1e-15) of the values it bounds. */
const WIDEN = 1e-9;

/**
 * The map generator's piece shapes. begin() draws a shape's dice; a rectangle is then
 * complete, while an ellipse's vertices (a cosine and a sine each: most of the generator's
 * time) wait for finish(). In between, bounds(), withinMargins() and originBox() bound what the vertices
 * would give without computing them, so a candidate the placement test would surely reject
 * (PieceFit.surelyOverlaps) is dropped without its trigonometry; the dice drawn stay the same.
 */
export class ShapeMaker {
  /** The 14 uniforms of the last shape. */
  private readonly r = new Float64Array(14);
  /** The ellipse's vertex angles, and [0] c, [1] s (its turn), [2] eb (minor axis), [3] the widest angle between neighbours. */
  private readonly phi = new Float64Array(8);
  private readonly q = new Float64Array(4);
  private nv = 0;
  private m = 0;
  private sym = false;

  /**
   * Draws the next shape, area env[E_AREA], centred on the origin, CCW. A rectangle goes
   * straight into (fit.ax, fit.ay) with its extent (env[E_SX0..E_SY1]) and disk radius
   * (env[E_RHO]): returns true. An ellipse keeps its angles for finish(): returns false.
   */
  begin(kind: number, rng: Rng, symmetric: boolean, fit: PieceFit, e: Float64Array): boolean {
    const area = e[E_AREA], ax = fit.ax, ay = fit.ay;
    rng.floats(this.r, 14);
    const r = this.r;
    // Half the pieces are square to the table (0 or 90°): their cosine and sine are constants.
    let c = SQUARE[0], s = SQUARE[1];
    if (r[0] >= 0.5) {
      const th = Math.PI * r[1];
      c = Math.cos(th);
      s = Math.sin(th);
    } else if (r[1] >= 0.5) {
      c = SQUARE[2];
      s = SQUARE[3];
    }
    const thinW = kind === HEDGE ? 0.75 : kind === WALL ? 0.5 : 0;
    if (thinW > 0 || kind === BUILDING || (kind === HIGH && r[2] < 0.5)) {
      let w: number, h: number;
      if (thinW > 0) {
        h = thinW;
        w = area / thinW;
      } else {
        const aspect = 1 + r[3];
        w = Math.sqrt(area * aspect);
        h = area / w;
      }
      fit.n = 4;
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (let i = 0; i < 4; i++) {
        const lx = (i === 1 || i === 2 ? 0.5 : -0.5) * w, ly = (i >= 2 ? 0.5 : -0.5) * h;
        const x = c * lx - s * ly, y = s * lx + c * ly;
        ax[i] = x;
        ay[i] = y;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
      e[E_SX0] = x0;
      e[E_SX1] = x1;
      e[E_SY0] = y0;
      e[E_SY1] = y1;
      e[E_RHO] = 0.5 * (w < h ? w : h); // the inscribed circle
      return true;
    }
    // Points of an ellipse at increasing angles are always in convex position.
    const nv = symmetric ? 6 + 2 * Math.floor(2 * r[4]) : 5 + Math.floor(4 * r[4]);
    const m = symmetric ? nv / 2 : nv;
    const span = symmetric ? Math.PI : 2 * Math.PI;
    let first = 0, prev = 0, gap = 0; // the widest angle between neighbouring vertices
    for (let i = 0; i < m; i++) {
      const phi = ((i + 0.2 + 0.6 * r[6 + i]) / m) * span;
      this.phi[i] = phi;
      if (i === 0) first = phi;
      else if (phi - prev > gap) gap = phi - prev;
      prev = phi;
    }
    if (first + span - prev > gap) gap = first + span - prev; // to the first vertex again (or its mirror)
    this.q[0] = c;
    this.q[1] = s;
    this.q[2] = 1 / (1 + 0.6 * r[5]);
    this.q[3] = gap;
    this.nv = nv;
    this.m = m;
    this.sym = symmetric;
    return false;
  }

  /** The ellipse begun last: its vertices, extent and disk radius, as begin() gives a rectangle's. */
  finish(fit: PieceFit, e: Float64Array): void {
    const area = e[E_AREA], ax = fit.ax, ay = fit.ay;
    const c = this.q[0], s = this.q[1], eb = this.q[2], gap = this.q[3], nv = this.nv, m = this.m;
    for (let i = 0; i < m; i++) {
      const phi = this.phi[i];
      const lx = Math.cos(phi), ly = eb * Math.sin(phi);
      ax[i] = c * lx - s * ly;
      ay[i] = s * lx + c * ly;
    }
    if (this.sym) {
      for (let i = 0; i < m; i++) {
        ax[m + i] = -ax[i];
        ay[m + i] = -ay[i];
      }
    }
    fit.n = nv;
    let a2 = 0;
    for (let i = 0; i < nv; i++) {
      const j = i + 1 === nv ? 0 : i + 1; // not (i + 1) % nv: an integer division per vertex
      a2 += ax[i] * ay[j] - ax[j] * ay[i];
    }
    const k = Math.sqrt((2 * area) / a2);
    // A chord between unit-circle points g apart lies cos(g/2) ≥ 1 − g²/8 from the centre (g < π
    // here: at most 1.6/m of the span); squashing y by eb ≤ 1 keeps at least eb of that.
    e[E_RHO] = k * eb * (1 - (gap * gap) / 8);
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (let i = 0; i < nv; i++) {
      const x = ax[i] * k, y = ay[i] * k;
      ax[i] = x;
      ay[i] = y;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
    e[E_SX0] = x0;
    e[E_SX1] = x1;
    e[E_SY0] = y0;
    e[E_SY1] = y1;
  }

  /**
   * Bounds for the (unsymmetric) ellipse begun last, without its vertices: x1 and −x0 in
   * [env[E_XB0], env[E_XB1]], y1 and −y0 in [E_YB0, E_YB1], its disk radius ≥ env[E_RLO]. The
   * unit shape is A·p_i, p_i = (cos φ_i, sin φ_i), A = diag(1, eb), turned by (c, s), so
   * max_i x = h(v) with v = (c, −eb·s), h the support of the p_i: |v| cos(g/2) ≤ h(v) ≤ |v|
   * (g the widest gap, so some p_i lies within g/2 of any direction). Twice its area is
   * a2 = eb·Σ sin Δ_i over the gaps Δ_i ≤ 1.6/5 of a turn, and Δ − Δ³/6 ≤ sin Δ ≤ Δ − Δ³/6 + Δ⁵/120,
   * which bounds the scale k = √(2·area / a2).
   */
  bounds(e: Float64Array): void {
    const c = this.q[0], s = this.q[1], eb = this.q[2], gap = this.q[3], m = this.m;
    let lo = 0, hi = 0;
    for (let i = 0; i < m; i++) {
      const d = (i + 1 === m ? this.phi[0] + 2 * Math.PI : this.phi[i + 1]) - this.phi[i];
      const d3 = (d * d * d) / 6;
      lo += d - d3;
      hi += d - d3 + (d3 * d * d) / 20;
    }
    const area2 = 2 * e[E_AREA];
    // k ≤ √(2·area/(eb·lo)) = k₀·√(hi/lo) ≤ k₀·(1 + hi/lo)/2 (AM–GM), k₀ = √(2·area/(eb·hi)): one root.
    const k0 = Math.sqrt(area2 / (eb * hi));
    const kLo = k0 * (1 - WIDEN), kHi = k0 * (0.5 + (0.5 * hi) / lo) * (1 + WIDEN);
    const cg = 1 - (gap * gap) / 8;
    const lx = Math.sqrt(c * c + eb * eb * s * s), ly = Math.sqrt(s * s + eb * eb * c * c);
    e[E_XB0] = kLo * lx * cg * (1 - WIDEN);
    e[E_XB1] = kHi * lx * (1 + WIDEN);
    e[E_YB0] = kLo * ly * cg * (1 - WIDEN);
    e[E_YB1] = kHi * ly * (1 + WIDEN);
    e[E_RLO] = kLo * eb * cg * (1 - WIDEN);
  }

  /**
   * Given bounds(): does the shape surely fit the layout's margins (env[E_XLO..E_YHI]), so
   * that the layout will not find it too big (xhi − x1 < xlo − x0 or cyMax < ylo − y0)?
   */
  withinMargins(e: Float64Array, mirrored: boolean): boolean {
    const H = e[E_H], xlo = e[E_XLO], xhi = e[E_XHI], ylo = e[E_YLO], yhi = e[E_YHI], xb1 = e[E_XB1], yb1 = e[E_YB1];
    const slop = WIDEN * (e[E_W] + H);
    const yTop = mirrored ? Math.min(H / 2, yhi - yb1) : yhi - yb1;
    return xhi - xb1 >= xlo + xb1 + slop && yTop >= ylo + yb1 + slop;
  }

  /**
   * Given bounds(): a box, into env[E_OX0..E_OY1], holding the origin the layout draws from
   * pos[0..1]: cx = xlo − x0 + u·(xhi − x1 − (xlo − x0)) falls as x0 or x1 grows, and cy
   * likewise in y0 and y1 (cyMax = min(H/2, yhi − y1) when mirrored), so the box's corners
   * come from the extent bounds' ends.
   */
  originBox(e: Float64Array, pos: Float64Array, mirrored: boolean): void {
    const H = e[E_H], xlo = e[E_XLO], xhi = e[E_XHI], ylo = e[E_YLO], yhi = e[E_YHI];
    const xb0 = e[E_XB0], xb1 = e[E_XB1], yb0 = e[E_YB0], yb1 = e[E_YB1];
    const slop = WIDEN * (e[E_W] + H), u = pos[0], v = pos[1];
    e[E_OX0] = xlo + xb0 + u * (xhi - xb1 - (xlo + xb0)) - slop;
    e[E_OX1] = xlo + xb1 + u * (xhi - xb0 - (xlo + xb1)) + slop;
    const yMaxLo = mirrored ? Math.min(H / 2, yhi - yb1) : yhi - yb1;
    const yMaxHi = mirrored ? Math.min(H / 2, yhi - yb0) : yhi - yb0;
    e[E_OY0] = ylo + yb0 + v * (yMaxLo - (ylo + yb0)) - slop;
    e[E_OY1] = ylo + yb1 + v * (yMaxHi - (ylo + yb1)) + slop;
  }
}
