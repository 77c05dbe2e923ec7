import { EPS } from './flags.ts';
import type { MoveRules } from './move-rules.ts';
import type { Table } from './table.ts';

/** Extra clearance beyond the base radius for routing nodes, so routes never graze corners. */
export const NODE_MARGIN = 0.01;

/**
 * The router's nodes for the current terrain (path.ts, once per terrain version): each
 * corner of a polygon some mode goes round (rules.detour), offset outward by baseRadius +
 * NODE_MARGIN, kept when it lies on the table and for the modes that may stand there
 * (rules.noEntry). Writes nodeX/nodeY/nodeMode (bit 0 walk, bit 1 run); returns the node
 * count (distances: fillDistRow, row by row as A* needs them).
 */
export function buildNodes(
  T: Table, rules: MoveRules, nodeX: Float64Array, nodeY: Float64Array, nodeMode: Uint8Array,
): number {
  const r = T.baseRadius, rr = r + NODE_MARGIN;
  const lo = r - EPS, hiX = T.width - r + EPS, hiY = T.height - r + EPS;
  let n = 0;
  for (let p = 0; p < T.polygonCount; p++) {
    // Only pieces a mode goes round get routing nodes: one a move may cross at a flat
    // cost (a low wall) is simply crossed (fewer nodes).
    const rel = rules.detour[p];
    if (rel === 0) continue;
    const s = T.pStart[p], c = T.pCount[p];
    for (let k = 0; k < c; k++) {
      const i = s + k, h = s + ((k + c - 1) % c);
      // Corner of the polygon offset by rr: along the normals' bisector, miter-limited.
      const mx = T.nx[h] + T.nx[i], my = T.ny[h] + T.ny[i];
      const m2 = mx * mx + my * my;
      if (m2 < 1e-12) continue;
      let k2 = (2 * rr) / m2;
      const lim = (4 * rr) / Math.sqrt(m2);
      if (k2 > lim) k2 = lim;
      const x = T.vx[i] + k2 * mx, y = T.vy[i] + k2 * my;
      if (x < lo || x > hiX || y < lo || y > hiY) continue;
      let mode = rel;
      T.q[0] = x;
      T.q[1] = y;
      for (let o = 0; o < T.polygonCount && mode !== 0; o++) {
        if ((rules.noEntry[o] & mode) === 0) continue; // cannot take a mode away: no containment test
        if (!T.insideQ(o)) continue;
        mode &= ~rules.noEntry[o];
      }
      if (mode === 0) continue;
      nodeX[n] = x;
      nodeY[n] = y;
      nodeMode[n] = mode;
      n++;
    }
  }
  return n;
}

/**
 * Row u of the node-to-node distances (row length M), filled when A* first expands node u
 * (route-search.ts): most nodes of a map never are. nd[u][v] = nd[v][u] bit for bit, as the
 * symmetric fill once gave: x_v − x_u = −(x_u − x_v) exactly, and squares drop the sign.
 */
export function fillDistRow(nodeX: Float64Array, nodeY: Float64Array, n: number, u: number, nd: Float64Array, M: number): void {
  const x = nodeX[u], y = nodeY[u], row = u * M;
  for (let v = 0; v < n; v++) {
    const dx = nodeX[v] - x, dy = nodeY[v] - y;
    nd[row + v] = Math.sqrt(dx * dx + dy * dy);
  }
}
