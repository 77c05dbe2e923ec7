/** Platoon's own counters (engine/kit/counters.ts): label lists and what each count is. */
import { SIDES, type CounterDecls } from '../../../kit/counters.ts';
import { ORDER_LABELS } from './tables.ts';

export const TEST_RESULTS = ['passed', 'failed', 'friendlyFire', 'panic'] as const;
export const LOSS_CAUSES = ['shooting', 'morale', 'pins', 'closeQuarters', 'vehicleDamage', 'building'] as const;
export const VEHICLE_RESULTS = ['stunned', 'immobilised', 'onFire', 'knockedOut', 'turretJam'] as const;
export const ASSAULT_RESULTS = ['declared', 'fought', 'won', 'lost'] as const;
export const DECIDED_BY = ['vp', 'wipeout', 'draw'] as const;

/** The counters of a game of at most `turns.length` turns. */
export function platoonCounters(turns: readonly string[]) {
  return {
    orders: { axes: [SIDES, ORDER_LABELS], doc: 'sum of orders carried out, by the order finally executed (items 5–10)' },
    orderTests: { axes: [SIDES, TEST_RESULTS], doc: 'sum of order tests by result; friendly fire and panic are the FUBAR results (items 11–12, R1)' },
    losses: { axes: [SIDES, LOSS_CAUSES], doc: 'sum of units lost by cause (R2, R3, R18, R19, items 62–66)' },
    modelsLost: { axes: [SIDES], doc: 'sum of models (infantry) lost' },
    pinsTaken: { axes: [SIDES], doc: "sum of pins placed on the side's units (R2, R14, R16, R17)" },
    vehicleResults: { axes: [SIDES, VEHICLE_RESULTS], doc: 'sum of vehicle damage table results suffered (items 62–66, R17)' },
    assaults: { axes: [SIDES, ASSAULT_RESULTS], doc: 'sum of assaults by the side: declared, fought (contact made), won, lost (items 67–68, R19)' },
    ambushShots: { axes: [SIDES], doc: 'sum of Ambush shots fired (R5)' },
    ambushHalts: { axes: [SIDES], doc: "sum of the side's vehicles halted by Ambush fire (Stunned, Immobilised, On Fire put out), which stop where hit and take no further action (R5, items 63–65)" },
    officerOrders: { axes: [SIDES], doc: 'sum of extra orders passed on by officers (R4)' },
    decidedBy: { axes: [DECIDED_BY], doc: 'games decided on VP, by wiping out the enemy, or drawn' },
    endTurn: { axes: [turns], doc: 'games ending after each turn (R23)' },
  } satisfies CounterDecls;
}
export type PlatoonCounterDecls = ReturnType<typeof platoonCounters>;
