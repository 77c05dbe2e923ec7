/** Per worker: the game state with each seat's player (policy/players.ts). */
import { GameEnv } from '../../env.ts';
import type { PlatoonScenario } from './compiled.ts';
import { platoonPlayers } from './policy/players.ts';
import { PlatoonGame } from './rules/state.ts';

export function createPlatoonGame(scn: PlatoonScenario, env: GameEnv = new GameEnv(scn.plan)): PlatoonGame {
  const g = new PlatoonGame(scn, [platoonPlayers.decisionsOf(scn.policies[0]), platoonPlayers.decisionsOf(scn.policies[1])], env);
  g.st.seal(g);
  return g;
}
