/** Platoon summary details from merged accumulators (not in the hot loop). */
import { BLOCK } from '../../../tally-plan.ts';
import { round } from '../../../stats.ts';
import { ASSAULT_RESULTS, DECIDED_BY, LOSS_CAUSES, TEST_RESULTS, VEHICLE_RESULTS } from '../compile.ts';
import type { PlatoonScenario } from '../compiled.ts';
import { ORDER_LABELS } from '../data/tables.ts';
import { KIND_IDS } from '../data/catalogue.ts';

export function summarizePlatoon(scn: PlatoonScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout, o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  const block = (name: string, s: number, labels: readonly string[]) => Object.fromEntries(labels.map((k, i) => [k, per(at(name, s * labels.length + i))]));
  const K = KIND_IDS.length, B = scn.plan.bins;
  const sides = scn.sideNames.map((name, s) => ({
    name,
    ordersPerGame: block('orders', s, ORDER_LABELS),
    orderTestsPerGame: block('orderTests', s, TEST_RESULTS),
    lossesPerGame: block('losses', s, LOSS_CAUSES),
    modelsLostPerGame: per(at('modelsLost', s)),
    pinsTakenPerGame: per(at('pinsTaken', s)),
    vehicleResultsPerGame: block('vehicleResults', s, VEHICLE_RESULTS),
    assaultsPerGame: block('assaults', s, ASSAULT_RESULTS),
    ambushShotsPerGame: per(at('ambushShots', s)),
    officerOrdersPerGame: per(at('officerOrders', s)),
    kinds: KIND_IDS.map((kind, k) => {
      const f = at(BLOCK.typeFielded, s * K + k);
      let dead = 0;
      for (let b = 0; b < B; b++) dead += at(BLOCK.typeCasualties, (s * K + k) * B + b);
      return { kind, fieldedPerGame: per(f), lossRate: round(f ? dead / f : 0), killsPerGame: per(at(BLOCK.typeKills, s * K + k)) };
    }).filter((r) => r.fieldedPerGame > 0),
  }));
  return {
    decidedBy: Object.fromEntries(DECIDED_BY.map((d, k) => [d, per(at('decidedBy', k))])),
    endTurn: Array.from({ length: scn.maxTurns }, (_, t) => per(at('endTurn', t))),
    sides,
  };
}
