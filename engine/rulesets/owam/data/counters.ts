/**
 * OWAM's own counters (engine/kit/counters.ts): label lists and what each count is. Action
 * and Command Decision labels are real names only (no padding to a power-of-two stride):
 * an action's index is `A_*`, a CD's index its CD id minus one (`none` is never played).
 */
import { SIDES, type CounterDecls } from '../../../kit/counters.ts';
import { CD_IDS } from './cards.ts';

export const END_REASONS = ['deck timer', 'annihilation', 'round cap', 'flag or bridge', 'truck'] as const;
/** Standard Actions and free abilities; the first four are the Standing Orders (SO_ATTACK − 1 …). */
export const ACTIONS = ['attack', 'maneuver', 'rally', 'entrench', 'crew/scope', 'discard & redraw', 'stealth', 'transfer', 'recognition', 'terrain', 'assault', 'truck repair'] as const;
export const A_ATTACK = 0, A_MANEUVER = 1, A_RALLY = 2, A_ENTRENCH = 3, A_CREW = 4, A_REDRAW = 5, A_STEALTH = 6, A_TRANSFER = 7, A_RECOGNITION = 8, A_TERRAIN = 9, A_ASSAULT = 10, A_TRUCK = 11;
/** Results inflicted, indexed by rules/fire.ts R_* (R_NONE … R_ROUT). */
export const EFFECTS = ['no effect', 'suppressed', 'wounded', 'killed', 'routed'] as const;
/** Command Decisions that can be played: CD id k counts at k − 1. */
export const CD_PLAYS = CD_IDS.slice(1);
/** Games ending in round 60 or later count in the last bin. */
export const ROUND_BINS = 60;

export function owamCounters() {
  return {
    endReason: { axes: [END_REASONS], doc: 'games by how they ended' },
    rounds: { axes: [Array.from({ length: ROUND_BINS }, (_, k) => `round ${k + 1}`)], doc: 'games by the round they ended in' },
    passes: { axes: [['passes']], doc: 'sum of passes through the core deck' },
    cdPlays: { axes: [SIDES, CD_PLAYS], doc: 'Command Decisions played by side and kind' },
    actions: { axes: [SIDES, ACTIONS], doc: 'Standard Actions and free abilities by side' },
    effects: { axes: [SIDES, EFFECTS], doc: 'results inflicted on enemy soldiers (Firing Sequences, grenades, artillery), by the side inflicting them' },
  } satisfies CounterDecls;
}
export type OwamCounterDecls = ReturnType<typeof owamCounters>;
