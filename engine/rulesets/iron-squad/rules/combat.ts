/**
 * The accuracy formula (items 42–51): FA = 35 + TAM + EAM + DAM + HAM + NAM + DRM, read on
 * the result table. Integer arguments only, so nothing boxes in the hot loop.
 */
import { DAM, DRM, EAM, HAM, START_ACCURACY, TAM, hamColumn, resultIndex } from '../data/units.ts';

export const ELEV_LEVEL = 0;
export const ELEV_FAVOUR = 1;
export const ELEV_AGAINST = 2;
export const ELEVATION_IDS = ['level', 'in-favour', 'against'] as const;

/** EAM case from the two hex levels (item 45): higher attacker in favour, lower against. */
export function elevationCase(attackerLevel: number, targetLevel: number): number {
  return attackerLevel > targetLevel ? ELEV_FAVOUR : attackerLevel < targetLevel ? ELEV_AGAINST : ELEV_LEVEL;
}

/**
 * Accuracy before the die: 35 + TAM + EAM + DAM + HAM + NAM. `tamCol` −1 = no TAM,
 * `hp`/`local` give the HAM column, `nightMod` is 0 by day.
 */
export function baseAccuracy(weapon: number, tamCol: number, elev: number, dist: number, hp: number, local: boolean, nightMod: number): number {
  let fa = START_ACCURACY + DAM[weapon * 5 + dist] + nightMod;
  if (tamCol >= 0) fa += TAM[weapon * 4 + tamCol];
  if (elev === ELEV_FAVOUR) fa += EAM[weapon * 2];
  else if (elev === ELEV_AGAINST) fa += EAM[weapon * 2 + 1];
  const h = hamColumn(hp, local);
  if (h >= 0) fa += HAM[weapon * 4 + h];
  return fa;
}

/** Result index (0..7) of a base accuracy plus a die face 1..8 and an extra modifier (grenade splash). */
export function resultFor(base: number, face: number, extra: number): number {
  return resultIndex(base + DRM[face - 1] + extra);
}

/**
 * Probability of each result (0..7) for base accuracy `base` + `extra` under the luck die
 * `weights` (faces 1..8), written into out[0..7]. For tests, odds and expected-damage scoring.
 */
export function resultDistribution(base: number, extra: number, weights: ArrayLike<number>, out: Float64Array): void {
  let total = 0;
  for (let f = 0; f < 8; f++) total += weights[f];
  out.fill(0, 0, 8);
  for (let f = 0; f < 8; f++) out[resultFor(base, f + 1, extra)] += weights[f] / total;
}
