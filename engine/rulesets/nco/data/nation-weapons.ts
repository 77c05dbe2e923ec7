/**
 * R22 (G29, item 48): the optional Nation-Specific weapon table, all ASSUMED. Off by default
 * (`rules.nation_specific_weapons`); every number is a parameter of `rules.nation_specific_table`.
 * compileWeaponStats turns the generic stats (weapons.ts) plus this table into the per-scenario
 * arrays the engine reads (range, dice, close-combat and wound modifiers).
 */
import { z } from 'zod';
import {
  W_AS_COVER_FIRE, W_CC_MOD, W_HIT_DICE, W_RANGE, W_WOUND_MOD, WEAPON_COUNT,
  W_SEMI_AUTO, W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_SHOTGUN,
} from './weapons.ts';

interface NsDefaults { range_in: number; hit_dice: number; hit_dice_moved: number; cc_mod: number; wound_mod: number; cost: number; cover_fire_after_move: boolean }

function nsWeapon(d: NsDefaults) {
  return z.strictObject({
    /** Effective range in inches. */
    range_in: z.number().int().min(1).max(48).default(d.range_in).describe('Effective range in inches.'),
    /** To-hit dice per target when the shooter has not moved this turn (each hit wounded separately, item 39). */
    hit_dice: z.number().int().min(1).max(2).default(d.hit_dice).describe('To-hit dice per target when the shooter has not moved this turn (each hit wounded separately, item 39).'),
    /** To-hit dice per target when the shooter has moved this turn (the semi-automatic rifle's "when not moving"). */
    hit_dice_moved: z.number().int().min(1).max(2).default(d.hit_dice_moved).describe('To-hit dice per target when the shooter has moved this turn.'),
    /** Close-combat courage modifier (item 65). */
    cc_mod: z.number().int().min(-3).max(3).default(d.cc_mod).describe('Close-combat courage modifier (item 65).'),
    /** Wound-roll modifier (item 54). */
    wound_mod: z.number().int().min(0).max(3).default(d.wound_mod).describe('Wound-roll modifier (item 54).'),
    /** Extra cost for ranks that take it "at cost" (the Sergeant's is free), from the soldier's pool. */
    cost: z.number().int().min(0).max(50).default(d.cost).describe('Extra cost, from the soldier\'s pool, for ranks that take it at cost (the Sergeant\'s is free).'),
    /** false: a soldier who has moved this turn cannot make a Cover Fire attack with it (the BAR, docs/rules/nco.md R22). */
    cover_fire_after_move: z.boolean().default(d.cover_fire_after_move).describe('false: a soldier who has moved this turn cannot Cover Fire with it (the BAR, R22).'),
  }).prefault({});
}

/** rules.nation_specific_table, defaults from R22. */
export const nationSpecificTableSchema = z.strictObject({
  semi_automatic_rifle: nsWeapon({ range_in: 20, hit_dice: 2, hit_dice_moved: 1, cc_mod: 0, wound_mod: 0, cost: 3, cover_fire_after_move: true }).describe('Semi-automatic rifle (R22 ASSUMED: 20", 2 dice when not moving, +3).'),
  assault_rifle: nsWeapon({ range_in: 18, hit_dice: 2, hit_dice_moved: 2, cc_mod: 1, wound_mod: 0, cost: 5, cover_fire_after_move: true }).describe('Assault rifle (R22 ASSUMED: 18", 2 dice, +1 close-combat courage, +5).'),
  automatic_rifle: nsWeapon({ range_in: 24, hit_dice: 2, hit_dice_moved: 2, cc_mod: 0, wound_mod: 0, cost: 4, cover_fire_after_move: false }).describe('BAR / automatic rifle (R22 ASSUMED: 24", 2 dice, no Cover Fire after moving, +4).'),
  shotgun: nsWeapon({ range_in: 8, hit_dice: 1, hit_dice_moved: 1, cc_mod: 0, wound_mod: 1, cost: 2, cover_fire_after_move: true }).describe('Shotgun (R22 ASSUMED: 8", +1 wound, +2).'),
}).prefault({});

export type NationSpecificTable = z.output<typeof nationSpecificTableSchema>;
export type NationSpecificStats = NationSpecificTable['shotgun'];

/** Roster weapon id → table key, in weapon-code order (W_SEMI_AUTO..W_SHOTGUN). */
export const NS_TABLE_KEYS = {
  'semi-automatic-rifle': 'semi_automatic_rifle',
  'assault-rifle': 'assault_rifle',
  'automatic-rifle': 'automatic_rifle',
  shotgun: 'shotgun',
} as const satisfies Record<string, keyof NationSpecificTable>;
export type NsWeaponId = keyof typeof NS_TABLE_KEYS;
const NS_CODES = [W_SEMI_AUTO, W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_SHOTGUN] as const;

/** The table entry for a Nation-Specific weapon id, or undefined for any other weapon. */
export function nsStats(table: NationSpecificTable, weapon: string): NationSpecificStats | undefined {
  const key = (NS_TABLE_KEYS as Record<string, keyof NationSpecificTable>)[weapon];
  return key === undefined ? undefined : table[key];
}

/** Per-scenario weapon stats, indexed by weapon code (weapons.ts). */
export interface WeaponStats {
  readonly range: Int32Array;
  readonly dice: Int32Array;
  /** Dice when the shooter has moved this turn (differs only for the semi-automatic rifle by default). */
  readonly diceMoved: Int32Array;
  readonly ccMod: Int32Array;
  readonly woundMod: Int32Array;
  /** 1: no Cover Fire attack by a shooter who has moved this turn (R22 BAR). */
  readonly noCoverFireMoved: Uint8Array;
}

export function compileWeaponStats(table: NationSpecificTable): WeaponStats {
  const s: WeaponStats = {
    range: Int32Array.from(W_RANGE), dice: Int32Array.from(W_HIT_DICE), diceMoved: Int32Array.from(W_HIT_DICE),
    ccMod: Int32Array.from(W_CC_MOD), woundMod: Int32Array.from(W_WOUND_MOD), noCoverFireMoved: new Uint8Array(WEAPON_COUNT),
  };
  const keys = Object.values(NS_TABLE_KEYS);
  for (let k = 0; k < NS_CODES.length; k++) {
    const w = NS_CODES[k], t = table[keys[k]];
    if (W_AS_COVER_FIRE[w]) throw new Error('a Nation-Specific weapon never resolves as Cover Fire');
    s.range[w] = t.range_in;
    s.dice[w] = t.hit_dice;
    s.diceMoved[w] = t.hit_dice_moved;
    s.ccMod[w] = t.cc_mod;
    s.woundMod[w] = t.wound_mod;
    s.noCoverFireMoved[w] = t.cover_fire_after_move ? 0 : 1;
  }
  return s;
}
