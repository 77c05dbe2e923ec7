/** Skill-die summary details from merged accumulators (not in the hot loop). */
import { BLOCK } from '../../../tally-plan.ts';
import { round } from '../../../stats.ts';
import { ACTIONS, REVIVE_RESULTS } from '../compile.ts';
import type { SkillScenario } from '../compiled.ts';
import { TYPE_LABELS } from '../data/catalogue.ts';

export function summarizeSkill(scn: SkillScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout, bins = scn.plan.bins, K = TYPE_LABELS.length;
  const o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  let turnsPlayed = 0;
  for (let t = 0; t < scn.rules.turns; t++) turnsPlayed += (t + 1) * at('endTurn', t);
  const sides = scn.sideNames.map((name, s) => {
    const rolls = at('skillRolls', s * 2), hits = at('skillRolls', s * 2 + 1);
    return {
      name,
      hitRate: round(rolls ? hits / rolls : 0),
      firstInitiativeShare: round(turnsPlayed ? at('initiativeFirst', s) / turnsPlayed : 0),
      objectivesHeldPerGame: per(at('objectivesHeld', s)),
      actionsPerGame: Object.fromEntries(ACTIONS.map((a, k) => [a, per(at('actions', s * ACTIONS.length + k))])),
      revivalsPerGame: Object.fromEntries(REVIVE_RESULTS.map((r, k) => [r, per(at('reviveResults', s * 4 + k))])),
      types: TYPE_LABELS.map((t, k) => {
        const f = at(BLOCK.typeFielded, s * K + k);
        let lost = 0;
        for (let b = 0; b < bins; b++) lost += at(BLOCK.typeCasualties, (s * K + k) * bins + b);
        return { type: t, fieldedPerGame: per(f), lossRate: round(f ? lost / f : 0), killsPerGame: per(at(BLOCK.typeKills, s * K + k)) };
      }).filter((r) => r.fieldedPerGame > 0),
    };
  });
  const endTurn = Array.from({ length: scn.rules.turns }, (_, t) => per(at('endTurn', t)));
  return { sides, endTurnShare: endTurn };
}
