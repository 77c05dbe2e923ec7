/**
 * Iron Squad summary details the kit cannot derive (kit/summary.ts gives every counter per
 * game and the per-type table): health lost per game by type, and lethality by round (day or
 * night) and by clock hour.
 */
import { BLOCK } from '../../../tally-plan.ts';
import { round } from '../../../stats.ts';
import type { IronScenario } from '../compiled.ts';
import { HOURS } from '../data/counters.ts';
import { TYPE_LABELS } from '../data/units.ts';

export function summarizeIron(scn: IronScenario, acc: Float64Array): Record<string, unknown> {
  const l = scn.plan.layout, steps = scn.plan.bins;
  const o = l.offset(BLOCK.outcome);
  const games = acc[o] + acc[o + 1] + acc[o + 2];
  const per = (x: number): number => round(games ? x / games : 0);
  const at = (name: string, i: number): number => acc[l.offset(name) + i];
  const K = TYPE_LABELS.length;
  const healthLostPerGame = Object.fromEntries(scn.sideNames.map((name, s) => [name, Object.fromEntries(
    TYPE_LABELS.map((t, k) => [t, per(at(BLOCK.typeCostLost, s * K + k))] as const).filter((_, k) => at(BLOCK.typeFielded, s * K + k) > 0),
  )]));
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
  const lethalityByHour = HOURS.map((hour, k) => {
    const n = at('hourGames', k);
    return { hour, night: k >= 10 || k < 2, rounds: n, casualtiesPerRound: scn.sideNames.map((_, s) => round(n ? at('hourCasualties', s * 12 + k) / n : 0)) };
  });
  return { healthLostPerGame, lethalityByRound, lethalityByHour };
}
