/**
 * Shared setup for the NCO rule tests (test/nco-rules-*.test.ts): small deterministic games
 * on hand-made maps, soldier placement, per-turn state, and dice control.
 *
 * Dice control: the engine draws every die from `g.rng` (sfc32). `g.rng.seed(k)` puts it in
 * the same state as `new Rng(k)`, so a test can look at the faces a seed will produce with
 * a fresh `new Rng(k)` first (`facesOf`) and search for a seed that gives the faces it
 * wants (`seedFor`). This only predicts the engine when the code path under test draws
 * nothing but D6s (d6, below(6)) in a known order, which each test states.
 */
import { dirname, resolve } from 'node:path';
import { Rng } from '../engine/rng.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame as NcoGameClass } from '../engine/rulesets/nco/rules/state.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import { loadConfigObject } from '../sim/config.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import { createNcoGame } from '../engine/rulesets/nco/index.ts';
import { GameEnv } from '../engine/env.ts';
import { O_NONE, PHASE_ORDERS, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';

/** One roster entry (see configs/nco/rosters/*.json). */
export interface Entry {
  type: string;
  primary?: string;
  grenades?: number;
  items?: string[];
  skills?: string[];
  count?: number;
  name?: string;
}

/** One terrain piece of a map (engine/geometry/map.ts). */
export interface Piece {
  name?: string;
  polygon: [number, number][];
  obscuring?: boolean;
  cover?: boolean;
  difficult?: boolean;
  impassable?: boolean;
  height?: number;
}

/** An axis-aligned rectangle piece. */
export function rect(x0: number, y0: number, x1: number, y1: number, flags: Omit<Piece, 'polygon'> = {}): Piece {
  return { ...flags, polygon: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] };
}

/** A 36"×36" table with the given terrain (open when empty). */
export function map36(terrain: Piece[] = []) {
  return { name: 'test', size: [36, 36] as [number, number], terrain };
}

/** A full-width obscuring, impassable wall across the middle: the two halves never see or reach each other. */
export const WALL = rect(0, 17, 36, 19, { name: 'wall', obscuring: true, impassable: true, height: 6 });

export interface BuildOptions {
  /** Side 0's soldiers (default: a Sergeant and a Private). */
  a?: Entry[];
  /** Side 1's soldiers (default: a Sergeant and a Private). */
  b?: Entry[];
  /** Terrain of the fixed 36×36 map (ignored when `map` is given). */
  terrain?: Piece[];
  /** A whole map (e.g. `{ generate: { mirrored: true } }`). */
  map?: unknown;
  rules?: Record<string, unknown>;
  /** Policies of side 0 and 1 (default: aggressive, which draws no dice for its decisions). */
  policies?: [unknown, unknown];
  /** Seed for g.reset (default 1). */
  seed?: number;
}

export interface Harness {
  scn: NcoScenario;
  g: NcoGame;
  env: GameEnv;
  /** First soldier index of side 1. */
  b0: number;
}

export const SGT: Entry = { type: 'sergeant' };
export const PVT: Entry = { type: 'private' };

/** The config object compileNco reads. */
export function config(o: BuildOptions = {}) {
  return {
    ruleset: 'nco',
    scenario: 'basic',
    map: o.map ?? map36(o.terrain ?? []),
    rules: o.rules ?? {},
    sides: [
      { name: 'A', roster: { name: 'A', nation: 'none', soldiers: o.a ?? [SGT, PVT] }, policy: o.policies?.[0] ?? 'aggressive' },
      { name: 'B', roster: { name: 'B', nation: 'none', soldiers: o.b ?? [SGT, PVT] }, policy: o.policies?.[1] ?? 'aggressive' },
    ],
  };
}

/**
 * Compiles the config, creates the game, resets it, and puts it at the start of turn 1's
 * Order phase: nobody has an order, every alive soldier has one die in the bag, activation
 * order is soldier index order. Soldiers of side 0 stand along y = 2, side 1 along y = 34
 * (move them with `place`).
 */
export function build(o: BuildOptions = {}): Harness {
  const scn = compileNco(config(o));
  const env = new GameEnv(scn.plan);
  const g = createNcoGame(scn, env);
  dice(g, o.seed ?? 1);
  env.tally.beginGame(0);
  g.reset();
  const b0 = scn.sideStart[1];
  for (let i = 0; i < g.n; i++) {
    const k = i < b0 ? i : i - b0;
    place(g, i, 2 + 3 * k, i < b0 ? 2 : 34);
  }
  newTurn(g, 1);
  return { scn, g, env, b0 };
}

