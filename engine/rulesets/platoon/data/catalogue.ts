/**
 * R22: the ASSUMED starting catalogue (unit kinds, models, weapons, points by quality).
 * Every cost here is an assumption of the digest, to be tuned by the balance measurements.
 */
import { MV_ARTILLERY, MV_HALFTRACK, MV_INFANTRY, MV_TRACKED, MV_WHEELED, VC_ARMOURED_CAR, VC_HEAVY, VC_LIGHT, VC_MEDIUM, VC_NONE, VC_SOFT, VC_SUPER_HEAVY } from './tables.ts';

export interface KindRow {
  id: string;
  /** Officer rank 1..4, or 0. */
  rank: number;
  /** Models fielded (the section's base size; teams and guns their crew). */
  models: number;
  /** The unit's own weapon (teams, guns, officers' default), or '' for a section of rifles. */
  weapon: string;
  /** Points Inexperienced / Regular / Veteran. */
  cost: readonly [number, number, number];
  move: number;
  vehicle: number;
  /** Vehicle weapons after the main one (MMGs); the first of `vehicleWeapons` is in the turret with the main gun. */
  vehicleWeapons: readonly string[];
  turret: boolean;
  small: boolean;
  recce: boolean;
  openTopped: boolean;
  /** A team in R10's sense (a "small unit" when ≤3 models). */
  team: boolean;
}

const inf = (id: string, models: number, weapon: string, cost: [number, number, number], team = true): KindRow => ({
  id, rank: 0, models, weapon, cost, move: MV_INFANTRY, vehicle: VC_NONE, vehicleWeapons: [], turret: false, small: false, recce: false, openTopped: false, team,
});
const gun = (id: string, models: number, weapon: string, cost: [number, number, number]): KindRow => ({ ...inf(id, models, weapon, cost), move: MV_ARTILLERY });
const officer = (id: string, rank: number, cost: [number, number, number]): KindRow => ({ ...inf(id, 1, 'pistol', cost, false), rank });
const veh = (id: string, vehicle: number, move: number, weapon: string, extra: string[], cost: [number, number, number], o: Partial<KindRow> = {}): KindRow => ({
  id, rank: 0, models: 1, weapon, cost, move, vehicle, vehicleWeapons: extra, turret: true, small: false, recce: false, openTopped: false, team: false, ...o,
});

export const KINDS: readonly KindRow[] = [
  inf('infantry-section', 5, 'rifle', [35, 50, 65], false),
  officer('second-lieutenant', 1, [35, 50, 65]),
  officer('first-lieutenant', 2, [60, 75, 90]),
  officer('captain', 3, [85, 100, 115]),
  officer('major', 4, [110, 125, 140]),
  inf('mmg-team', 3, 'mmg', [35, 50, 65]),
  inf('hmg-team', 3, 'hmg', [50, 70, 90]),
  inf('light-mortar-team', 2, 'light-mortar', [21, 30, 39]),
  inf('medium-mortar-team', 3, 'medium-mortar', [35, 50, 65]),
  inf('heavy-mortar-team', 4, 'heavy-mortar', [46, 65, 84]),
  inf('at-rifle-team', 2, 'at-rifle', [21, 30, 39]),
  inf('piat-team', 2, 'piat', [35, 50, 65]),
  inf('bazooka-team', 2, 'bazooka', [42, 60, 78]),
  inf('panzerschreck-team', 2, 'panzerschreck', [49, 70, 91]),
  inf('flamethrower-team', 2, 'flamethrower', [35, 50, 65]),
  gun('light-at-gun', 3, 'light-at-gun', [40, 50, 60]),
  gun('medium-at-gun', 3, 'medium-at-gun', [60, 75, 90]),
  gun('heavy-at-gun', 4, 'heavy-at-gun', [96, 120, 144]),
  gun('super-heavy-at-gun', 5, 'super-heavy-at-gun', [148, 185, 222]),
  gun('light-howitzer', 3, 'light-howitzer', [44, 55, 66]),
  gun('medium-howitzer', 4, 'medium-howitzer', [60, 75, 90]),
  gun('heavy-howitzer', 5, 'heavy-howitzer', [88, 110, 132]),
  veh('soft-skin-truck', VC_SOFT, MV_WHEELED, '', [], [25, 30, 35], { turret: false, openTopped: true }),
  // Decision beyond R22: an armoured half-track carrier (7+, item 29 "carrier") with one MMG.
  veh('half-track-carrier', VC_ARMOURED_CAR, MV_HALFTRACK, 'mmg', [], [68, 85, 102], { turret: false, openTopped: true }),
  veh('armoured-car', VC_ARMOURED_CAR, MV_WHEELED, 'hmg', ['mmg'], [80, 100, 120], { small: true, recce: true }),
  veh('light-tank', VC_LIGHT, MV_TRACKED, 'light-at-gun', ['mmg'], [96, 120, 144]),
  veh('medium-tank', VC_MEDIUM, MV_TRACKED, 'medium-at-gun', ['mmg', 'mmg'], [156, 195, 234]),
  veh('heavy-tank', VC_HEAVY, MV_TRACKED, 'heavy-at-gun', ['mmg', 'mmg'], [256, 320, 384]),
  veh('super-heavy-tank', VC_SUPER_HEAVY, MV_TRACKED, 'super-heavy-at-gun', ['mmg', 'mmg'], [400, 500, 600]),
];

