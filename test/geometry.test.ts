import { describe, expect, it } from 'vitest';
import { COVER, DIFFICULT, IMPASSABLE, OBSCURING, mapSchema } from '../engine/geometry/table.ts';
import { NcoTable } from './nco-table.ts';

/** Axis-aligned rectangle as a terrain piece. */
function rect(t: NcoTable, x0: number, y0: number, x1: number, y1: number, flags: number, height = 0): number {
  return t.addPolygon([x0, x1, x1, x0], [y0, y0, y1, y1], 4, flags, height);
}

function table(): NcoTable {
  return new NcoTable({ maxPolygons: 16, maxVertices: 64, points: 16 });
}

const ALIVE = new Uint8Array(16).fill(1);
/** Routing nodes sit this far out from a right-angled corner along each axis. */
const RR = 0.5 + 0.01;

describe('R1 line of sight (items 66, 67)', () => {
  it('R1 LOS: an obscuring building between the models blocks; a clear line does not', () => {
    const t = table();
    rect(t, 10, 10, 14, 16, OBSCURING | COVER);
    t.setPoint(0, 5, 13);
    t.setPoint(1, 20, 13);
    expect(t.los(0, 1)).toBe(false);
    expect(t.los(1, 0)).toBe(false);
    t.setPoint(1, 20, 20); // passes above the building's top edge
    t.setPoint(0, 5, 17);
    expect(t.los(0, 1)).toBe(true);
  });

  it('R1 LOS: grazing a corner is not crossing the interior', () => {
    const t = table();
    rect(t, 10, 10, 14, 16, OBSCURING);
    t.setPoint(0, 8, 8);
    t.setPoint(1, 16, 16); // the diagonal runs through the box
    expect(t.los(0, 1)).toBe(false);
    t.setPoint(0, 6, 12);
    t.setPoint(1, 14, 20); // slope 1 through the corner (10,16) only
    expect(t.los(0, 1)).toBe(true);
  });

  it('R1 LOS: window within edge_window_in lets a model inside fire out', () => {
    const t = table();
    rect(t, 10, 10, 20, 16, OBSCURING | COVER);
    t.setPoint(0, 10.5, 13); // 0.5" inside the west wall
    t.setPoint(1, 3, 13);
    expect(t.los(0, 1)).toBe(true);
    expect(t.los(1, 0)).toBe(true); // and can be seen through the same window
    t.setPoint(1, 3, 20); // leaves through the west wall at an angle: still that wall
    expect(t.los(0, 1)).toBe(true);
    t.setPoint(1, 30, 13); // leaves through the far (east) wall, 9.5" away
    expect(t.los(0, 1)).toBe(false);
  });

  it('R1 LOS: a model 3" inside the building cannot fire out', () => {
    const t = table();
    rect(t, 10, 10, 20, 16, OBSCURING | COVER);
    t.setPoint(0, 13, 13);
    t.setPoint(1, 3, 13);
    expect(t.los(0, 1)).toBe(false);
    t.setPoint(0, 11, 13); // exactly edge_window_in = 1 counts as at the window
    expect(t.los(0, 1)).toBe(true);
    t.sight.edgeWindow = 0.75;
    expect(t.los(0, 1)).toBe(false);
  });

  it('R1 LOS: two models inside the same obscuring polygon see each other (documented choice)', () => {
    const t = table();
    rect(t, 10, 10, 20, 16, OBSCURING);
    t.setPoint(0, 12, 12);
    t.setPoint(1, 18, 15);
    expect(t.los(0, 1)).toBe(true);
  });

  it('R1 LOS: window rule applies at both ends (each model at its own window)', () => {
    const t = table();
    rect(t, 0.5, 10, 10, 16, OBSCURING);
    rect(t, 20, 10, 30, 16, OBSCURING);
    t.setPoint(0, 9.5, 13);
    t.setPoint(1, 20.5, 13);
    expect(t.los(0, 1)).toBe(true);
    t.setPoint(1, 22, 13);
    expect(t.los(0, 1)).toBe(false);
  });
});

