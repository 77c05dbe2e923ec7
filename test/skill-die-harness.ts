/** Small skill-die tables for tests: a compiled game with the given rosters, units placed by hand. */
import { GameEnv } from '../engine/env.ts';
import { compileSkill } from '../engine/rulesets/skill-die/compile.ts';
import { createSkillGame } from '../engine/rulesets/skill-die/index.ts';
import type { SkillGame } from '../engine/rulesets/skill-die/rules/state.ts';

export const OPEN_MAP = { name: 'open', size: [48, 48], terrain: [] as unknown[] };

export interface TestSetup {
  blue: unknown[];
  red: unknown[];
  rules?: Record<string, unknown>;
  map?: unknown;
  policies?: [unknown, unknown];
}

export function config(t: TestSetup): Record<string, unknown> {
  return {
    ruleset: 'skill-die',
    map: t.map ?? OPEN_MAP,
    rules: t.rules ?? {},
    sides: [
      { name: 'Blue', roster: t.blue, policy: t.policies?.[0] ?? 'aggressive' },
      { name: 'Red', roster: t.red, policy: t.policies?.[1] ?? 'aggressive' },
    ],
  };
}

/** A game mid-turn: round 1, side 0 to play, every unit at (x, y) from `at` (Blue first, then Red). */
export function table(t: TestSetup, at: [number, number][], seed = 1): SkillGame {
  const scn = compileSkill(config(t));
  const env = new GameEnv(scn.plan);
  const g = createSkillGame(scn, env);
  env.seed(seed, 0);
  env.tally.beginGame(0);
  g.reset();
  g.round = 1;
  g.turnSide = 0;
  at.forEach(([x, y], u) => {
    g.table.setPoint(u, x, y);
    g.sx[u] = x;
    g.sy[u] = y;
  });
  return g;
}

export const rifleman = { type: 'average', weapons: ['rifle'] };
