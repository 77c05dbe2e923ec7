/** Per worker: the game state with each seat's player (policy/players.ts). */
import { GameEnv } from '../../env.ts';
import type { SkillScenario } from './compiled.ts';
import { skillPlayers } from './policy/players.ts';
import { SkillGame } from './rules/state.ts';

export function createSkillGame(scn: SkillScenario, env: GameEnv = new GameEnv(scn.plan)): SkillGame {
  const g = new SkillGame(scn, [skillPlayers.decisionsOf(scn.policies[0]), skillPlayers.decisionsOf(scn.policies[1])], env);
  g.st.seal(g);
  return g;
}