describe('R1 cover (items 38, 68)', () => {
  it('R1 cover: target centre inside a cover polygon is in cover', () => {
    const t = table();
    rect(t, 20, 10, 26, 16, COVER); // a wood
    t.setPoint(0, 5, 13);
    t.setPoint(1, 23, 13);
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(true);
    t.setPoint(1, 30, 25);
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(false);
  });

  it('R1 cover: a wall within cover_proximity_in of the target gives cover, the same wall near the shooter does not', () => {
    const t = table();
    const wallNearTarget = rect(t, 22.5, 15, 23, 21, COVER, 1); // exits at x = 23: exactly 2" from the target
    t.setPoint(0, 5, 18);
    t.setPoint(1, 25, 18);
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(true);
    expect(wallNearTarget).toBe(0);
    t.clearTerrain();
    rect(t, 22.4, 15, 22.9, 21, COVER, 1); // 2.1" away
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(false);
    t.clearTerrain();
    rect(t, 7, 15, 7.5, 21, COVER, 1); // right in front of the shooter
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(false);
    expect(t.inCover(1, 0, ALIVE, 2)).toBe(true); // but covers him from return fire
  });

  it('R1 cover: an obscuring piece seen through a window near the target gives cover', () => {
    const t = table();
    rect(t, 20, 10, 30, 16, OBSCURING); // no cover flag
    t.setPoint(0, 5, 13);
    t.setPoint(1, 20.5, 13);
    expect(t.los(0, 1)).toBe(true);
    expect(t.inCover(0, 1, ALIVE, 2)).toBe(true);
  });

  it('R1 cover: another alive model whose base crosses the line of fire gives cover', () => {
    const t = table();
    t.setPoint(0, 5, 18);
    t.setPoint(1, 25, 18);
    t.setPoint(2, 15, 18.3); // 0.3" off the line: base (r 0.5) overlaps it
    const alive = new Uint8Array([1, 1, 1]);
    expect(t.inCover(0, 1, alive, 3)).toBe(true);
    alive[2] = 0; // dead models give no cover
    expect(t.inCover(0, 1, alive, 3)).toBe(false);
    alive[2] = 1;
    t.setPoint(2, 15, 18.6); // clear of the line
    expect(t.inCover(0, 1, alive, 3)).toBe(false);
    t.setPoint(2, 26, 18); // behind the target
    expect(t.inCover(0, 1, alive, 3)).toBe(false);
  });
});

describe('Item 70 high ground', () => {
  it('item 70: +1 needs the shooter at least 3" above the target', () => {
    const t = table();
    rect(t, 2, 2, 8, 8, COVER, 4); // hill
    rect(t, 20, 2, 20.5, 8, COVER, 1); // wall
    t.setPoint(0, 5, 5);
    t.setPoint(1, 15, 5);
    t.setPoint(2, 20.25, 5);
    expect(t.elev(0)).toBe(4);
    expect(t.elev(1)).toBe(0);
    expect(t.elev(2)).toBe(1);
    expect(t.highGround(0, 1, 3)).toBe(true);
    expect(t.highGround(0, 2, 3)).toBe(true); // 4 − 1 = 3: at least 3
    expect(t.highGround(0, 2, 3.5)).toBe(false);
    expect(t.highGround(1, 0, 3)).toBe(false);
  });
});

