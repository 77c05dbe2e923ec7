/** The Iron Squad ruleset (digest items 1–76, R1–R23): hex board, accuracy table, day/night, weather, missions, solo bot. */
import { GameEnv } from '../../env.ts';
import type { Census, Ruleset } from '../../ruleset.ts';
import { boardFromConfig } from './rules/board-json.ts';
import { compileIron, IRON_NOUNS } from './compile.ts';
import type { IronScenario } from './compiled.ts';
import { playIronGame } from './rules/game.ts';
import { scriptedDecisions } from './policy/decisions.ts';
import { ironOdds } from './tools/odds.ts';
import { POLICY_IDS, presetConfig } from './policy/params.ts';
import { ironJsonSchema } from './tools/schema.ts';
import { IronGame } from './rules/state.ts';
import { summarizeIron } from './tools/summary.ts';
import { describeIron } from './tools/describe.ts';

/** Per worker: the board (or its generator) and the game state. */
export function createIronGame(scn: IronScenario, env: GameEnv = new GameEnv(scn.plan)): IronGame {
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const g = new IronGame(scn, scriptedDecisions, board, generator, env);
  g.st.seal(g); // every scalar as it stands now is what each game starts from (engine/state.ts)
  return g;
}

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
  fileRefs: ['map'],
  policyIds: POLICY_IDS,
  policyPreset: presetConfig,
  compile: compileIron,
  createGame: createIronGame,
  resetGame: (g) => g.reset(),
  playGame: playIronGame,
  census,
  describePlayed: describeIron,
  summarize: summarizeIron,
  jsonSchema: ironJsonSchema,
  odds: ironOdds,
};
