/**
 * Skill-die summary details the kit cannot derive (kit/summary.ts gives every counter per
 * game and the per-type table): each side's hit rate and its share of turns played first.
 */
import { round } from '../../../stats.ts';
import type { SkillScenario } from '../compiled.ts';

export function summarizeSkill(scn: SkillScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout;
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  let turnsPlayed = 0;
  for (let t = 0; t < scn.rules.turns; t++) turnsPlayed += (t + 1) * at('endTurn', t);
  return {
    sides: scn.sideNames.map((name, s) => {
      const rolls = at('skillRolls', s * 2), hits = at('skillRolls', s * 2 + 1);
      return { name, hitRate: round(rolls ? hits / rolls : 0), firstInitiativeShare: round(turnsPlayed ? at('initiativeFirst', s) / turnsPlayed : 0) };
    }),
  };
}
