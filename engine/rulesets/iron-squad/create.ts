/** Per worker: the board (or its generator) and the game state with each seat's player (policy/players.ts). */
import { GameEnv } from '../../env.ts';
import type { IronScenario } from './compiled.ts';
import { ironPlayers } from './policy/players.ts';
import { boardFromConfig } from './rules/board-json.ts';
import { IronGame } from './rules/state.ts';

export function createIronGame(scn: IronScenario, env: GameEnv = new GameEnv(scn.plan)): IronGame {
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const g = new IronGame(scn, [ironPlayers.decisionsOf(scn.policies[0]), ironPlayers.decisionsOf(scn.policies[1])], board, generator, env);
  g.st.seal(g); // every scalar as it stands now is what each game starts from (engine/state.ts)
  return g;
}