/** Puts soldier i at (x, y) and refreshes his LOS cache and terrain height. */
export function place(g: NcoGame, i: number, x: number, y: number): void {
  g.table.setPoint(i, x, y);
  g.touched(i);
}

/** Start-of-turn state as game.ts's startTurn leaves it (without Ambush aging or breakdown carry-over). */
export function newTurn(g: NcoGame, turn: number): void {
  g.turn = turn;
  g.phase = PHASE_ORDERS;
  g.unordered[0] = 0;
  g.unordered[1] = 0;
  for (let i = 0; i < g.n; i++) {
    g.order[i] = O_NONE;
    g.down[i] = g.ambush[i] > 0 ? 1 : 0;
    g.moved[i] = 0;
    g.specialDone[i] = 0;
    g.courageMod[i] = 0;
    g.noSpecial[i] = 0;
    g.actOrder[i] = i;
    if (g.alive[i]) g.unordered[g.side[i]]++;
  }
  g.recountAlive();
  // The policies' walks start at each side's range, and look for soldiers who must Rally (decisions.ts turnStarted).
  g.actFrom.orderFrom.set([0, g.split]);
  g.actFrom.specialFrom.set([0, g.split]);
  g.actFrom.rally.fill(1);
  g.listTop = 0;
  g.bag.streakSide = -1;
  g.bag.streakLen = 0;
  g.over = false;
}

/** Gives soldier i an order without executing it (takes his die out of the bag). */
export function setOrder(g: NcoGame, i: number, order: number): void {
  if (g.order[i] === O_NONE && g.alive[i]) g.unordered[g.side[i]]--;
  g.order[i] = order;
}

/** Gives every soldier an order (so no reactive Down or Assault response is possible). */
export function orderAll(g: NcoGame, order: number): void {
  for (let i = 0; i < g.n; i++) setOrder(g, i, order);
}

/** Removes soldier i from the table without scoring (a clean way to shrink a test squad). */
export function remove(g: NcoGame, i: number): void {
  if (g.order[i] === O_NONE && g.alive[i]) g.unordered[g.side[i]]--;
  g.alive[i] = 0;
  g.recountAlive();
  g.table.setPoint(i, -100, -100);
  g.touched(i);
}

/** The first `count` D6 faces seed k produces. */
export function facesOf(seed: number, count: number): number[] {
  const r = new Rng(seed);
  const out: number[] = [];
  for (let k = 0; k < count; k++) out.push(r.d6());
  return out;
}

/** The smallest seed ≥ 1 whose dice satisfy `pred` (given a fresh Rng in that seed's state). */
export function seedFor(pred: (r: Rng) => boolean, limit = 2_000_000): number {
  for (let k = 1; k < limit; k++) if (pred(new Rng(k))) return k;
  throw new Error('no seed found');
}

/** The smallest seed whose first D6 faces are exactly `faces`. */
export function seedForFaces(faces: number[]): number {
  return seedFor((r) => faces.every((f) => r.d6() === f));
}

/**
 * Seeds g.rng with k (the state a fresh `new Rng(k)` has), and the policies' own stream
 * g.prng from k too (another sequence), so random players vary with k as well.
 */
export function dice(g: NcoGame, k: number): void {
  g.rng.seed(k);
  g.prng.seed(k ^ 0x5bd1e995);
}

/** Snapshot of the numbers most tests compare. */
export function snap(g: NcoGame, i: number) {
  return { alive: g.alive[i], health: g.health[i], psyche: g.psyche[i], order: g.order[i], down: g.down[i] };
}

/** The standard error of a frequency estimate of p from n trials. */
export function stdErr(p: number, n: number): number {
  return Math.sqrt((p * (1 - p)) / n);
}

/** A game of the basic scenario on generated maps, both sides playing `policy`. */
export function basicMirrorGame(policy: string): { g: NcoGame; env: GameEnv; ruleset: never } {
  const raw = {
    ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules: {},
    sides: [
      { name: 'A', roster: 'rosters/us-army-100.json', policy },
      { name: 'B', roster: 'rosters/german-heer-100.json', policy },
    ],
  };
  const l = loadConfigObject(raw, resolve(dirname(new URL(import.meta.url).pathname), '..', 'configs/nco'));
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const g = new NcoGameClass(scn, scriptedDecisions, scenarioRules, env);
  prepareGame(g);
  return { g, env, ruleset: l.ruleset as never };
}

/** A small LCG: the same random positions on every run. */
export function lcg(seed: number): () => number {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}
