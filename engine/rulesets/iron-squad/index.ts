/** The Iron Squad ruleset (digest items 1–76, R1–R23): hex board, accuracy table, day/night, weather, missions, solo bot. */
import type { Recorder } from '../../record.ts';
import type { Ruleset } from '../../ruleset.ts';
import { boardFromConfig } from './board-json.ts';
import { compileIron, type IronScenario } from './compile.ts';
import { Offsets, playSeeded } from './game.ts';
import { ironOdds } from './odds.ts';
import { POLICY_IDS } from './policy-params.ts';
import { ironJsonSchema } from './schema.ts';
import { IronGame } from './state.ts';
import { summarizeIron } from './summary.ts';

export interface IronWorkerGame {
  g: IronGame;
  o: Offsets;
}

/** Per worker: the board (or its generator), the game state and the accumulator offsets. */
export function createIronGame(scn: IronScenario): IronWorkerGame {
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  return { g: new IronGame(scn, board, generator), o: new Offsets(scn.layout) };
}

export const ironSquad: Ruleset<IronScenario, IronWorkerGame> = {
  id: 'iron-squad',
  timeUnit: 'round',
  fileRefs: ['map'],
  policyIds: POLICY_IDS,
  compile: compileIron,
  createGame: createIronGame,
  playGame(w: IronWorkerGame, masterSeed: number, index: number, rec: Recorder): void {
    w.g.rng.seedGame(masterSeed, index);
    playSeeded(w.g, w.o, rec);
  },
  summarize: summarizeIron,
  jsonSchema: ironJsonSchema,
  odds: ironOdds,
};
