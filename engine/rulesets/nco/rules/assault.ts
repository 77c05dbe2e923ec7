/**
 * Assault and close combat (items 26, 30, 59, 61–65, R6, R20, R21), and the Snapped
 * soldier's assault.
 */
import { traceCloseCombat } from './trace-log.ts';
import { RC_CLOSE_COMBAT, RC_SNAP } from '../data/rule-counters.ts';
import { O_FIRE, O_NONE, SA_NONE, type NcoGame } from './state.ts';
import { takeDie } from './dice-bag.ts';

/** The router stops at the contact distance up to rounding; accept that as contact. */
const CONTACT_TOLERANCE = 1e-6;
import { S_FIGHTING_INSTINCT } from '../data/roster-types.ts';
import { W_HE, W_PISTOL } from '../data/weapons.ts';
import { kill, forceDown } from './damage.ts';
import { fireAt, F_RESPONSE, effectiveRange } from './shooting.ts';
import { moveSoldier } from './movement.ts';
import { qualifiesForSpecial } from './special.ts';
import { extraMagazineReactive } from './items.ts';

/** Courage a soldier adds in close combat (item 65, R20). */
export function ccCourage(g: NcoGame, i: number): number {
  if (g.health[i] === 1 || g.psyche[i] === 0) return 0; // items 56, 57
  let c = g.courage[i] + g.courageMod[i];
  const p = g.primary[i];
  let w = g.scn.weapons.ccMod[p]; // assault rifle +1 (R22)
  if (g.scn.pistol[i] && p !== W_PISTOL) {
    const pm = g.scn.weapons.ccMod[W_PISTOL];
    if (g.scn.rules.cc_best_weapon && pm > w) w = pm;
  }
  c += w;
  if ((g.scn.skills[i] & S_FIGHTING_INSTINCT) !== 0) c += 1; // item 77
  return c;
}

/**
 * Fights to the death (items 61–64): each round both roll D6 + courage; the loser loses
 * the difference in health and fights on at courage 0 (sticky: R20); a tie kills both.
 */
export function closeCombat(g: NcoGame, a: number, b: number): void {
  g.count.rulesInPlay.add(g.side[a], RC_CLOSE_COMBAT);
  if (g.trace !== null) traceCloseCombat(g, a, b);
  let za = false, zb = false;
  const sticky = g.scn.rules.cc_loser_zero_sticky;
  for (;;) {
    const ta = g.rng.d6() + (za ? 0 : ccCourage(g, a));
    const tb = g.rng.d6() + (zb ? 0 : ccCourage(g, b));
    if (ta === tb) {
      kill(g, a, b);
      kill(g, b, a);
      return;
    }
    if (ta > tb) {
      g.health[b] -= ta - tb;
      if (g.health[b] <= 0) return kill(g, b, a);
      zb = true;
      if (!sticky) za = false;
    } else {
      g.health[a] -= tb - ta;
      if (g.health[a] <= 0) return kill(g, a, b);
      za = true;
      if (!sticky) zb = false;
    }
  }
}

/** The weapon a soldier uses to respond to an Assault: never the HE weapon (item 46). */
function responseWeapon(g: NcoGame, i: number, charger: number): number {
  let w = g.primary[i];
  if (w === W_HE) w = g.scn.pistol[i] ? W_PISTOL : 0;
  const d = g.rd[i * g.n + charger];
  if (w !== 0 && d > effectiveRange(g, w, 0)) {
    w = g.scn.pistol[i] && d <= effectiveRange(g, W_PISTOL, 0) ? W_PISTOL : 0;
  }
  if (w !== 0 && g.easyJam[i] && w === g.primary[i]) w = 0;
  return w;
}

/**
 * An Assault on `target` moving up to `budget` (items 26, 30). `special` marks the
 * Special-phase action, whose response needs an unused special action (item 30, R7).
 * Returns true if close combat took place.
 */
export function assault(g: NcoGame, charger: number, target: number, budget: number, special: boolean): boolean {
  if (g.scn.rules.assault_requires_los && !g.los(charger, target)) return false; // R6
  if (g.primary[charger] === W_HE) g.primary[charger] = g.scn.pistol[charger] ? W_PISTOL : 0; // item 46: drops the HE
  const canRespond = special
    ? g.specialDone[target] === SA_NONE && qualifiesForSpecial(g, target)
    : g.order[target] === O_NONE && !g.mustDown[target]; // items 85, 93: he must take Down
  if (canRespond && g.alive[target] && g.los(target, charger)) {
    const w = responseWeapon(g, target, charger);
    if (w !== 0 && g.decide.wantsAssaultResponse(g, target, charger, w)) {
      if (special) g.specialDone[target] = 1;
      else takeDie(g, target, O_FIRE); // responding takes one of his dice as a Fire order (item 26)
      fireAt(g, target, charger, w, F_RESPONSE);
      if (g.alive[charger]) extraMagazineReactive(g, target);
      if (!g.alive[charger]) return false;
      if (g.brokenNow[charger]) return false; // R6: broken by the response: charge cancelled, he is Down
    }
  }
  if (!g.alive[target]) return false;
  const contact = 2 * g.r + 0.01;
  g.router.arg[0] = contact;
  moveSoldier(g, charger, target, budget, true);
  if (!g.alive[charger] || g.down[charger]) return false; // stopped by an Ambush hit (item 32)
  if (g.dd[charger * g.n + target] > contact + CONTACT_TOLERANCE) return false; // R6: fell short, no combat
  closeCombat(g, charger, target);
  return true;
}

/**
 * A Snapped soldier (item 59) assaults the nearest visible soldier, friend or foe, moving
 * 2×M; the target may respond as usual. If he reaches the target both are removed as
 * casualties; otherwise he goes Down with his psyche restored to full.
 */
export function snap(g: NcoGame, i: number): void {
  g.count.rulesInPlay.add(g.side[i], RC_SNAP);
  let best = -1, bestD = 1e9;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || !g.los(i, j)) continue;
    const d = g.dd[i * g.n + j];
    if (d < bestD) { bestD = d; best = j; }
  }
  g.brokenNow[i] = 1; // while snapping, further psyche loss has no effect
  if (best >= 0) {
    const target = best;
    if (g.order[target] === O_NONE && !g.mustDown[target]) {
      const w = responseWeapon(g, target, i);
      if (w !== 0 && g.decide.wantsAssaultResponse(g, target, i, w)) {
        takeDie(g, target, O_FIRE);
        fireAt(g, target, i, w, F_RESPONSE);
        if (!g.alive[i]) return;
      }
    }
    if (g.alive[target]) {
      const contact = 2 * g.r + 0.01;
      g.router.arg[0] = contact;
      moveSoldier(g, i, target, 2 * (g.moveIn[i] + g.moveMod), true);
      if (g.alive[i] && g.dd[i * g.n + target] <= contact + CONTACT_TOLERANCE) {
        kill(g, target, i);
        kill(g, i, target);
        return;
      }
    }
  }
  if (!g.alive[i]) return;
  forceDown(g, i);
  g.psyche[i] = g.maxPsyche[i];
  g.brokenNow[i] = 0;
}
