/**
 * A tiny hand-made results document: 4 games of "Blue" vs "Red", 2 turns, 2 soldier types.
 * The per-game values it sums are listed so tests can state exact expectations.
 */
import type { ResultsDoc } from '../resultsdoc/format.ts';
import { CUM_BUCKETS, SHARE_BUCKETS } from '../engine/tally-plan.ts';

// Per game (g1..g4):
//   outcome: Blue, Blue, Red, draw            VP Blue 10,20,0,10   VP Red 0,10,10,10
//   Blue casualties per turn [1,0],[0,2],[1,1],[0,0]   Red [1,1] in every game
//   Blue surviving points [40,40],[50,30],[40,30],[50,50]   Red [40,30] every game; both start at 50
//   Win classes: Blue won g1 big and g2 small, Red won g3 small.
//   VP margin (Blue − Red): 10, 10, −10, 0
//   Blue fields 2 riflemen (10 pts each) + 1 mg (20 pts); Red 3 riflemen (10 pts each).
//   Blue rifleman losses by turn [1,2], mg [1,1]; Red riflemen [4,4]. Kills: Blue rifle 5, mg 3; Red rifle 5.
export function tinyResults(): ResultsDoc {
  const sides = ['Blue', 'Red'];
  const turns = ['turn 1', 'turn 2'];
  const types = ['rifleman', 'mg'];
  const layout = [
    { name: 'outcome', dims: [3], labels: [[...sides, 'draw']] },
    { name: 'score', dims: [2], labels: [sides] },
    { name: 'scoreSq', dims: [2], labels: [sides] },
    { name: 'casualties', dims: [2, 2], labels: [sides, turns] },
    { name: 'survivingValue', dims: [2, 2], labels: [sides, turns] },
    { name: 'startingValue', dims: [2], labels: [sides] },
    { name: 'casualtiesSq', dims: [2, 2], labels: [sides, turns] },
    { name: 'cumCasualtiesSq', dims: [2, 2], labels: [sides, turns] },
    { name: 'survivingValueSq', dims: [2, 2], labels: [sides, turns] },
    { name: 'marginHist', dims: [5], labels: [['-10', '0', '10', '20', '30']] },
    { name: 'typeFielded', dims: [2, 2], labels: [sides, types] },
    { name: 'typeCost', dims: [2, 2], labels: [sides, types] },
    { name: 'typeCostLost', dims: [2, 2], labels: [sides, types] },
    { name: 'typeKills', dims: [2, 2], labels: [sides, types] },
    { name: 'typeCasualties', dims: [2, 2, 2], labels: [sides, types, turns] },
    { name: 'typeCostLostSteps', dims: [2, 2, 2], labels: [sides, types, turns] },
    { name: 'winClass', dims: [2, 2], labels: [sides, ['Win big', 'Win small']] },
    { name: 'cumCasualtiesHist', dims: [2, 2, CUM_BUCKETS], labels: [sides, turns, Array.from({ length: CUM_BUCKETS }, (_, k) => String(k))] },
    { name: 'valueShareHist', dims: [2, 2, SHARE_BUCKETS], labels: [sides, turns, Array.from({ length: SHARE_BUCKETS }, (_, k) => `${5 * k}%`)] },
    { name: 'gameLengthHist', dims: [2], labels: [turns] },
    { name: 'endCause', dims: [3, 3], labels: [[...sides, 'draw'], ['elimination', 'time', 'rules']] },
  ].map((b) => ({ ...b, doc: null }));
  // [side][turn][bucket] counts of the per-game values listed above.
  const hist = (perGame: number[][][], buckets: number) => perGame.map((side) => [0, 1].map((t) => {
    const h = new Array<number>(buckets).fill(0);
    for (const g of side) h[g[t]]++;
    return h;
  }));
  return {
    schema: 'squadsim.results/2',
    version: '0.0.0-test',
    ruleset: 'tiny',
    seed: 1,
    games: 4,
    chunkGames: 4,
    configHash: 'sha256:test',
    config: {},
    summary: {
      schema: 'squadsim.summary/2', ruleset: 'tiny', games: 4, seed: 1, configHash: 'sha256:test', version: '0.0.0-test',
      nouns: { unit: 'soldier', units: 'soldiers', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' },
      sides: [
        { name: 'Blue', wins: 2, winRate: 0.5, winRateInterval: [0, 1], meanScore: 10 },
        { name: 'Red', wins: 1, winRate: 0.25, winRateInterval: [0, 1], meanScore: 7.5 },
      ],
      draws: 1,
      lethality: { unit: 'turn', steps: 2, labels: turns, meanCasualties: [[0.5, 0.75], [1, 1]], meanSurvivingValue: [[45, 37.5], [40, 30]] },
      elapsedSeconds: 0,
      gamesPerSecond: 0,
    },
    layout,
    accumulators: {
      outcome: [2, 1, 1],
      score: [40, 30],
      scoreSq: [600, 300],
      casualties: [[2, 3], [4, 4]],
      survivingValue: [[180, 150], [160, 120]],
      startingValue: [200, 200],
      casualtiesSq: [[2, 5], [4, 4]],
      cumCasualtiesSq: [[2, 9], [4, 16]],
      survivingValueSq: [[8200, 5900], [6400, 3600]],
      marginHist: [1, 1, 2, 0, 0],
      typeFielded: [[8, 4], [12, 0]],
      typeCost: [[80, 80], [120, 0]],
      typeCostLost: [[30, 40], [80, 0]],
      typeKills: [[5, 3], [5, 0]],
      typeCasualties: [[[1, 2], [1, 1]], [[4, 4], [0, 0]]],
      typeCostLostSteps: [[[10, 20], [20, 20]], [[40, 40], [0, 0]]],
      winClass: [[1, 1], [0, 1]],
      // Losses so far: Blue [1,1],[0,2],[1,2],[0,0], Red [1,2]; value share buckets (5%): 40/50 → 16, 50 → 20, 30 → 12.
      cumCasualtiesHist: hist([[[1, 1], [0, 2], [1, 2], [0, 0]], [[1, 2], [1, 2], [1, 2], [1, 2]]], CUM_BUCKETS),
      valueShareHist: hist([[[16, 16], [20, 12], [16, 12], [20, 20]], [[16, 12], [16, 12], [16, 12], [16, 12]]], SHARE_BUCKETS),
      gameLengthHist: [0, 4],
      // Blue's 2 wins: 1 by elimination, 1 on time; Red's on time; the draw on time.
      endCause: [[1, 1, 0], [0, 1, 0], [0, 1, 0]],
    },
  };
}

/** The same document with only the blocks the tally always records (what any ruleset has); `old`: as before the distribution blocks. */
export function standardOnly(old = false): ResultsDoc {
  const doc = tinyResults();
  const keep = new Set(['outcome', 'score', 'scoreSq', 'casualties', 'survivingValue', 'startingValue', 'casualtiesSq', 'cumCasualtiesSq', 'survivingValueSq', ...(old ? [] : ['cumCasualtiesHist', 'valueShareHist', 'gameLengthHist', 'endCause'])]);
  doc.layout = doc.layout.filter((b) => keep.has(b.name));
  doc.accumulators = Object.fromEntries(Object.entries(doc.accumulators).filter(([k]) => keep.has(k)));
  delete doc.summary.details;
  return doc;
}

/** A minimal `squadsim.balance/1` document: only the fields the report reads are filled. */
export function tinyBalance(ruleset = 'tiny'): Record<string, unknown> {
  const row = (id: string, label: string, cost: number, fairCost: number, half: number, flag: string) => ({
    id, label, group: 'soldier', pool: 'any', cost, fairCost, interval: [fairCost - half, fairCost + half], flag, coefficient: 0, se: 0, meanCount: 1,
  });
  return {
    schema: 'squadsim.balance/1',
    version: '0.0.0-test',
    ruleset,
    features: [row('private', 'Private', 30, 14, 4, 'over-costed'), row('scout', 'Scout', 15, 22, 3, 'under-costed'), row('medic', 'Medic', 20, 19, 5, 'ok')],
    notFitted: [],
  };
}
