/** The Iron Squad ruleset (digest items 1–76, R1–R23): hex board, accuracy table, day/night, weather, missions, solo bot. */
import type { Census, Ruleset } from '../../ruleset.ts';
import { compileIron, IRON_NOUNS, ironConfigSchema } from './compile.ts';
import type { IronScenario } from './compiled.ts';
import { createIronGame } from './create.ts';
import { configJsonSchema, fileRefPaths } from '../../kit/config.ts';
import { playIronGame } from './rules/game.ts';
import { ironPlayers } from './policy/players.ts';
import { ironOdds } from './tools/odds.ts';
import { IronGame } from './rules/state.ts';
import { summarizeIron } from './tools/summary.ts';
import { describeIron } from './tools/describe.ts';
import { ironBalance } from './tools/balance.ts';

export { createIronGame };

/** Units in play and their health (the tally's surviving value). */
function census(g: IronGame): Census {
  const units: [number, number] = [0, 0], value: [number, number] = [0, 0];
  for (let u = 0; u < g.n; u++) {
    if (!g.alive[u]) continue;
    units[g.side[u]]++;
    value[g.side[u]] += g.hp[u];
  }
  return { units, value };
}

export const ironSquad: Ruleset<IronScenario, IronGame> = {
  id: 'iron-squad',
  nouns: IRON_NOUNS,
  fileRefs: fileRefPaths(ironConfigSchema),
  policyIds: ironPlayers.ids,
  traceVocabulary: { step: 'round', kinds: ['turn', 'move', 'wound', 'vp'], roll: /accuracy -?\d+, luck die \d \(DRM [+-]\d+\), Final Accuracy -?\d+: / },
  policyPreset: ironPlayers.presetConfig,
  compile: compileIron,
  createGame: createIronGame,
  resetGame: (g) => g.reset(),
  playGame: playIronGame,
  census,
  describePlayed: describeIron,
  summarize: summarizeIron,
  jsonSchema: () => configJsonSchema(ironConfigSchema),
  odds: ironOdds,
  balance: ironBalance,
};
