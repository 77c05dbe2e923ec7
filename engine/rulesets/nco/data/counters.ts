/**
 * NCO's own counters (engine/kit/counters.ts): label lists and what each count is. The rules
 * write them through g.count handles (`g.count.actions.add(side, AC_MEND)`); the declaration
 * order is the layout order.
 */
import { SIDES, type CounterDecls } from '../../../kit/counters.ts';
import { BONUS_KINDS, EVENT_KINDS } from '../scenarios/definitions.ts';
import { RULE_COUNTERS } from './rule-counters.ts';

/** Orders carried out (items 19–28) and special actions (items 29–32, 20). */
export const ACTIONS = ['down', 'rally', 'cover-fire', 'fire', 'advance', 'run', 'assault', 'focus-fire', 'sa-assault', 'mend', 'ambush', 'reactive-down'] as const;
/** The orders O_DOWN … O_RUN count at order − 1; O_ASSAULT at AC_ASSAULT. */
export const AC_ASSAULT = 6, AC_FOCUS_FIRE = 7, AC_SA_ASSAULT = 8, AC_MEND = 9, AC_AMBUSH = 10, AC_REACTIVE_DOWN = 11;

/** The counters of a game of `turns` turns. */
export function ncoCounters(turns: number) {
  return {
    scenarioBonus: { axes: [SIDES, BONUS_KINDS], doc: 'sum of scenario bonus VP (items 104–113) by side and kind; included in the score' },
    objectiveEvents: { axes: [SIDES, EVENT_KINDS], doc: 'sum of scenario objective events by side' },
    gameLength: { axes: [Array.from({ length: turns }, (_, t) => `turn ${t + 1}`)], doc: 'games whose last turn played was turn t (variable end, immediate ends, wipe-outs)' },
    rulesInPlay: { axes: [SIDES, RULE_COUNTERS], doc: 'sum of the times each rule fired, by side (events count for both sides)' },
    actions: { axes: [SIDES, ACTIONS], doc: 'sum of orders and special actions taken' },
  } satisfies CounterDecls;
}
export type NcoCounterDecls = ReturnType<typeof ncoCounters>;
