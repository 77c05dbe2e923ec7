/** The Of War and Men ruleset (digest items 1–112, R1–R25): the CCS deck as dice and clock, FTs on a terrain-card grid. */
import type { Census, Ruleset } from '../../ruleset.ts';
import { compileOwam, OWAM_NOUNS, owamConfigSchema } from './compile.ts';
import type { OwamScenario } from './compiled.ts';
import { createOwamGame } from './create.ts';
import { owamPlayers } from './policy/players.ts';
import { configJsonSchema, fileRefPaths } from '../../kit/config.ts';
import { playOwamGame, setupGame } from './rules/game.ts';
import type { OwamGame } from './rules/state.ts';
import { summarizeOwam } from './tools/summary.ts';
import { owamOdds } from './tools/odds.ts';
import { describeOwam } from './tools/describe.ts';
import { owamBalance } from './tools/balance.ts';

export { createOwamGame };

/** Soldiers on the map and their points (what the tally's surviving value holds). */
function census(g: OwamGame): Census {
  const units: [number, number] = [0, 0], value: [number, number] = [0, 0];
  for (let s = 0; s < g.n; s++) {
    const f = g.ftOf[s];
    if (!g.alive[s] || f < 0 || g.fCell[f] < 0) continue;
    units[g.scn.sSide[s]]++;
    value[g.scn.sSide[s]] += g.scn.sPoints[s];
  }
  return { units, value };
}

export const owam: Ruleset<OwamScenario, OwamGame> = {
  id: 'owam',
  nouns: OWAM_NOUNS,
  fileRefs: fileRefPaths(owamConfigSchema),
  policyIds: owamPlayers.ids,
  traceVocabulary: { step: 'round', kinds: ['order', 'command-decision', 'move'], roll: /total -?\d+ against Resolve \d+, Vitality \d+/ },
  policyPreset: owamPlayers.presetConfig,
  compile: compileOwam,
  createGame: createOwamGame,
  resetGame: setupGame,
  playGame: playOwamGame,
  census,
  describePlayed: describeOwam,
  summarize: summarizeOwam,
  jsonSchema: () => configJsonSchema(owamConfigSchema),
  odds: owamOdds,
  balance: owamBalance,
};
