/**
 * The small arms and heavy weapons tables (digest items 31–57) and the HE table (58–61),
 * as flat arrays indexed by weapon number so the hot loop reads numbers only.
 */

/** Weapon special rules as bits. */
export const ASSAULT = 1;
export const TEAM = 2;
export const FIXED = 4;
export const SHAPED = 8;
export const ONE_SHOT = 16;
export const FLAMER = 32;
export const INDIRECT = 64;
export const HOWITZER = 128;

/** Shots codes: a positive number is fixed; these mean D6 and D6+1 (flamethrowers). */
export const SHOTS_D6 = -1;
export const SHOTS_D6P1 = -2;

interface WeaponRow {
  id: string;
  label: string;
  item: number;
  /** Maximum range (inches); for howitzers the direct-fire range. */
  range: number;
  /** Minimum range for indirect fire (0 = none). */
  minRange: number;
  /** Indirect maximum range (howitzers; mortars use `range`). */
  indirectRange: number;
  shots: number;
  /** Penetration; 0 = none ("–"), and HE weapons' pen is their HE size. */
  pen: number;
  /** HE diameter in inches (0 = no HE). */
  he: number;
  flags: number;
}

const W: WeaponRow[] = [
  { id: 'rifle', label: 'Rifle', item: 31, range: 24, minRange: 0, indirectRange: 0, shots: 1, pen: 0, he: 0, flags: 0 },
  { id: 'pistol', label: 'Pistol', item: 32, range: 6, minRange: 0, indirectRange: 0, shots: 1, pen: 0, he: 0, flags: ASSAULT },
  { id: 'smg', label: 'Submachine gun', item: 33, range: 12, minRange: 0, indirectRange: 0, shots: 2, pen: 0, he: 0, flags: ASSAULT },
  { id: 'auto-rifle', label: 'Automatic rifle', item: 34, range: 30, minRange: 0, indirectRange: 0, shots: 2, pen: 0, he: 0, flags: 0 },
  { id: 'assault-rifle', label: 'Assault rifle', item: 35, range: 18, minRange: 0, indirectRange: 0, shots: 2, pen: 0, he: 0, flags: ASSAULT },
  { id: 'lmg', label: 'Light machine gun', item: 36, range: 36, minRange: 0, indirectRange: 0, shots: 4, pen: 0, he: 0, flags: TEAM },
  { id: 'mmg', label: 'Medium machine gun', item: 37, range: 36, minRange: 0, indirectRange: 0, shots: 5, pen: 0, he: 0, flags: TEAM | FIXED },
  { id: 'hmg', label: 'Heavy machine gun', item: 38, range: 36, minRange: 0, indirectRange: 0, shots: 3, pen: 1, he: 0, flags: TEAM | FIXED },
  { id: 'light-autocannon', label: 'Light automatic cannon', item: 39, range: 48, minRange: 0, indirectRange: 0, shots: 2, pen: 2, he: 1, flags: TEAM | FIXED },
  { id: 'heavy-autocannon', label: 'Heavy automatic cannon', item: 40, range: 72, minRange: 0, indirectRange: 0, shots: 2, pen: 3, he: 1, flags: TEAM | FIXED },
  { id: 'at-rifle', label: 'Anti-tank rifle', item: 41, range: 36, minRange: 0, indirectRange: 0, shots: 1, pen: 2, he: 0, flags: TEAM },
  { id: 'piat', label: 'PIAT', item: 42, range: 12, minRange: 0, indirectRange: 0, shots: 1, pen: 5, he: 0, flags: TEAM | SHAPED },
  { id: 'bazooka', label: 'Bazooka', item: 43, range: 24, minRange: 0, indirectRange: 0, shots: 1, pen: 5, he: 0, flags: TEAM | SHAPED },
  { id: 'panzerschreck', label: 'Panzerschreck', item: 44, range: 24, minRange: 0, indirectRange: 0, shots: 1, pen: 6, he: 0, flags: TEAM | SHAPED },
  { id: 'panzerfaust', label: 'Panzerfaust', item: 45, range: 12, minRange: 0, indirectRange: 0, shots: 1, pen: 6, he: 0, flags: ONE_SHOT | SHAPED },
  { id: 'light-at-gun', label: 'Light AT gun', item: 46, range: 48, minRange: 0, indirectRange: 0, shots: 1, pen: 4, he: 1, flags: TEAM | FIXED },
  { id: 'medium-at-gun', label: 'Medium AT gun', item: 47, range: 60, minRange: 0, indirectRange: 0, shots: 1, pen: 5, he: 1, flags: TEAM | FIXED },
  { id: 'heavy-at-gun', label: 'Heavy AT gun', item: 48, range: 72, minRange: 0, indirectRange: 0, shots: 1, pen: 6, he: 2, flags: TEAM | FIXED },
  { id: 'super-heavy-at-gun', label: 'Super-heavy AT gun', item: 49, range: 84, minRange: 0, indirectRange: 0, shots: 1, pen: 7, he: 3, flags: TEAM | FIXED },
  { id: 'flamethrower', label: 'Flamethrower (infantry)', item: 50, range: 6, minRange: 0, indirectRange: 0, shots: SHOTS_D6, pen: 3, he: 0, flags: TEAM | FLAMER },
  { id: 'vehicle-flamethrower', label: 'Flamethrower (vehicle)', item: 51, range: 12, minRange: 0, indirectRange: 0, shots: SHOTS_D6P1, pen: 3, he: 0, flags: FLAMER },
  { id: 'light-mortar', label: 'Light mortar', item: 52, range: 24, minRange: 12, indirectRange: 24, shots: 1, pen: 1, he: 1, flags: TEAM | INDIRECT },
  { id: 'medium-mortar', label: 'Medium mortar', item: 53, range: 60, minRange: 12, indirectRange: 60, shots: 1, pen: 2, he: 2, flags: TEAM | FIXED | INDIRECT },
  { id: 'heavy-mortar', label: 'Heavy mortar', item: 54, range: 72, minRange: 12, indirectRange: 72, shots: 1, pen: 3, he: 3, flags: TEAM | FIXED | INDIRECT },
  { id: 'light-howitzer', label: 'Light howitzer', item: 55, range: 48, minRange: 24, indirectRange: 60, shots: 1, pen: 2, he: 2, flags: TEAM | FIXED | HOWITZER },
  { id: 'medium-howitzer', label: 'Medium howitzer', item: 56, range: 60, minRange: 30, indirectRange: 72, shots: 1, pen: 3, he: 3, flags: TEAM | FIXED | HOWITZER },
  { id: 'heavy-howitzer', label: 'Heavy howitzer', item: 57, range: 72, minRange: 36, indirectRange: 84, shots: 1, pen: 4, he: 4, flags: TEAM | FIXED | HOWITZER },
];

