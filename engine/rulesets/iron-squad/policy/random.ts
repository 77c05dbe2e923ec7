/**
 * The `random` player (issue 27, the measuring floor): every decision uniformly at random
 * among the legal ones, drawn from env.policy (g.prng) so the rules' dice stay paired with
 * the other players'. Per activation (items 21–22): reveal adjacent face-down tiles while a
 * coin says so and MP allow; fire before or after the move (a coin), at a uniformly random
 * enemy it can shoot or at none; move to a uniformly random hex its MP reach (staying put
 * included); MG and Sniper face a random vertex; a Medic heals his patient on a coin.
 * Allocation-free: candidates go through g.cand and g.foes.
 */
import { UNREACHED } from '../../../geometry/hex-path.ts';
import { shuffleRange } from '../../../dice.ts';
import { canShoot, fire, heal, medicPatient, mpAvailable, rallyAround } from '../rules/actions.ts';
import { preparePath, revealSlot, walk } from '../rules/moving.ts';
import { MAX_UNITS, type IronGame } from '../rules/state.ts';
import { T_CAPTAIN, T_MEDIC, T_MG, T_SNIPER } from '../data/units.ts';

/** Items 5–6: each unit on a uniformly random passable hex of the side's zone. */
export function deployRandom(g: IronGame, side: number, first: number, count: number): void {
  const zone = g.zoneHexes[side], b = g.board;
  let n = 0;
  for (let i = 0; i < zone.length; i++) if (b.enterCost[zone[i]] < 255) g.cand[n++] = zone[i];
  if (n === 0) return;
  for (let u = first; u < first + count; u++) g.hex[u] = g.cand[g.prng.below(n)];
}

/** Item 21: the side's living units in a uniformly random order. */
export function orderRandom(g: IronGame, side: number): void {
  let n = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] !== 0 && g.side[u] === side) g.order[n++] = u;
  shuffleRange(g.prng, g.order, 0, n);
  g.orderLen = n;
  g.orderPos = 0;
}

/** Item 15: reveals adjacent face-down tiles, one random slot at a time, while a coin says go on. */
function revealRandom(g: IronGame, u: number, mp: number): number {
  const cost = g.scn.rules.reveal_mp_cost;
  while (mp >= cost && g.prng.below(2) === 0) {
    const n = g.board.revealableSlots(g.hex[u], g.slots);
    if (n === 0 || !revealSlot(g, u, g.slots[g.prng.below(n)])) break;
    mp -= cost;
  }
  return mp;
}

/** Item 22: one shot at a uniformly random enemy u can shoot from where it stands, or none (one more choice). */
function fireRandom(g: IronGame, u: number): void {
  if (g.fired[u] !== 0 || g.alive[u] === 0) return;
  let n = 0;
  for (let e = 0; e < g.n; e++) {
    if (g.alive[e] !== 0 && g.side[e] !== g.side[u] && canShoot(g, u, g.hex[u], g.hex[e])) g.foes[n++] = e;
  }
  const k = g.prng.below(n + 1);
  if (k < n) fire(g, u, g.foes[k]);
}

/** A uniformly random hex within u's MP (its own included), walked to. */
function moveRandom(g: IronGame, u: number, mp: number): void {
  preparePath(g, u);
  const p = g.board.path;
  p.reach(g.hex[u], mp);
  let n = 0;
  for (let h = 0; h < g.board.grid.size; h++) if (p.cost[h] !== UNREACHED) g.cand[n++] = h;
  if (n === 0) return;
  const dest = g.cand[g.prng.below(n)];
  if (dest === g.hex[u]) return;
  walk(g, u, p.pathTo(dest, g.path));
}

/** Items 21–22: one unit's activation in random order of its legal choices. */
export function activateRandom(g: IronGame, u: number): void {
  g.activated[u] = 1;
  // R16 "activation": the rules, not a choice: the Captain rallies as his activation begins.
  if (g.scn.rallyOnActivation && g.type[u] === T_CAPTAIN && g.local[u] === 0) rallyAround(g, u);
  let mp = mpAvailable(g, u);
  mp = revealRandom(g, u, mp);
  const fireFirst = g.prng.below(2) === 0;
  if (fireFirst) fireRandom(g, u);
  if (mp > 0 && g.alive[u] !== 0) moveRandom(g, u, mp);
  if (!fireFirst) fireRandom(g, u);
  if (g.alive[u] === 0) return;
  const ty = g.type[u];
  if ((ty === T_MG || ty === T_SNIPER) && g.local[u] === 0) g.facing[u] = g.prng.below(6);
  const m = medicPatient(g, u);
  if (m >= 0 && g.prng.below(2) === 0) heal(g, u, m);
}

/** R15: each of the side's Medics heals his patient in reach on a coin (at turn start, or during the enemy's turn). */
export function medicsRandom(g: IronGame, side: number): void {
  const medics = g.byType, at = T_MEDIC * MAX_UNITS;
  for (let k = 0; k < g.typeCount[T_MEDIC]; k++) {
    const m = medics[at + k];
    if (g.alive[m] === 0 || g.side[m] !== side) continue;
    const u = medicPatient(g, m);
    if (u >= 0 && g.prng.below(2) === 0) heal(g, m, u);
  }
}
