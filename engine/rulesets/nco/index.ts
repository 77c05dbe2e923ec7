/** The NCO v2.3.2 ruleset (core game: digest items 1–70, 101–103, 114–128). */
import { GameEnv } from '../../env.ts';
import type { Census, Ruleset } from '../../ruleset.ts';
import { compileNco, NCO_NOUNS, ncoConfigSchema } from './compile.ts';
import type { NcoScenario } from './compiled.ts';
import { NcoGame } from './rules/state.ts';
import { playNcoGame } from './rules/game.ts';
import { prepareGame } from './rules/setup.ts';
import { ncoPlayers } from './policy/players.ts';
import { configJsonSchema, fileRefPaths } from '../../kit/config.ts';
import { scriptedDecisions } from './policy/decisions.ts';
import { scenarioRules } from './scenarios/hooks.ts';
import { summarizeNco } from './tools/summary.ts';
import { ncoOdds } from './tools/odds.ts';
import { ncoBalance } from './tools/balance.ts';
import { describeNco } from './tools/describe.ts';

/**
 * Builds the per-worker game state: the shipped policies, the scenario rules, the table
 * with NCO's sight and movement rules, the fixed map or the generator.
 */
export function createNcoGame(scn: NcoScenario, env: GameEnv = new GameEnv(scn.plan)): NcoGame {
  const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
  prepareGame(g);
  return g;
}

/** Soldiers in play and their kill value (the tally's surviving value). */
function census(g: NcoGame): Census {
  const units: [number, number] = [0, 0], value: [number, number] = [0, 0];
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    units[g.side[i]]++;
    value[g.side[i]] += g.scn.killValue[i];
  }
  return { units, value };
}

export const nco: Ruleset<NcoScenario, NcoGame> = {
  id: 'nco',
  nouns: NCO_NOUNS,
  fileRefs: fileRefPaths(ncoConfigSchema),
  policyIds: ncoPlayers.ids,
  traceVocabulary: { step: 'turn', kinds: ['turn', 'special', 'wound', 'psyche', 'rally'], roll: /shoots .* with [\w-]+: \d+ dic?e needing \d\+, \d+ hits?/ },
  policyPreset: ncoPlayers.presetConfig,
  compile: compileNco,
  createGame: createNcoGame,
  resetGame: (g) => g.reset(),
  playGame: playNcoGame,
  census,
  describePlayed: describeNco,
  summarize: summarizeNco,
  jsonSchema: () => configJsonSchema(ncoConfigSchema),
  odds: ncoOdds,
  balance: ncoBalance,
};
