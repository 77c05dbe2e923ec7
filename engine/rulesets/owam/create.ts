/** Per worker: the game state with each seat's player (policy/players.ts), the 192-card core deck loaded. */
import { GameEnv } from '../../env.ts';
import type { OwamScenario } from './compiled.ts';
import { DECK_SIZE } from './data/cards.ts';
import { owamPlayers } from './policy/players.ts';
import { OwamGame } from './rules/state.ts';

export function createOwamGame(scn: OwamScenario, env: GameEnv = new GameEnv(scn.plan)): OwamGame {
  const g = new OwamGame(scn, [owamPlayers.decisionsOf(scn.policies[0]), owamPlayers.decisionsOf(scn.policies[1])], env);
  const ids = new Int32Array(DECK_SIZE);
  for (let i = 0; i < DECK_SIZE; i++) ids[i] = i;
  g.deck.load(ids);
  g.st.seal(g); // every scalar as it stands now is what each game starts from (engine/state.ts)
  return g;
}
