/** Iron Squad's own counters (engine/kit/counters.ts): label lists and what each count is. */
import { SIDES, type CounterDecls } from '../../../kit/counters.ts';
import { WEATHER_LABELS } from '../rules/time.ts';

/** VP sources (counter vpSource; rules/actions.ts VS_*). */
export const VP_SOURCES = ['reveal', 'explore', 'objective', 'health', 'kill', 'attacker-hit'] as const;
export const VS_REVEAL = 0, VS_EXPLORE = 1, VS_OBJECTIVE = 2, VS_HP = 3, VS_KILL = 4, VS_BACKFIRE = 5;
/** Actions (counter actions). */
export const ACTIONS = ['shots', 'opportunity', 'grenades', 'rallies', 'heals', 'reveals', 'explores', 'spawns'] as const;
export const AC_SHOT = 0, AC_OPP = 1, AC_GRENADE = 2, AC_RALLY = 3, AC_HEAL = 4, AC_REVEAL = 5, AC_EXPLORE = 6, AC_SPAWN = 7;
/** How a game was decided (item 24): g.val[3] indexes this. */
export const DECIDED_BY = ['mission', 'vp', 'units', 'health', 'tiles', 'buildings', 'draw'] as const;
export const SOLO = ['localKills', 'regularKills', 'wins', 'score'] as const;
export const SOLO_LOCAL = 0, SOLO_REGULAR = 1, SOLO_WINS = 2, SOLO_SCORE = 3;
/** Clock hours a round may start at (item 8), two hours apart. */
export const HOURS = Array.from({ length: 12 }, (_, k) => `${String(2 * k).padStart(2, '0')}:00`);

/** The counters of a game of `rounds.length` rounds. */
export function ironCounters(rounds: readonly string[]) {
  return {
    nightGames: { axes: [rounds], doc: 'games in which the round was a night round (items 49, 64)' },
    nightCasualties: { axes: [SIDES, rounds], doc: 'sum of units killed in the round, counting only games where it was night' },
    healthLost: { axes: [SIDES, rounds], doc: 'sum of health points lost in the round' },
    nightHealthLost: { axes: [SIDES, rounds], doc: 'sum of health points lost in the round, counting only games where it was night' },
    hourGames: { axes: [HOURS], doc: 'rounds played starting at each clock hour (item 8)' },
    hourCasualties: { axes: [SIDES, HOURS], doc: 'sum of units killed in rounds starting at each clock hour' },
    hourHealthLost: { axes: [SIDES, HOURS], doc: 'sum of health points lost in rounds starting at each clock hour' },
    weather: { axes: [rounds, WEATHER_LABELS], doc: 'games by the weather of each round (items 20, 65–66)' },
    decidedBy: { axes: [DECIDED_BY], doc: 'games decided by a mission, by VP, by each tie-break (item 24), or drawn' },
    missionWins: { axes: [SIDES], doc: 'games a side won by completing its mission (items 23, 69, R8)' },
    vpSource: { axes: [SIDES, VP_SOURCES], doc: 'sum of VP by source (item 68, R11)' },
    actions: { axes: [SIDES, ACTIONS], doc: 'sum of actions taken' },
    endRound: { axes: [rounds], doc: 'games ending in each round' },
    solo: { axes: [SOLO], doc: 'solo scenario: sums of Local and Regular units killed, wins, and the solo score (R20)' },
  } satisfies CounterDecls;
}
export type IronCounterDecls = ReturnType<typeof ironCounters>;
