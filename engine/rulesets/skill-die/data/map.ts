/**
 * R20's default "Skirmish" table, 48"×48": flags as R5 reads them — `obscuring` blocks
 * LOS (buildings, a ridge wall), `cover` is partial concealment (woods, hedges), `difficult`
 * is mud / deep snow (double cost, tracked vehicles ignore it), `height > 0` is a hill
 * (double cost going up), `impassable` no move may enter. The table is point-symmetric
 * (every piece has its 180° rotation about the centre, test/seat-fair.test.ts), and side 1
 * deploys as the rotation of side 0, so neither seat has the better ground.
 */
export const DEFAULT_MAP = {
  name: 'skirmish',
  size: [48, 48] as [number, number],
  terrain: [
    { name: 'farmhouse', polygon: [[6, 18], [12, 18], [12, 23], [6, 23]], obscuring: true, impassable: true },
    { name: 'barn', polygon: [[36, 25], [42, 25], [42, 30], [36, 30]], obscuring: true, impassable: true },
    { name: 'woods west', polygon: [[14, 28], [20, 27], [22, 33], [15, 34]], cover: true },
    { name: 'woods east', polygon: [[34, 20], [28, 21], [26, 15], [33, 14]], cover: true },
    { name: 'hedge north', polygon: [[18, 31.5], [30, 31.5], [30, 32.5], [18, 32.5]], cover: true },
    { name: 'hedge south', polygon: [[18, 15.5], [30, 15.5], [30, 16.5], [18, 16.5]], cover: true },
    { name: 'mud', polygon: [[20, 21], [28, 21], [28, 27], [20, 27]], difficult: true },
    { name: 'hill south east', polygon: [[38, 8], [46, 8], [46, 16], [38, 16]], height: 2 },
    { name: 'hill north west', polygon: [[10, 40], [2, 40], [2, 32], [10, 32]], height: 2 },
    { name: 'ruin wall west', polygon: [[2, 30], [8, 30], [8, 31], [2, 31]], obscuring: true, impassable: true },
    { name: 'ruin wall east', polygon: [[46, 18], [40, 18], [40, 17], [46, 17]], obscuring: true, impassable: true },
    // Stone walls in front of both deployment zones (block sight, may be climbed over), with gaps.
    { name: 'wall south west', polygon: [[2, 11], [18, 11], [18, 12], [2, 12]], obscuring: true },
    { name: 'wall south east', polygon: [[26, 11], [44, 11], [44, 12], [26, 12]], obscuring: true },
    { name: 'wall north west', polygon: [[4, 36], [22, 36], [22, 37], [4, 37]], obscuring: true },
    { name: 'wall north east', polygon: [[30, 36], [46, 36], [46, 37], [30, 37]], obscuring: true },
  ],
};
