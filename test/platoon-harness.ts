/**
 * Shared setup for the platoon rule tests: a game compiled from hand-made armies and map,
 * units placed by hand, and rigged dice (a queue of D6 results read before the real stream).
 */
import { GameEnv } from '../engine/env.ts';
import { compilePlatoon } from '../engine/rulesets/platoon/compile.ts';
import { createPlatoonGame } from '../engine/rulesets/platoon/index.ts';
import { place } from '../engine/rulesets/platoon/rules/movement.ts';
import { PlatoonGame } from '../engine/rulesets/platoon/rules/state.ts';
import { directNeed, SHOT_RANGE, slotMode } from '../engine/rulesets/platoon/rules/shooting.ts';
import type { PlatoonDecisions } from '../engine/rulesets/platoon/rules/decisions.ts';
import { platoonPlayers } from '../engine/rulesets/platoon/policy/players.ts';

export const SECTION = { unit: 'infantry-section', men: 10 };

export interface Setup {
  a: unknown[];
  b: unknown[];
  terrain?: unknown[];
  rules?: Record<string, unknown>;
  policies?: [unknown, unknown];
  size?: [number, number];
}

export function config(s: Setup): Record<string, unknown> {
  return {
    ruleset: 'platoon',
    map: { size: s.size ?? [72, 48], terrain: s.terrain ?? [] },
    rules: s.rules ?? {},
    sides: [
      { name: 'A', army: s.a, policy: s.policies?.[0] ?? 'aggressive' },
      { name: 'B', army: s.b, policy: s.policies?.[1] ?? 'aggressive' },
    ],
  };
}

/** A reset game (seeded stream `seed`, tally begun) with every unit alive and placed at the origin. */
export function makeGame(s: Setup, seed = 1, decide?: [Partial<PlatoonDecisions>, Partial<PlatoonDecisions>]): PlatoonGame {
  const scn = compilePlatoon(config(s));
  const env = new GameEnv(scn.plan);
  const g = decide ? new PlatoonGame(scn, [{ ...platoonPlayers.decisionsOf(scn.policies[0]), ...decide[0] }, { ...platoonPlayers.decisionsOf(scn.policies[1]), ...decide[1] }], env) : createPlatoonGame(scn, env);
  if (decide) g.st.seal(g);
  env.seed(99, seed);
  env.tally.beginGame(seed);
  g.reset();
  for (let u = 0; u < g.n; u++) {
    g.unitsLeft[scn.side[u]]++;
    g.value[scn.side[u]] += scn.cost[u];
  }
  for (let s2 = 0; s2 < 2; s2++) g.bag.own(s2, g.unitsLeft[s2]);
  return g;
}

/** Places unit u at (x, y) heading (hx, hy). */
export function put(g: PlatoonGame, u: number, x: number, y: number, hx = 0, hy = 1): void {
  g.hx[u] = hx;
  g.hy[u] = hy;
  place(g, u, x, y);
}

/** The next D6 results come from `queue` (then from the real stream); die(n) too. Returns the queue. */
export function rig(g: PlatoonGame, queue: number[]): number[] {
  const rng = g.rng as unknown as { d6(): number; die(n: number): number };
  const d6 = rng.d6.bind(rng), die = rng.die.bind(rng);
  rng.d6 = () => (queue.length ? queue.shift()! : d6());
  rng.die = (n: number) => (queue.length ? queue.shift()! : die(n));
  return queue;
}

/** A square terrain piece centred at (x, y). */
export function square(x: number, y: number, h: number, extra: Record<string, unknown>): Record<string, unknown> {
  return { polygon: [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]], ...extra };
}

/** slotMode and directNeed at range d (the engine passes the range in SHOT_RANGE, not as an argument). */
export function slotModeAt(g: PlatoonGame, u: number, k: number, t: number, moving: boolean, sees: boolean, d: number): number {
  SHOT_RANGE[0] = d;
  return slotMode(g, u, k, t, moving, sees);
}
export function directNeedAt(g: PlatoonGame, u: number, k: number, t: number, moving: boolean, d: number, extraMod: number): number {
  SHOT_RANGE[0] = d;
  return directNeed(g, u, k, t, moving, extraMod);
}