export const KIND_IDS = KINDS.map((k) => k.id);
export const K_SECTION = 0;
export const K_TRUCK = KIND_IDS.indexOf('soft-skin-truck');
export const K_ARMOURED_CAR = KIND_IDS.indexOf('armoured-car');

/** Section and officer options (R22). */
export const SECTION_MIN = 5;
export const SECTION_MAX = 10;
export const EXTRA_MAN_COST = [7, 10, 13] as const;
export const ATTENDANT_COST = [7, 10, 13] as const;
export const UPGRADE_COST = { smg: 3, assault_rifle: 5, auto_rifle: 3, lmg: 20, panzerfaust: 5, truck_mmg: 15 } as const;
export const UPGRADE_MAX = { smg: 2, lmg: 1, panzerfaust: 2, attendants: 2 } as const;

/** Upgrade ids a cost override may name (besides the unit kinds). */
export const UPGRADE_IDS = ['extra-man', 'attendant', 'smg', 'assault_rifle', 'auto_rifle', 'lmg', 'panzerfaust', 'truck_mmg'] as const;
export type UpgradeId = (typeof UPGRADE_IDS)[number];

/**
 * The catalogue's prices with `rules.cost_overrides` applied: a kind's override is its
 * Regular cost, and Inexperienced / Veteran keep their printed ratio to Regular (rounded);
 * extra men and attendants likewise; the other upgrades cost the same at every quality.
 */
export class Prices {
  private readonly kindCost: number[][];
  private readonly perQuality: Record<'extra-man' | 'attendant', number[]>;
  private readonly flat: Record<string, number>;
  constructor(overrides: Readonly<Record<string, number>> = {}) {
    const scaled = (printed: readonly number[], regular: number | undefined): number[] =>
      regular === undefined ? [...printed] : printed.map((c, q) => (q === 1 ? regular : Math.round((c * regular) / printed[1])));
    this.kindCost = KINDS.map((k) => scaled(k.cost, overrides[k.id]));
    this.perQuality = { 'extra-man': scaled(EXTRA_MAN_COST, overrides['extra-man']), attendant: scaled(ATTENDANT_COST, overrides.attendant) };
    this.flat = Object.fromEntries(Object.entries(UPGRADE_COST).map(([k, c]) => [k, overrides[k] ?? c]));
  }
  /** Kind k at quality q (0 inexperienced, 1 regular, 2 veteran). */
  kind(k: number, q: number): number {
    return this.kindCost[k][q];
  }
  extraMan(q: number): number {
    return this.perQuality['extra-man'][q];
  }
  attendant(q: number): number {
    return this.perQuality.attendant[q];
  }
  upgrade(id: keyof typeof UPGRADE_COST): number {
    return this.flat[id];
  }
  /** A feature's Regular price: a kind id or an upgrade id. */
  regular(id: string): number {
    const k = KIND_IDS.indexOf(id);
    if (k >= 0) return this.kindCost[k][1];
    if (id === 'extra-man' || id === 'attendant') return this.perQuality[id][1];
    return this.flat[id];
  }
}

/** Checks a cost_overrides object's keys; returns the first unknown key, or ''. */
export function unknownCostKey(overrides: Readonly<Record<string, number>>): string {
  for (const k of Object.keys(overrides)) if (!KIND_IDS.includes(k) && !(UPGRADE_IDS as readonly string[]).includes(k)) return k;
  return '';
}
