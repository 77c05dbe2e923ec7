/** NCO-specific summary fields from merged accumulators (not in the hot loop). */
import { round } from '../../../stats.ts';
import { BLOCK } from '../../../tally-plan.ts';
import type { NcoScenario } from '../compiled.ts';
import { PROFILE_IDS } from '../data/roster-types.ts';

export function summarizeNco(scn: NcoScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout;
  const games = acc[l.offset('outcome')] + acc[l.offset('outcome') + 1] + acc[l.offset('outcome') + 2];
  const fielded = l.offset(BLOCK.typeFielded), kills = l.offset(BLOCK.typeKills), pc = l.offset(BLOCK.typeCasualties);
  const steps = scn.plan.bins;
  const profiles = scn.sideNames.map((name, s) => {
    const rows: Record<string, unknown>[] = [];
    for (let p = 0; p < PROFILE_IDS.length; p++) {
      const f = acc[fielded + s * 14 + p];
      if (f === 0) continue;
      let dead = 0;
      for (let t = 0; t < steps; t++) dead += acc[pc + (s * 14 + p) * steps + t];
      rows.push({ profile: PROFILE_IDS[p], fieldedPerGame: round(f / games), casualtyRate: round(dead / f), killsPerGame: round(acc[kills + s * 14 + p] / games) });
    }
    return { name, profiles: rows };
  });
  return { profiles };
}
