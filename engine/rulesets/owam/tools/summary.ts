/** OWAM summary details from merged accumulators (not in the hot loop). */
import { BLOCK } from '../../../tally-plan.ts';
import { round } from '../../../stats.ts';
import { ACTION_LABELS, EFFECT_LABELS } from '../compile.ts';
import type { OwamScenario } from '../compiled.ts';
import { CD_IDS } from '../data/cards.ts';
import { END_REASONS } from '../rules/game.ts';

export function summarizeOwam(scn: OwamScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout;
  const o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  let roundSum = 0;
  for (let r = 0; r < 60; r++) roundSum += (r + 1) * at('rounds', r);
  return {
    endedBy: Object.fromEntries(END_REASONS.map((e, k) => [e, per(at('endReason', k))])),
    meanRounds: per(roundSum),
    meanDeckPasses: per(at('passes', 0)),
    sides: scn.sideNames.map((name, s) => ({
      name,
      commandDecisionsPerGame: Object.fromEntries(CD_IDS.slice(1).map((c, k) => [c, per(at('cdPlays', s * 32 + k + 1))]).filter(([, v]) => (v as number) > 0)),
      actionsPerGame: Object.fromEntries(ACTION_LABELS.map((a, k) => [a, per(at('actions', s * 16 + k))]).filter(([a]) => a !== '-')),
      effectsPerGame: Object.fromEntries(EFFECT_LABELS.map((a, k) => [a, per(at('effects', s * 8 + k))]).filter(([a]) => a !== '-')),
    })),
  };
}
