/**
 * Shared setup for the Iron Squad rule tests: small hand-made boards (board JSON), an empty
 * game state with units placed by hand, and a fixed clock and weather.
 */
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { createIronGame } from '../engine/rulesets/iron-squad/index.ts';
import { GameEnv } from '../engine/env.ts';
import { effectiveRange } from '../engine/rulesets/iron-squad/rules/actions.ts';
import { refreshExploreExtra } from '../engine/rulesets/iron-squad/rules/moving.ts';
import type { IronGame } from '../engine/rulesets/iron-squad/rules/state.ts';
import { UNIT_IDS, type UnitId } from '../engine/rulesets/iron-squad/data/units.ts';

export interface BoardSpec {
  terrain: string[];
  zones?: string[];
  slots?: unknown[];
  tiles?: unknown[];
  placement?: 'rulebook' | 'as-listed';
}

/** A 12 × 10 open board (all Clear), US zone row 0, German zone row 9. */
export function openBoard(cols = 12, rows = 10): BoardSpec {
  const terrain = Array.from({ length: rows }, () => 'C'.repeat(cols));
  const zones = Array.from({ length: rows }, (_, r) => (r === 0 ? 'U' : r === rows - 1 ? 'G' : '.').repeat(cols));
  return { terrain, zones };
}

/** Sets one hex's terrain letter in a spec (C F H W B X G R S). */
export function setTerrain(spec: BoardSpec, col: number, row: number, ch: string): BoardSpec {
  const r = spec.terrain[row];
  spec.terrain[row] = r.slice(0, col) + ch + r.slice(col + 1);
  return spec;
}

export interface Built {
  g: IronGame;
  /** Hex index of (col, row). */
  at(col: number, row: number): number;
  /** Adds a unit (Health 5, or the Local health) at (col, row); returns its slot. */
  add(side: number, type: UnitId | 'local', col: number, row: number): number;
}

export interface BuildOptions {
  board?: BoardSpec;
  rules?: Record<string, unknown>;
  policies?: [unknown, unknown];
  scenario?: unknown;
  seed?: number;
}

/** A game with an empty board state (tiles laid, deck shuffled), day, Clear weather, round 1. */
export function build(opts: BuildOptions = {}): Built {
  const board = opts.board ?? openBoard();
  const cfg = {
    ruleset: 'iron-squad',
    scenario: opts.scenario ?? 'versus',
    map: { name: 'test', cols: board.terrain[0].length, rows: board.terrain.length, placement: 'as-listed', ...board },
    rules: opts.rules ?? {},
    sides: [
      { name: 'USA', policy: opts.policies?.[0] ?? 'rush' },
      { name: 'Germany', policy: opts.policies?.[1] ?? 'rush' },
    ],
  };
  const scn = compileIron(cfg);
  const g = createIronGame(scn, new GameEnv(scn.plan));
  g.rng.seed(opts.seed ?? 1);
  g.prng.seed((opts.seed ?? 1) ^ 0x5bd1e995); // the players' own stream, apart from the dice
  g.reset();
  g.board.setup(g.rng);
  refreshExploreExtra(g);
  const r = scn.rules;
  g.deck.reset(g.rng);
  g.round = 0;
  g.hour = 12;
  g.night = false;
  g.weather = 0;
  const cols = g.board.grid.cols;
  const at = (c: number, row: number) => row * cols + c;
  const add = (side: number, type: UnitId | 'local', c: number, row: number) => {
    const local = type === 'local';
    const u = g.addUnit(side, local ? 7 : UNIT_IDS.indexOf(type), at(c, row), local ? r.local_health : 5, local);
    g.rangeNow[u] = effectiveRange(g, u);
    return u;
  };
  return { g, at, add };
}

/** Recomputes every unit's range (after changing the weather). */
export function refreshRanges(g: IronGame): void {
  for (let u = 0; u < g.n; u++) g.rangeNow[u] = effectiveRange(g, u);
}
