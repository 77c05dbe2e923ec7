/**
 * Where a Medic's health Rally or a Chaplain's psyche Rally goes (items 78, 79): the Medic
 * may transfer his +3 to one soldier within 3"; the Chaplain may apply his +2 to all the
 * friendly soldiers within 3" (not himself unless rules.rites_area_includes_self). A soldier
 * who must Rally after a breakdown (item 58) keeps the Rally. The policy decides (g.decide).
 */
import type { NcoGame } from './state.ts';
import { S_FIELD_MEDICINE, S_RELIGIOUS_RITES } from '../data/roster-types.ts';
import { heal } from './special.ts';
import { traceRites } from './trace-log.ts';
import { RC_FIELD_MEDICINE, RC_RELIGIOUS_RITES } from '../data/rule-counters.ts';

/** Reach of the Medic's and Chaplain's Rally transfer (items 78, 79). */
export const RALLY_TRANSFER_IN = 3;

/** A health Rally of `amount` by soldier i, to himself or (Medic) one friend within 3"; returns who got it. */
export function healthRally(g: NcoGame, i: number, amount: number): number {
  let to = i;
  if ((g.scn.skills[i] & S_FIELD_MEDICINE) !== 0 && !g.mustRally[i]) {
    to = g.decide.medicRallyTarget(g, i);
    if (to !== i && (to < 0 || !g.alive[to] || g.side[to] !== g.side[i] || g.rd[i * g.n + to] > RALLY_TRANSFER_IN)) to = i;
  }
  if (to !== i) g.count.rulesInPlay.add(g.side[i], RC_FIELD_MEDICINE);
  heal(g, to, amount, 0);
  return to;
}

/** A psyche Rally by a Chaplain applied to the friends within 3"; false when he keeps it himself. */
export function psycheRallyTransferred(g: NcoGame, i: number, amount: number): boolean {
  if ((g.scn.skills[i] & S_RELIGIOUS_RITES) === 0 || g.mustRally[i] || g.psyche[i] <= 0 || !g.decide.ritesTransfer(g, i)) return false;
  g.count.rulesInPlay.add(g.side[i], RC_RELIGIOUS_RITES);
  const self = g.scn.rules.rites_area_includes_self;
  let friends = 0;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] !== g.side[i]) continue;
    if (j === i ? self : g.rd[i * g.n + j] <= RALLY_TRANSFER_IN) { heal(g, j, 0, amount); friends++; }
  }
  if (g.trace !== null) traceRites(g, i, amount, friends);
  return true;
}
