/** Skill-die's own counters (engine/kit/counters.ts): label lists and what each count is. */
import { SIDES, type CounterDecls } from '../../../kit/counters.ts';

export const ACTIONS = ['attacks', 'fanShots', 'blasts', 'reactions', 'secondMoves', 'targetSignals', 'mainEfforts', 'initiativeSignals', 'revives', 'ewScans', 'droneRuns', 'crewAssists'] as const;
export const A_ATTACK = 0, A_FAN = 1, A_BLAST = 2, A_REACT = 3, A_MOVE2 = 4, A_SIGNAL = 5, A_MAIN = 6, A_INIT = 7, A_REVIVE = 8, A_EW = 9, A_DRONE = 10, A_ASSIST = 11;
export const REVIVE_RESULTS = ['dead', 'noEffect', 'partial', 'full'] as const;
export const RV_DEAD = 0, RV_NONE = 1, RV_PARTIAL = 2, RV_FULL = 3;
export const SKILL_ROLLS = ['rolls', 'hits'] as const;

/** The counters of a game of `turns.length` turns. */
export function skillCounters(turns: readonly string[]) {
  return {
    actions: { axes: [SIDES, ACTIONS], doc: 'sum of actions taken, by kind' },
    skillRolls: { axes: [SIDES, SKILL_ROLLS], doc: 'sum of Skill rolls to attack and of hits (items 12, 18)' },
    reviveResults: { axes: [SIDES, REVIVE_RESULTS], doc: 'sum of medical revival results (item 30)' },
    initiativeFirst: { axes: [SIDES], doc: 'sum of turns in which the side played first (items 1–2)' },
    objectivesHeld: { axes: [SIDES], doc: 'sum of objectives held at the end (R20)' },
    endTurn: { axes: [turns], doc: 'games ending in each turn' },
  } satisfies CounterDecls;
}
export type SkillCounterDecls = ReturnType<typeof skillCounters>;
