/**
 * OWAM summary details the kit cannot derive (kit/summary.ts gives every counter per game,
 * endReason, actions, cdPlays and effects included, and the per-weapon table): the mean
 * round and deck passes a game lasted.
 */
import { round } from '../../../stats.ts';
import { BLOCK } from '../../../tally-plan.ts';
import type { OwamScenario } from '../compiled.ts';
import { ROUND_BINS } from '../data/counters.ts';

export function summarizeOwam(scn: OwamScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout;
  const o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  let roundSum = 0;
  for (let r = 0; r < ROUND_BINS; r++) roundSum += (r + 1) * at('rounds', r);
  return { meanRounds: per(roundSum), meanDeckPasses: per(at('passes', 0)) };
}
