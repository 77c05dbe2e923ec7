/**
 * Issue 14: rules/sight-lines.ts SightLines.visible (each pair's traces walked once, kept
 * as hex lists) against HexSight.visible (the walk itself) for every pair up to the
 * longest weapon range and beyond, on grids of several shapes, under random blocking
 * hexes and levels and both rule switches, and on generated Iron Squad boards as games
 * reveal their tiles.
 */
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { HexGrid } from '../engine/geometry/hex.ts';
import { Rng } from '../engine/rng.ts';
import { playOne } from '../engine/ruleset.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { HexSight } from '../engine/rulesets/iron-squad/rules/sight.ts';
import { SIGHT_LINE_RANGE, SightLines } from '../engine/rulesets/iron-squad/rules/sight-lines.ts';

/** Every ordered pair up to `far` apart: the lists' answer is the walk's; returns the pairs compared. */
function compareAll(grid: HexGrid, sight: HexSight, lines: SightLines, far: number, where: string): number {
  let n = 0;
  for (let a = 0; a < grid.size; a++) {
    for (let b = 0; b < grid.size; b++) {
      if (grid.distance(a, b) > far) continue;
      const want = sight.visible(a, b);
      if (lines.visible(a, b) !== want) expect(lines.visible(a, b), `${where}: ${a} -> ${b}`).toBe(want);
      n++;
    }
  }
  return n;
}

describe('issue 14: SightLines.visible equals HexSight.visible', () => {
  it('on random blocking hexes and levels, both rule switches, several grid shapes', () => {
    const rng = new Rng(14);
    let pairs = 0, hidden = 0;
    for (const [cols, rows] of [[18, 16], [9, 7], [13, 13], [5, 30]]) {
      const grid = new HexGrid(cols, rows);
      const blocks = new Uint8Array(grid.size), blockLevel = new Int8Array(grid.size), level = new Int8Array(grid.size);
      const sight = new HexSight(grid, blocks, blockLevel, level);
      const lines = new SightLines(sight); // built once: the arrays change in place below
      for (let trial = 0; trial < 12; trial++) {
        const density = 1 + rng.below(5); // 1 to 5 in 8 hexes block
        for (let h = 0; h < grid.size; h++) {
          blocks[h] = rng.below(8) < density ? 1 : 0;
          blockLevel[h] = rng.below(3) - (rng.below(4) === 0 ? 1 : 0);
          level[h] = rng.below(3) === 0 ? 1 : rng.below(5) === 0 ? 2 : 0;
        }
        sight.highSeesHigh = trial % 2 === 0;
        sight.highSeesOverAdjacentLower = trial % 4 < 2;
        pairs += compareAll(grid, sight, lines, SIGHT_LINE_RANGE + 2, `${cols}x${rows} trial ${trial}`);
        for (let a = 0; a < grid.size; a += 7) for (let b = 0; b < grid.size; b += 3) if (grid.distance(a, b) >= 2 && !sight.visible(a, b)) hidden++;
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
    expect(hidden).toBeGreaterThan(1000); // the blocking hexes did block
  });

  it('on generated boards as games reveal their tiles', () => {
    const scn = compileIron({
      ruleset: 'iron-squad', scenario: 'versus', map: { generate: {} }, rules: {},
      sides: [{ name: 'A', units: ['captain', 'rifleman', 'machine-gunner', 'sniper', 'medic'], policy: 'rush' }, { name: 'B', units: ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer'], policy: 'farm' }],
    });
    const env = new GameEnv(scn.plan);
    const g = ironSquad.createGame(scn, env);
    const b = g.board;
    let pairs = 0;
    for (let i = 0; i < 6; i++) {
      playOne(ironSquad, g, env, 3, i); // the board as the game left it: some tiles face up
      pairs += compareAll(b.grid, b.sight, b.sightLines, SIGHT_LINE_RANGE, `game ${i}`);
      for (let a = 0; a < b.size; a += 5) for (let c = 0; c < b.size; c += 5) if (b.los(a, c) !== b.sight.visible(a, c)) expect(b.los(a, c), `board.los ${a} -> ${c}`).toBe(b.sight.visible(a, c));
    }
    expect(pairs).toBeGreaterThan(50_000);
  });
});
