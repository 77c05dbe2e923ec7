/** Which weapon a soldier may fire in a given situation (items 22, 41–47, 95). */
import type { NcoGame } from './state.ts';
import { W_AS_COVER_FIRE, W_NO_ADVANCE, W_NO_COVER_FIRE, W_PISTOL } from '../data/weapons.ts';
import { effectiveRange, F_ADVANCE, F_COVER_ORDER, hitChance, hitDice } from './shooting.ts';

/** The primary weapon if it can fire now (not jammed by the Easy event), else 0. */
function primaryUsable(g: NcoGame, i: number): number {
  const w = g.primary[i];
  return w !== 0 && !g.easyJam[i] ? w : 0;
}

/** Weapon an ambusher fires with: primary when usable, else pistol. */
export function ambushWeapon(g: NcoGame, i: number): number {
  const w = primaryUsable(g, i);
  if (w !== 0) return w;
  return g.scn.pistol[i] ? W_PISTOL : 0;
}

/**
 * The best weapon for soldier i to fire at `target` under `flags` (Advance forbids LMG and
 * HE: items 43, 46; Cover Fire forbids the pistol: item 44), by chance of at least one
 * hit × dice. Returns 0 when nothing can reach. Writes the chance into g.lastChance.
 */
export function bestWeapon(g: NcoGame, i: number, target: number, flags: number): number {
  const d = g.rd[i * g.n + target];
  let best = 0, bestV = 0;
  const p = primaryUsable(g, i);
  // R22: the BAR cannot Cover Fire once its carrier has moved this turn (docs/rules/nco.md R22).
  const noCover = W_NO_COVER_FIRE[p] === 1 || (g.scn.weapons.noCoverFireMoved[p] === 1 && g.moved[i] === 1);
  if (p !== 0 && !((flags & F_ADVANCE) !== 0 && W_NO_ADVANCE[p]) && !((flags & F_COVER_ORDER) !== 0 && noCover)) {
    if (d <= effectiveRange(g, p, flags)) {
      const c = hitChance(g, i, target, p, flags);
      const dice = (flags & F_ADVANCE) !== 0 ? g.scn.weapons.diceMoved[p] : hitDice(g, i, p); // an Advance shot follows the move
      const v = c * dice * (W_AS_COVER_FIRE[p] ? 11 : 10); // integer score: 1296ths × dice × 10
      if (v > bestV) { bestV = v; best = p; }
    }
  }
  if (g.scn.pistol[i] && p !== W_PISTOL && (flags & F_COVER_ORDER) === 0 && d <= effectiveRange(g, W_PISTOL, flags)) {
    const c = hitChance(g, i, target, W_PISTOL, flags) * 10;
    if (c > bestV) { bestV = c; best = W_PISTOL; }
  }
  g.lastChance = bestV;
  return best;
}
