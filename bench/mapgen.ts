// NCO map generation alone (`node dist/mapgen.js [--maps N] [--seed S]`, issue 14): CPU µs per
// generated map on the main thread after warm-up, as an NCO game asks for one (36" table, the
// mirrored default layout, connectivity check included), and a checksum of the maps so two
// builds can be seen to generate the same ones.
import { benchArgs } from './args.ts';
import { Router } from '../engine/geometry/path.ts';
import { Table } from '../engine/geometry/table.ts';
import { Rng } from '../engine/rng.ts';
import { MapGenerator, type MapGenOptions } from '../engine/rulesets/nco/rules/terrain/mapgen.ts';
import { NcoMoveCost } from '../engine/rulesets/nco/rules/terrain/move-cost.ts';

const argv = benchArgs()
  .usage('node dist/mapgen.js [--maps N] [--seed S]: CPU µs per generated NCO map, and a checksum of the maps')
  .option('maps', { type: 'number', default: 20000, describe: 'maps to time (after 2,000 warm-up maps)' })
  .option('seed', { type: 'number', default: 1, describe: 'first map seed' })
  .check((a) => {
    if (!Number.isInteger(a.maps) || a.maps < 1) throw new Error(`--maps: ${a.maps} is not a whole number ≥ 1`);
    if (!Number.isInteger(a.seed) || a.seed < 0) throw new Error(`--seed: ${a.seed} is not a whole number ≥ 0`);
    return true;
  })
  .parseSync();
const maps = argv.maps, seed0 = argv.seed;
const table = new Table({ maxPolygons: 48, maxVertices: 384, points: 40 });
const router = new Router(table, new NcoMoveCost(table));
const gen = new MapGenerator(), rng = new Rng(0);
const opts: MapGenOptions = { mirrored: true, deploy_depth_in: 3, waist_height_in: 1 };
for (let i = 0; i < 2000; i++) {
  rng.seed(seed0 + maps + i);
  gen.generate(router, rng, opts);
}
let sum = 0;
const t0 = process.cpuUsage();
for (let i = 0; i < maps; i++) {
  rng.seed(seed0 + i);
  gen.generate(router, rng, opts);
  sum = (Math.imul(sum, 31) + table.polygonCount + table.vertexCount + ((table.vx[0] * 1e6) | 0)) | 0;
}
const d = process.cpuUsage(t0);
console.log(`${((d.user + d.system) / maps).toFixed(2)} µs/map over ${maps} maps, checksum ${sum >>> 0}`);