export const WEAPON_IDS = W.map((w) => w.id);
export const WEAPON_LABELS = W.map((w) => w.label);
export const WEAPON_ITEM = Int32Array.from(W.map((w) => w.item));
export const W_RANGE = Float64Array.from(W.map((w) => w.range));
export const W_MIN_RANGE = Float64Array.from(W.map((w) => w.minRange));
export const W_INDIRECT_RANGE = Float64Array.from(W.map((w) => w.indirectRange));
export const W_SHOTS = Int32Array.from(W.map((w) => w.shots));
export const W_PEN = Int32Array.from(W.map((w) => w.pen));
export const W_HE = Int32Array.from(W.map((w) => w.he));
export const W_FLAGS = Int32Array.from(W.map((w) => w.flags));

/**
 * Items 69–71: whether weapon w shooting infantry in a building uses the HE row (no to-hit
 * modifier, HE hits at the HE pen, no extra protection, collapse) rather than the
 * heavy-weapons row. HE-only weapons (mortars, howitzers) always do; weapons with a pen
 * above their HE (AT guns, autocannons) per `dual_purpose_at_building`; others never.
 */
export function heRowAtBuilding(w: number, dualPurpose: 'he' | 'heavy'): boolean {
  return W_HE[w] > 0 && (W_PEN[w] <= W_HE[w] || dualPurpose === 'he');
}

export const weaponIndex = (id: string): number => WEAPON_IDS.indexOf(id);
export const WPN_RIFLE = weaponIndex('rifle');
export const WPN_PISTOL = weaponIndex('pistol');
export const WPN_SMG = weaponIndex('smg');
export const WPN_AUTO_RIFLE = weaponIndex('auto-rifle');
export const WPN_ASSAULT_RIFLE = weaponIndex('assault-rifle');
export const WPN_LMG = weaponIndex('lmg');
export const WPN_MMG = weaponIndex('mmg');
export const WPN_HMG = weaponIndex('hmg');
export const WPN_PANZERFAUST = weaponIndex('panzerfaust');

/**
 * Items 58–61, HE table, indexed by HE diameter 1..4: pen (= diameter), pins (dice code),
 * and hits against targets in buildings. Dice codes: [count, sides, plus].
 */
export const HE_PEN = Int32Array.of(0, 1, 2, 3, 4);
/** Pins: D2, D3, D3, D6. */
export const HE_PIN_SIDES = Int32Array.of(0, 2, 3, 3, 6);
/** Hits against targets in buildings: D3, D6, 2D6, 3D6 as (count, sides). */
export const HE_BLD_COUNT = Int32Array.of(0, 1, 1, 2, 3);
export const HE_BLD_SIDES = Int32Array.of(0, 3, 6, 6, 6);
