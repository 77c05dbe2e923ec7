/** The platoon order-dice ruleset (digest items 1–75, R1–R26): orders, pins, officers, heavy weapons, vehicles, close quarters. */
import type { Census, Ruleset } from '../../ruleset.ts';
import { compilePlatoon, PLATOON_NOUNS, platoonConfigSchema } from './compile.ts';
import type { PlatoonScenario } from './compiled.ts';
import { platoonPlayers } from './policy/players.ts';
import { createPlatoonGame } from './create.ts';
import { configJsonSchema, fileRefPaths } from '../../kit/config.ts';
import { playPlatoonGame } from './rules/game.ts';
import { PlatoonGame } from './rules/state.ts';
import { platoonOdds } from './tools/odds.ts';
import { platoonBalance } from './tools/balance.ts';
import { describePlatoon } from './tools/describe.ts';

export { createPlatoonGame };

function census(g: PlatoonGame): Census {
  const units: [number, number] = [0, 0], value: [number, number] = [0, 0];
  for (let u = 0; u < g.n; u++) {
    if (!g.alive[u]) continue;
    units[g.scn.side[u]]++;
    value[g.scn.side[u]] += g.scn.cost[u];
  }
  return { units, value };
}

export const platoon: Ruleset<PlatoonScenario, PlatoonGame> = {
  id: 'platoon',
  nouns: PLATOON_NOUNS,
  fileRefs: fileRefPaths(platoonConfigSchema),
  policyIds: platoonPlayers.ids,
  traceVocabulary: { step: 'turn', kinds: ['die', 'move', 'pins'], roll: /\d+ shots? needing \d\+, \d+ hits?/ },
  compile: compilePlatoon,
  createGame: createPlatoonGame,
  resetGame: (g) => g.reset(),
  playGame: playPlatoonGame,
  census,
  describePlayed: describePlatoon,
  jsonSchema: () => configJsonSchema(platoonConfigSchema),
  odds: platoonOdds,
  balance: platoonBalance,
  policyPreset: platoonPlayers.presetConfig,
};
