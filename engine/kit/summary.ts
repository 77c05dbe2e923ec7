/**
 * The per-game summary every ruleset gets from its declarations (results' summary.details):
 * each declared counter per game, and per unit type fielded, loss rate and kills. A ruleset's
 * own `summarize` adds only what these cannot say (ratios of counters, derived curves).
 */
import { BLOCK } from '../tally-plan.ts';
import { round } from '../stats.ts';
import type { CompiledScenario } from '../ruleset.ts';

export function kitDetails(scn: CompiledScenario, acc: Float64Array): Record<string, unknown> {
  const plan = scn.plan, l = plan.layout, o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const out: Record<string, unknown> = {};
  if (scn.counters) out.counters = scn.counters.summary(acc, (n) => l.offset(n), games);
  const types = plan.spec.types;
  if (types && types.length > 0) {
    const K = types.length, B = plan.bins;
    const at = (name: string, i: number): number => acc[l.offset(name) + i];
    out.types = Object.fromEntries(scn.sideNames.map((name, s) => [name, types.map((type, k) => {
      const fielded = at(BLOCK.typeFielded, s * K + k);
      let lost = 0;
      for (let b = 0; b < B; b++) lost += at(BLOCK.typeCasualties, (s * K + k) * B + b);
      return { type, fieldedPerGame: round(games ? fielded / games : 0), lossRate: round(fielded ? lost / fielded : 0), killsPerGame: round(games ? at(BLOCK.typeKills, s * K + k) / games : 0) };
    }).filter((r) => r.fieldedPerGame > 0)]));
  }
  return out;
}
