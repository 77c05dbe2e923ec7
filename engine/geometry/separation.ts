/**
 * Separating-axis test with a clearance, for convex CCW polygons given as slices of
 * coordinate arrays. The gap is read from gapArr[gapIndex]: a double argument would box.
 * Conservative: only edge normals are tried, so a pair reported "not apart" may still be
 * a little more than the gap apart at a corner.
 */
export function apart(
  x1: Float64Array, y1: Float64Array, o1: number, n1: number,
  x2: Float64Array, y2: Float64Array, o2: number, n2: number,
  gapArr: Float64Array, gapIndex: number,
): boolean {
  return sepAlong(x1, y1, o1, n1, x2, y2, o2, n2, gapArr, gapIndex) || sepAlong(x2, y2, o2, n2, x1, y1, o1, n1, gapArr, gapIndex);
}

/** Does an edge of polygon 1 have all of polygon 2 at least the gap beyond it? */
function sepAlong(
  x1: Float64Array, y1: Float64Array, o1: number, n1: number,
  x2: Float64Array, y2: Float64Array, o2: number, n2: number,
  gapArr: Float64Array, gapIndex: number,
): boolean {
  const gap = gapArr[gapIndex];
  for (let i = 0; i < n1; i++) {
    const a = o1 + i, b = o1 + (i + 1 === n1 ? 0 : i + 1);
    const ex = x1[b] - x1[a], ey = y1[b] - y1[a];
    const l = Math.sqrt(ex * ex + ey * ey);
    const nx = ey / l, ny = -ex / l;
    const off = nx * x1[a] + ny * y1[a];
    let ok = true; // every vertex of polygon 2 at least `gap` beyond this edge? stop at the first that is not
    for (let k = o2; k < o2 + n2; k++) {
      if (nx * x2[k] + ny * y2[k] - off < gap) { ok = false; break; }
    }
    if (ok) return true;
  }
  return false;
}
