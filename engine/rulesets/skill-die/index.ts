/**
 * The skill-die ruleset (digest items 1–47, R1–R20): d10 initiative, Skill die against
 * Difficulty, Damage against Defense, Fan and Radius, command and Signal, medics, drones and
 * EW, on the tape-measure table of engine/geometry.
 */
import type { Census, Ruleset } from '../../ruleset.ts';
import { compileSkill, SKILL_NOUNS, skillConfigSchema } from './compile.ts';
import type { SkillScenario } from './compiled.ts';
import { skillPlayers } from './policy/players.ts';
import { createSkillGame } from './create.ts';
import { configJsonSchema, fileRefPaths } from '../../kit/config.ts';
import { playSkillGame } from './rules/game.ts';
import { ACTIVE, SkillGame } from './rules/state.ts';
import { summarizeSkill } from './tools/summary.ts';
import { skillOdds } from './tools/odds.ts';
import { describeSkillDie } from './tools/describe.ts';
import { skillBalance } from './tools/balance.ts';

export { createSkillGame };

/** Units in play and the points they are worth (the tally's surviving value). */
function census(g: SkillGame): Census {
  const units: [number, number] = [0, 0], value: [number, number] = [0, 0];
  for (let u = 0; u < g.n; u++) {
    if (g.status[u] !== ACTIVE) continue;
    units[g.scn.side[u]]++;
    value[g.scn.side[u]] += g.scn.uCost[u];
  }
  return { units, value };
}

export const skillDie: Ruleset<SkillScenario, SkillGame> = {
  id: 'skill-die',
  nouns: SKILL_NOUNS,
  fileRefs: fileRefPaths(skillConfigSchema),
  policyIds: skillPlayers.ids,
  traceVocabulary: { step: 'turn', kinds: ['initiative', 'move', 'attack', 'suppressed'], roll: /Skill d\d+.*: \d+ against Difficulty \d+, (hit|miss)/ },
  policyPreset: skillPlayers.presetConfig,
  compile: compileSkill,
  createGame: createSkillGame,
  resetGame: (g) => g.reset(),
  playGame: playSkillGame,
  census,
  describePlayed: describeSkillDie,
  summarize: summarizeSkill,
  odds: skillOdds,
  balance: skillBalance,
  jsonSchema: () => configJsonSchema(skillConfigSchema),
};
