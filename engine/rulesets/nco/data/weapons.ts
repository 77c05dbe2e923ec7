/**
 * NCO generic weapons (rulebook "Generic Weapon Stats & Effects", digest items 40–47).
 * Codes are small integers used in typed state; never strings after compile.
 */
export const W_NONE = 0;
export const W_RIFLE = 1;
export const W_SCOPED = 2;
export const W_SMG = 3;
export const W_LMG = 4;
export const W_PISTOL = 5;
export const W_FLAMER = 6;
export const W_HE = 7;
export const W_GRENADE = 8;
/** R22 (ASSUMED, off by default): Nation-Specific weapons; stats per game come from nation-weapons.ts. */
export const W_SEMI_AUTO = 9;
export const W_ASSAULT_RIFLE = 10;
export const W_AUTO_RIFLE = 11;
export const W_SHOTGUN = 12;
export const WEAPON_COUNT = 13;

export const WEAPON_IDS = ['none', 'rifle', 'scoped-rifle', 'smg', 'lmg', 'pistol', 'flamethrower', 'he', 'grenade',
  'semi-automatic-rifle', 'assault-rifle', 'automatic-rifle', 'shotgun'] as const;
export type WeaponId = (typeof WEAPON_IDS)[number];

/**
 * Stats below are the generic ones plus R22's defaults for codes 9–12; the engine reads range, dice,
 * close-combat and wound modifiers per game from `scn.weapons` (nation-weapons.ts), which the table can change.
 */
/** Effective range in inches (item 40–47). */
export const W_RANGE = Int32Array.of(0, 20, 30, 12, 24, 12, 12, 16, 8, 20, 18, 24, 8);
/** To-hit dice per target: SMG and LMG roll two (items 42, 43). */
export const W_HIT_DICE = Int32Array.of(0, 1, 1, 2, 2, 1, 1, 1, 1, 2, 2, 2, 1);
/** Close-combat courage modifier (items 42–44, 65). */
export const W_CC_MOD = Int32Array.of(0, 0, 0, 1, -1, 1, 0, 0, 0, 0, 1, 0, 0);
/** Wound-roll modifier (item 54). */
export const W_WOUND_MOD = Int32Array.of(0, 0, 0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 1);
/** Extra psyche lost by a soldier wounded by this weapon (item 54, R17). */
export const W_EXTRA_PSYCHE = Int32Array.of(0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0);
/** 1 if Fire / Focus Fire with it resolves as Cover Fire (items 43, 45–47). */
export const W_AS_COVER_FIRE = Uint8Array.of(0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0);
/** To-hit modifier when it resolves as Cover Fire: normal −2, LMG −1 (item 43), HE −2 (item 46). */
export const W_COVER_FIRE_MOD = Int32Array.of(0, -2, -2, -2, -1, -2, 0, -2, 0, -2, -2, -2, -2);
/** 1 if it ignores every other to-hit modifier (flamethrower, HE, grenade: items 45–47). */
export const W_NO_MODIFIERS = Uint8Array.of(0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0);
/** 1 if it cannot fire during an Advance (LMG, HE: items 43, 46). */
export const W_NO_ADVANCE = Uint8Array.of(0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0);
/** 1 if it may not execute a Cover Fire order (pistol: item 44). */
export const W_NO_COVER_FIRE = Uint8Array.of(0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0);
/** 1 if Focus Fire with it is a plain Fire (SMG, pistol: items 42, 44). */
export const W_FOCUS_IS_FIRE = Uint8Array.of(0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0);

export function weaponCode(id: string): number {
  const i = (WEAPON_IDS as readonly string[]).indexOf(id);
  if (i < 0) throw new Error(`unknown weapon ${id}`);
  return i;
}