describe('R2 movement (items 25, 27, 69)', () => {
  it('R2 pathCost: open ground costs the straight distance', () => {
    const t = table();
    t.setPoint(0, 3, 4);
    t.setPoint(1, 6, 8);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(5, 12);
    expect(t.dist(0, 1)).toBeCloseTo(5, 12);
  });

  it('R2 pathCost: routes around an impassable block along the analytic detour', () => {
    const t = table();
    rect(t, 12, 10, 22, 20, IMPASSABLE);
    t.setPoint(0, 15, 5);
    t.setPoint(1, 15, 25);
    // Left side is shorter: via (12 − RR, 10 − RR) and (12 − RR, 20 + RR).
    const leg = Math.hypot(15 - (12 - RR), 10 - RR - 5);
    const expected = 2 * leg + (10 + 2 * RR);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(expected, 9);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(expected, 9);
    t.setPoint(1, 15, 9); // short of the block: straight
    expect(t.pathCost(0, 1, false)).toBeCloseTo(4, 12);
  });

  it('R2 pathCost: a target enclosed by impassable terrain is unreachable', () => {
    const t = table();
    rect(t, 0, 10, 36, 12, IMPASSABLE); // spans the table
    t.setPoint(0, 18, 5);
    t.setPoint(1, 18, 20);
    expect(t.pathCost(0, 1, false)).toBe(Infinity);
    expect(t.reachable(0, 1, 100, true, 0)).toBe(false);
    expect(t.moveToward(0, 1, 10, false, 0)).toBe(0);
    expect(t.px[0]).toBe(18);
    expect(t.py[0]).toBe(5);
  });

  it('R2 climb: a 4" wall can be climbed only on Run and costs +8 (up and down, item 27)', () => {
    const t = table();
    rect(t, 15, 0, 15.5, 36, COVER, 4); // spans the table: no way around
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.pathCost(0, 1, false)).toBe(Infinity);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(18, 12);
    t.move.setOptions({ climbRequiresRun: false });
    expect(t.pathCost(0, 1, false)).toBeCloseTo(18, 12);
  });

  it('R2 climb: walking around a short high wall beats climbing it', () => {
    const t = table();
    rect(t, 15, 16, 15.5, 20, COVER, 4);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    // One corner node suffices: from (15 − RR, 16 − RR) the line to the goal clears the wall.
    const around = Math.hypot(15 - RR - 10, 18 - (16 - RR)) + Math.hypot(20 - (15 - RR), 18 - (16 - RR));
    expect(t.router.pathN).toBe(0);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(around, 9);
    expect(t.router.pathN).toBe(3);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(around, 9);
  });

  it('R2 waist-high: a 1" wall costs +waist_high_cost_in walking or running', () => {
    const t = table();
    rect(t, 15, 0, 15.5, 36, COVER, 1);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(11, 12);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(11, 12);
    t.move.setOptions({ waistHighCost: 0.5 });
    expect(t.pathCost(0, 1, false)).toBeCloseTo(10.5, 12);
  });

  it('R2 climb: a tower on a hill is climbed in two steps of their height difference', () => {
    const t = table();
    rect(t, 10, 0, 26, 36, COVER, 4); // hill spanning the table
    rect(t, 17, 0, 19, 36, COVER, 6); // tower on it
    t.setPoint(0, 5, 18);
    t.setPoint(1, 31, 18);
    // 26" + 4 up + 2 up + 2 down + 4 down
    expect(t.pathCost(0, 1, true)).toBeCloseTo(38, 12);
  });

  it('item 69: difficult ground blocks Run but not Advance', () => {
    const t = table();
    rect(t, 14, 0, 16, 36, COVER | DIFFICULT);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(10, 12);
    expect(t.pathCost(0, 1, true)).toBe(Infinity);
    t.setPoint(0, 15, 18); // inside it: no Run from there either
    expect(t.pathCost(0, 1, true)).toBe(Infinity);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(5, 12);
  });

  it('item 69: a Run routes around a difficult patch it may not cross', () => {
    const t = table();
    rect(t, 14, 15, 16, 21, COVER | DIFFICULT);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    const around = 2 * Math.hypot(14 - RR - 10, 18 - (15 - RR)) + (2 + 2 * RR);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(around, 9);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(10, 12);
  });

  it('R2 moveToward: partial progress on open ground lands at the exact point', () => {
    const t = table();
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.moveToward(0, 1, 4, false, 0)).toBeCloseTo(4, 12);
    expect(t.px[0]).toBeCloseTo(14, 12);
    expect(t.py[0]).toBeCloseTo(18, 12);
  });

  it('R2 moveToward: partial progress follows the routed waypoints', () => {
    const t = table();
    rect(t, 12, 10, 22, 20, IMPASSABLE);
    t.setPoint(0, 15, 5);
    t.setPoint(1, 15, 25);
    const leg = Math.hypot(15 - (12 - RR), 10 - RR - 5);
    expect(t.moveToward(0, 1, 10, false, 0)).toBeCloseTo(10, 12);
    expect(t.px[0]).toBeCloseTo(12 - RR, 9);
    expect(t.py[0]).toBeCloseTo(10 - RR + (10 - leg), 9);
  });

  it('R2 moveToward: stops within stopWithin (base contact) of the target', () => {
    const t = table();
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.moveToward(0, 1, 20, true, 1)).toBeCloseTo(9, 8); // aims 1e-9 inside the contact distance
    expect(t.px[0]).toBeCloseTo(19, 8);
    expect(t.dist(0, 1)).toBeLessThanOrEqual(1);
    expect(t.reachable(0, 1, 0, true, 1)).toBe(true); // already in contact
  });

  it('R2 moveToward: a reached stopWithin holds exactly (no rounding overshoot), routed or not', () => {
    const t = table();
    rect(t, 16, 16, 20, 20, IMPASSABLE);
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let k = 0; k < 500; k++) {
      t.setPoint(0, 1 + 34 * rnd(), 1 + 14 * rnd());
      t.setPoint(1, 1 + 34 * rnd(), 21 + 14 * rnd());
      const contact = 2 * 0.5 + 0.01;
      expect(t.reachable(0, 1, 100, true, contact)).toBe(true);
      t.moveToward(0, 1, 100, true, contact);
      expect(t.dist(0, 1)).toBeLessThanOrEqual(contact);
      expect(t.dist(0, 1)).toBeGreaterThan(contact - 1e-6);
    }
  });

  it('R2 moveToward: a climb the budget cannot pay stops at the foot of the wall', () => {
    const t = table();
    rect(t, 15, 0, 15.5, 36, COVER, 4);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    const spent = t.moveToward(0, 1, 6, true, 0);
    expect(spent).toBeCloseTo(5, 3);
    expect(t.px[0]).toBeCloseTo(15, 3);
    expect(t.px[0]).toBeLessThan(15);
    expect(t.elev(0)).toBe(0);
    // The next move pays the climb in full.
    expect(t.pathCost(0, 1, true)).toBeCloseTo(5 + 8, 3);
  });

  it('R2 moveToward: after paying a climb the model may stop on top; climbing down is charged later', () => {
    const t = table();
    rect(t, 15, 0, 15.5, 36, COVER, 4);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.moveToward(0, 1, 9.3, true, 0)).toBeCloseTo(9.3, 12);
    expect(t.px[0]).toBeCloseTo(15.3, 12);
    expect(t.elev(0)).toBe(4);
    expect(t.pathCost(0, 1, true)).toBeCloseTo(4.7 + 4, 12);
    expect(t.reachable(0, 1, 8.6, true, 0)).toBe(false);
    expect(t.reachable(0, 1, 8.7, true, 0)).toBe(true);
  });

  it('R2 moveToward: base contact with a model standing just inside a difficult wood is a legal Run', () => {
    const t = table();
    rect(t, 19.5, 0, 30, 36, COVER | DIFFICULT);
    t.setPoint(0, 10, 18);
    t.setPoint(1, 20, 18);
    expect(t.pathCost(0, 1, true)).toBe(Infinity); // onto the target's spot: no
    expect(t.reachable(0, 1, 12, true, 1)).toBe(true); // into contact from outside: yes
    expect(t.moveToward(0, 1, 12, true, 1)).toBeCloseTo(9, 8);
  });

  it('R3: points stay inside the table [base_radius, size − base_radius]', () => {
    const t = table();
    t.setPoint(0, 30, 18);
    t.setPoint(1, 40, 18);
    expect(t.pathCost(0, 1, false)).toBeCloseTo(5.5, 12);
    t.moveToward(0, 1, 20, true, 0);
    expect(t.px[0]).toBeCloseTo(35.5, 12);
    t.setPoint(1, -3, -3);
    t.moveToward(0, 1, 100, false, 0);
    expect(t.px[0]).toBeCloseTo(0.5, 12);
    expect(t.py[0]).toBeCloseTo(0.5, 12);
    // Routing nodes outside the table are never used: a block against the edge is passed on the open side.
    rect(t, 0, 10, 20, 12, IMPASSABLE);
    t.setPoint(0, 10, 5);
    t.setPoint(1, 10, 17);
    t.moveToward(0, 1, 100, false, 0);
    expect(t.px[0]).toBeCloseTo(10, 9);
    expect(t.py[0]).toBeCloseTo(17, 9);
    expect(t.router.pathN).toBe(4);
    expect(t.router.pathX[1]).toBeCloseTo(20 + RR, 9);
  });

  it('pointAlong writes a + t·(b − a)', () => {
    const t = table();
    t.setPoint(0, 1, 2);
    t.setPoint(1, 5, 10);
    t.pointAlong(0, 1, 0.25, 5);
    expect(t.px[5]).toBeCloseTo(2, 12);
    expect(t.py[5]).toBeCloseTo(4, 12);
  });
});

