/**
 * Shared setup for the OWAM rule tests: a compiled scenario with hand-made maps and
 * Fireteams, a game reset and then arranged by hand (FT cells, hands), and a stacked core
 * deck so every flip is known.
 */
import { GameEnv } from '../engine/env.ts';
import { compileOwam } from '../engine/rulesets/owam/compile.ts';
import { createOwamGame } from '../engine/rulesets/owam/index.ts';
import { setupGame } from '../engine/rulesets/owam/rules/game.ts';
import { HAND_MAX, type OwamGame } from '../engine/rulesets/owam/rules/state.ts';
import type { OwamDecisions } from '../engine/rulesets/owam/rules/decisions.ts';

/** The card carrying the CCS triple (r, g, b): card i holds d4 = i mod 4 + 1, d6 = ⌊i/4⌋ mod 6 + 1, d8 = ⌊i/24⌋ + 1. */
export function card(r: number, g: number, b: number): number {
  return r - 1 + 4 * (g - 1) + 24 * (b - 1);
}

export const NO_ICONS = { icon_counts: { jam: 0, wound: 0, random_effect: 0 } };

export interface Opts {
  mission?: string;
  layout?: string[];
  rules?: Record<string, unknown>;
  fts?: [number[][], number[][]];
  policies?: [unknown, unknown];
  nations?: [string, string];
  players?: [number, number];
  traits?: [Record<string, string[]>, Record<string, string[]>];
}

/** A game after setup (seed 1), with the given map and squads. */
export function makeGame(o: Opts = {}): OwamGame {
  const scn = compileOwam({
    ruleset: 'owam', mission: o.mission ?? 'king_of_the_hill', map: o.layout ? { layout: o.layout } : undefined,
    rules: { ...NO_ICONS, ...(o.rules ?? {}) },
    sides: [
      { name: 'A', nation: o.nations?.[0] ?? 'usa', fireteams: o.fts?.[0] ?? [[1, 2, 3, 4], [5, 6, 7, 8]], policy: o.policies?.[0] ?? 'aggressive', players: o.players?.[0] ?? 1, traits: o.traits?.[0] },
      { name: 'B', nation: o.nations?.[1] ?? 'germany', fireteams: o.fts?.[1] ?? [[1, 2, 3, 4], [5, 6, 7, 8]], policy: o.policies?.[1] ?? 'aggressive', players: o.players?.[1] ?? 1, traits: o.traits?.[1] },
    ],
  });
  const env = new GameEnv(scn.plan);
  const g = createOwamGame(scn, env);
  env.seed(1, 0);
  env.tally.beginGame(0);
  setupGame(g);
  g.round = 1;
  return g;
}

/** Puts FT f at (col, row), not moving, no tokens. */
export function put(g: OwamGame, f: number, col: number, row: number): void {
  g.fCell[f] = row * g.scn.cols + col;
  g.fDest[f] = -1;
  g.fStealth[f] = 0;
}

export function cell(g: OwamGame, col: number, row: number): number {
  return row * g.scn.cols + col;
}

/** The draw pile becomes exactly `cards` (top first), the rest of the deck on the discard pile is forgotten. */
export function stack(g: OwamGame, cards: number[]): void {
  g.deck.stack(cards);
}

/** Sets side's hand to exactly these cards. */
export function hand(g: OwamGame, side: number, cards: number[]): void {
  const p = g.player(side);
  for (let i = 0; i < HAND_MAX; i++) g.hand[p * HAND_MAX + i] = i < cards.length ? cards[i] : -1;
  g.handN[p] = cards.length;
}

/** Cards in side's hand (its current player's). */
export function handN(g: OwamGame, side: number): number {
  return g.handN[g.player(side)];
}

/** The first card id of the catalog with this Standing Order / CD / terrain / icon, optionally with a CCS colour. */
export function find(g: OwamGame, pred: (c: number) => boolean, skip: number[] = []): number {
  for (let c = 0; c < 192; c++) if (pred(c) && !skip.includes(c)) return c;
  throw new Error('no such card');
}

/** Decisions that answer "no" to every window question (tests drive actions by hand). */
export function passiveDecisions(base: OwamDecisions): OwamDecisions {
  return {
    ...base,
    respondToCard: () => -1, chainOfCommand: () => -1, evade: () => -1, fubarDiscipline: () => -1, marksman: () => -1,
    throwBack: () => -1, assessment: () => {}, activate: () => {},
  };
}

/** Replaces both seats' decisions (a test-only swap of the readonly wiring). */
export function withDecisions(g: OwamGame, d: OwamDecisions): void {
  (g as unknown as { decide: readonly [OwamDecisions, OwamDecisions] }).decide = [d, d];
}
