/** Iron Squad summary details from merged accumulators (not in the hot loop). */
import { BLOCK } from '../../../tally-plan.ts';
import { round } from '../../../stats.ts';
import { ACTIONS, DECIDED_BY, VP_SOURCES } from '../compile.ts';
import type { IronScenario } from '../compiled.ts';
import { TYPE_LABELS } from '../data/units.ts';

export function summarizeIron(scn: IronScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout, steps = scn.plan.bins;
  const o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  const decidedBy = Object.fromEntries(DECIDED_BY.map((d, k) => [d, per(at('decidedBy', k))]));
  const K = TYPE_LABELS.length;
  const sides = scn.sideNames.map((name, s) => ({
    name,
    missionWinRate: per(at('missionWins', s)),
    vpBySource: Object.fromEntries(VP_SOURCES.map((v, k) => [v, per(at('vpSource', s * VP_SOURCES.length + k))])),
    actionsPerGame: Object.fromEntries(ACTIONS.map((a, k) => [a, per(at('actions', s * ACTIONS.length + k))])),
    types: TYPE_LABELS.map((t, k) => {
      const f = at(BLOCK.typeFielded, s * K + k);
      let dead = 0;
      for (let r = 0; r < steps; r++) dead += at(BLOCK.typeCasualties, (s * K + k) * steps + r);
      return { type: t, fieldedPerGame: per(f), casualtyRate: round(f ? dead / f : 0), killsPerGame: per(at(BLOCK.typeKills, s * K + k)), healthLostPerGame: per(at(BLOCK.typeCostLost, s * K + k)) };
    }).filter((r) => r.fieldedPerGame > 0),
  }));
  // Lethality by round, marked day or night: casualties per game in the round, split by whether it was night.
  const lethalityByRound = Array.from({ length: steps }, (_, t) => {
    const night = at('nightGames', t);
    const played = at('weather', t * 3) + at('weather', t * 3 + 1) + at('weather', t * 3 + 2);
    const day = played - night;
    const cas = (s: number) => at(BLOCK.casualties, s * steps + t);
    const nc = (s: number) => at('nightCasualties', s * steps + t);
    return {
      round: t + 1,
      nightShare: round(played ? night / played : 0),
      casualtiesPerNightRound: scn.sideNames.map((_, s) => round(night ? nc(s) / night : 0)),
      casualtiesPerDayRound: scn.sideNames.map((_, s) => round(day ? (cas(s) - nc(s)) / day : 0)),
    };
  });
  const hours = Array.from({ length: 12 }, (_, k) => {
    const n = at('hourGames', k);
    return { hour: `${String(2 * k).padStart(2, '0')}:00`, night: k >= 10 || k < 2, rounds: n, casualtiesPerRound: scn.sideNames.map((_, s) => round(n ? at('hourCasualties', s * 12 + k) / n : 0)) };
  });
  const out: Record<string, unknown> = { decidedBy, sides, lethalityByRound, lethalityByHour: hours };
  if (scn.solo) {
    out.solo = { localKillsPerGame: per(at('solo', 0)), regularKillsPerGame: per(at('solo', 1)), winRate: per(at('solo', 2)), meanScore: per(at('solo', 3)) };
  }
  return out;
}
