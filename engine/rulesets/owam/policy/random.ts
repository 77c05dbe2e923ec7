/**
 * The `random` policy's activation: at each of its 2 Standard Actions a uniformly random
 * legal choice (on env.policy) among the hand's playable orders, an Engineering Action or
 * a pass, and a random playable Command Decision now and then.
 */
import { CD, SO_ATTACK, SO_ENTRENCH, SO_MANEUVER, SO_RALLY } from '../data/cards.ts';
import { attack, canAttack } from '../rules/attack.ts';
import { canMoveTo, canStealth, entrenchAction, maneuver, rallyAction, stealthAction, suppressedIn, discardRedraw, canPlaceTerrain, placeTerrain, recognize, transfer } from '../rules/actions.ts';
import { findCd, handCard } from '../rules/ccs.ts';
import { actOfValor, attention, doubleTime, intelligence, lastStand, luckyShot, reconCard, regroup, smoke } from '../rules/cds.ts';
import { mayAct } from '../rules/game.ts';
import type { OwamGame } from '../rules/state.ts';

export function randomActivate(g: OwamGame, f: number): void {
  const side = g.sideOfFt(f);
  for (let e = (1 - side) * 4; e < (1 - side) * 4 + 4; e++) if (g.fAlive[e] && g.fStealth[e] && g.fCell[e] >= 0 && g.prng.below(2) === 0) recognize(g, f, e);
  randomCd(g, f);
  for (let a = 0; a < 2; a++) {
    if (!mayAct(g) || !g.fAlive[f] || g.fCell[f] < 0) return;
    const n = g.handN[g.player(side)];
    if (n === 0) return;
    const pick = g.prng.below(n + 2);
    if (pick >= n) { // an Engineering Action or a pass
      if (pick === n && canStealth(g, f) && n > 1) stealthAction(g, f, g.prng.below(n));
      else if (pick === n && n > 1) { g.tmp[0] = g.prng.below(n); discardRedraw(g, side, g.tmp, 1); }
      else if (pick === n + 1 && g.fSize[f] > 1) randomTransfer(g, f);
      continue;
    }
    const c = handCard(g, side, pick), so = g.cat.so[c];
    if (so === SO_ATTACK) {
      const e = randomEnemy(g, f);
      if (e >= 0) attack(g, f, e, pick);
    } else if (so === SO_MANEUVER) {
      let k = 0;
      for (let d = 0; d < g.cells; d++) if (canMoveTo(g, f, d)) g.cand[k++] = d;
      if (k > 0) maneuver(g, f, g.fDest[f] >= 0 ? g.fDest[f] : g.cand[g.prng.below(k)], pick);
    } else if (so === SO_RALLY && suppressedIn(g, f) > 0) rallyAction(g, f, pick);
    else if (so === SO_ENTRENCH && !g.entrench[g.fCell[f]]) entrenchAction(g, f, pick);
    else if (g.cat.terrain[c] >= 0) {
      let k = 0;
      for (let d = 0; d < g.cells; d++) if (canPlaceTerrain(g, f, d, false)) g.cand[k++] = d;
      if (k > 0) placeTerrain(g, side, pick, g.cand[g.prng.below(k)], false);
    }
  }
}

/** Item 43 Transfer: one random soldier to a random adjacent friendly FT. */
function randomTransfer(g: OwamGame, f: number): void {
  const side = g.sideOfFt(f);
  for (let o = side * 4; o < side * 4 + 4; o++) {
    if (o === f || !g.fAlive[o] || g.fCell[o] < 0 || g.handN[g.player(side)] === 0) continue;
    if (transfer(g, f, o, g.member(f, g.prng.below(g.fSize[f])), g.prng.below(g.handN[g.player(side)]))) return;
  }
}

function randomEnemy(g: OwamGame, f: number): number {
  const side = g.sideOfFt(f);
  let k = 0;
  for (let e = (1 - side) * 4; e < (1 - side) * 4 + 4; e++) if (canAttack(g, f, e)) g.tmp2[k++] = e;
  return k === 0 ? -1 : g.tmp2[g.prng.below(k)];
}

/** One random CD among those the random player can aim (a quarter of activations). */
function randomCd(g: OwamGame, f: number): void {
  if (g.prng.below(4) !== 0) return;
  const side = g.sideOfFt(f);
  const e = randomEnemy(g, f);
  const kind = g.prng.below(9);
  if (kind === 0 && e >= 0) { const i = findCd(g, side, CD.act_of_valor); if (i >= 0) actOfValor(g, side, i, g.member(f, 0), e); }
  else if (kind === 1) { const i = findCd(g, side, CD.attention); if (i >= 0) attention(g, side, i, f); }
  else if (kind === 2 && e >= 0) { const i = findCd(g, side, CD.lucky_shot); if (i >= 0) luckyShot(g, side, i, f, e); }
  else if (kind === 3) { const i = findCd(g, side, CD.last_stand); if (i >= 0) lastStand(g, side, i, f); }
  else if (kind === 4) { const i = findCd(g, side, CD.smoke); if (i >= 0) smoke(g, side, i, f, g.fCell[f]); }
  else if (kind === 5 && g.fDest[f] >= 0) { const i = findCd(g, side, CD.double_time); if (i >= 0) doubleTime(g, side, i, f); }
  else if (kind === 6) { const i = findCd(g, side, CD.regroup); if (i >= 0 && g.trackLen > 1) regroup(g, side, i, f, g.track[g.prng.below(g.trackLen)]); }
  else if (kind === 7) { const i = findCd(g, side, CD.intelligence); if (i >= 0 && g.handN[g.player(1 - side)] > 0) intelligence(g, side, i, g.prng.below(g.handN[g.player(1 - side)])); }
  else if (kind === 8) {
    const i = findCd(g, side, CD.recon);
    if (i < 0) return;
    let k = 0;
    for (let d = 0; d < g.cells; d++) if (canPlaceTerrain(g, f, d, true)) g.cand[k++] = d;
    if (k === 0 || g.handN[g.player(side)] < 2 || !reconCard(g, side, i)) return;
    placeTerrain(g, side, g.prng.below(g.handN[g.player(side)]), g.cand[g.prng.below(k)], true);
  }
}