describe('Terrain loading', () => {
  it('addPolygon stores a clockwise polygon counter-clockwise and rejects concave ones', () => {
    const t = table();
    t.addPolygon([10, 10, 14, 14], [10, 16, 16, 10], 4, OBSCURING, 0); // clockwise
    t.setPoint(0, 5, 13);
    t.setPoint(1, 20, 13);
    expect(t.los(0, 1)).toBe(false);
    let area2 = 0;
    for (let k = 0; k < 4; k++) {
      const i = t.pStart[0] + k, j = t.pStart[0] + ((k + 1) % 4);
      area2 += t.vx[i] * t.vy[j] - t.vx[j] * t.vy[i];
    }
    expect(area2).toBeCloseTo(2 * 24, 12); // positive: counter-clockwise
    expect(() => t.addPolygon([0, 4, 2, 4, 0], [0, 0, 1, 4, 4], 5, COVER, 0)).toThrow(/convex/);
    expect(() => t.addPolygon([0, 1, 2], [0, 1, 2], 3, COVER, 0)).toThrow(/convex/);
  });

  it('loadMap reads the JSON map format; mapSchema rejects bad maps', () => {
    const t = table();
    t.loadMap({
      name: 'farmhouse', size: [48, 48],
      terrain: [{ name: 'barn', polygon: [[10, 10], [14, 10], [14, 16], [10, 16]], obscuring: true, cover: true, difficult: false, impassable: false, height: 0 }],
    });
    expect(t.width).toBe(48);
    expect(t.polygonCount).toBe(1);
    expect(t.names[0]).toBe('barn');
    expect(t.pFlags[0]).toBe(OBSCURING | COVER);
    const ok = (terrain: unknown) => mapSchema.safeParse({ name: 'x', size: [36, 36], terrain }).success;
    expect(ok([{ polygon: [[0, 0], [4, 0], [4, 4]] }])).toBe(true);
    expect(ok([{ polygon: [[0, 0], [40, 0], [4, 4]] }])).toBe(false); // off the table
    expect(ok([{ polygon: [[0, 0], [4, 0]] }])).toBe(false); // too few points
    expect(ok([{ polygon: [[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]] }])).toBe(false); // concave
    expect(ok([{ polygon: [[0, 0], [4, 0], [4, 4]], wall: true }])).toBe(false); // strict
    expect(() => t.loadMap({ size: [36, 36], terrain: [{ polygon: [[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]] }] })).toThrow(/map\.terrain\[0\]\.polygon/);
  });
});
