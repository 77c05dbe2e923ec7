/**
 * Map files are bounded (engine/geometry/map.ts MAP_LIMITS, issue 35): 10,000 terrain pieces
 * crashed Skill-die (exit 3, a 320 GB typed array) and a 1e308" table ran, every game a
 * draw; 500 pieces of 512 corners crashed it too (a router table per pair of corners). Now
 * all exit 2 naming the field and the limit, and a map at the piece limit still plays.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAP_LIMITS, mapSchema } from '../engine/geometry/table.ts';
import { parseOrThrow } from '../engine/validate.ts';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const box = cliSandbox('squadsim-map-limits-');

/** A Skill-die config whose map is `map`, written into the sandbox. */
function skillConfig(map: unknown): string {
  const base = JSON.parse(readFileSync(join(ROOT, 'configs', 'skill-die', 'default.json'), 'utf8')) as Record<string, unknown>;
  const dir = join(ROOT, 'configs', 'skill-die');
  // Keep the rosters' paths working from the sandbox: inline them as absolute paths.
  for (const s of base.sides as { roster?: unknown }[]) if (typeof s.roster === 'string') s.roster = join(dir, s.roster);
  const file = join(box.dir(), `c${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ ...base, map }));
  return file;
}

/** n small squares in a row along the bottom edge of a 48" table. */
function pieces(n: number): unknown[] {
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = (i % 400) * 0.1, y = 40 + Math.floor(i / 400) * 0.1;
    out.push({ polygon: [[x, y], [x + 0.05, y], [x + 0.05, y + 0.05], [x, y + 0.05]] });
  }
  return out;
}

/** A regular k-gon of radius r around (cx, cy). */
function circle(cx: number, cy: number, r: number, k: number): [number, number][] {
  return Array.from({ length: k }, (_, j) => [cx + r * Math.cos((2 * Math.PI * j) / k), cy + r * Math.sin((2 * Math.PI * j) / k)] as [number, number]);
}

describe('map limits', () => {
  it(`refuses more than ${MAP_LIMITS.pieces} terrain pieces with exit 2 naming map.terrain, writing nothing`, () => {
    const out = join(box.dir(), 'too-many');
    const r = box.cli(['run', '--config', skillConfig({ size: [48, 48], terrain: pieces(10000) }), '--games', '2', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/map\.terrain/);
    expect(r.stderr).toContain(String(MAP_LIMITS.pieces));
    expect(existsSync(out)).toBe(false);
  });

  it(`refuses a table side above ${MAP_LIMITS.inches}" (1e308 ran before)`, () => {
    const r = box.cli(['run', '--config', skillConfig({ size: [1e308, 48] }), '--games', '2', '--out', join(box.dir(), 'huge')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/map\.size\[0\]: got 1e\+308; allowed: at most 1000/);
  });

  it(`the shared map schema takes exactly ${MAP_LIMITS.totalCorners} corners over all pieces, not one more`, () => {
    const k = MAP_LIMITS.totalCorners / 16;
    const at = Array.from({ length: k }, (_, i) => ({ polygon: circle(1 + (i % 40) * 1.1, 3 + Math.floor(i / 40) * 3, 0.4, 16) }));
    expect(parseOrThrow(mapSchema, { size: [48, 48], terrain: at }, ['map']).terrain).toHaveLength(k);
    const over = [...at, { polygon: [[40, 40], [41, 40], [41, 41]] }];
    expect(() => parseOrThrow(mapSchema, { size: [48, 48], terrain: over }, ['map'])).toThrow(`map.terrain: got "${MAP_LIMITS.totalCorners + 3} corners"`);
  });

  it(`refuses more than ${MAP_LIMITS.totalCorners} corners over all pieces (500 pieces of 512 corners crashed: exit 3)`, () => {
    const out = join(box.dir(), 'too-many-corners');
    const terrain = Array.from({ length: MAP_LIMITS.pieces }, (_, i) => ({ polygon: circle(1 + (i % 40) * 1.1, 3 + Math.floor(i / 40) * 3, 0.4, MAP_LIMITS.corners) }));
    const r = box.cli(['run', '--config', skillConfig({ size: [48, 48], terrain }), '--games', '2', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`map.terrain: got "${MAP_LIMITS.pieces * MAP_LIMITS.corners} corners"; allowed: at most ${MAP_LIMITS.totalCorners} polygon corners over all pieces`);
    expect(existsSync(out)).toBe(false);
  });

  it('plays a map at the piece limit', () => {
    const r = box.cli(['run', '--config', skillConfig({ size: [48, 48], terrain: pieces(MAP_LIMITS.pieces) }), '--games', '2', '--out', join(box.dir(), 'full')]);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);
});
