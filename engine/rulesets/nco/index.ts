/** The NCO v2.3.2 ruleset (core game: digest items 1–70, 101–103, 114–128). */
import type { Recorder } from '../../record.ts';
import type { Ruleset } from '../../ruleset.ts';
import { MapGenerator } from '../../geometry/mapgen.ts';
import { compileNco, type NcoScenario } from './compile.ts';
import { NcoGame } from './state.ts';
import { Offsets, playSeeded } from './game.ts';
import { computeCoverSpots } from './cover-spots.ts';
import { POLICY_IDS } from './policy-params.ts';
import { summarizeNco } from './summary.ts';
import { fillNcoRow } from './rows.ts';
import { ncoJsonSchema } from './schema.ts';
import { ncoOdds } from './odds.ts';
import { ncoBalance } from './balance.ts';

export interface NcoWorkerGame {
  g: NcoGame;
  o: Offsets;
}

/** Builds the per-worker game state: table options, the fixed map or the generator. */
export function createNcoGame(scn: NcoScenario): NcoWorkerGame {
  const g = new NcoGame(scn);
  const r = scn.rules;
  g.table.setOptions({
    width: r.table_size_in, height: r.table_size_in, baseRadius: r.base_radius_in, edgeWindow: r.edge_window_in,
    coverProximity: r.cover_proximity_in, climbRequiresRun: r.climb_requires_run, waistHeight: r.waist_height_in,
    waistHighCost: r.waist_high_cost_in,
  });
  if (scn.map) {
    g.table.loadMap(scn.map);
    computeCoverSpots(g);
  } else if (scn.generate) {
    g.generator = new MapGenerator(g.table);
    g.genOpts = { ...scn.generate, deploy_depth_in: r.deploy_depth_in };
  }
  return { g, o: new Offsets(scn) };
}

export const nco: Ruleset<NcoScenario, NcoWorkerGame> = {
  id: 'nco',
  timeUnit: 'turn',
  fileRefs: ['map', 'sides.*.roster'],
  policyIds: POLICY_IDS,
  compile: compileNco,
  createGame: createNcoGame,
  playGame(w: NcoWorkerGame, masterSeed: number, index: number, rec: Recorder): void {
    w.g.rng.seedGame(masterSeed, index);
    playSeeded(w.g, w.o, rec);
    if (rec.row !== null) fillNcoRow(w.g, index, rec.row);
  },
  summarize: summarizeNco,
  jsonSchema: ncoJsonSchema,
  odds: ncoOdds,
  balance: ncoBalance,
};
