import { z } from 'zod';
import { LUCK_DIE_IDS, TAM_COLUMN_IDS, UNIT_IDS } from './units.ts';

const perType = (def: number, min: number, max: number) =>
  z.object(Object.fromEntries(UNIT_IDS.map((id) => [id, z.number().int().min(min).max(max).default(def).describe(`Value for the ${id} unit type.`)])) as Record<(typeof UNIT_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({});

/**
 * Every ASSUMED default of the Iron Squad digest (R1–R23) and the decisions beyond it
 * (docs/rules/iron-squad.md), as one validated `rules` object with snake_case names.
 */
export const ironRulesSchema = z
  .object({
    // Items 9, 67: the luck die for the die-roll modifier, fixed for the game.
    luck_die: z.enum(LUCK_DIE_IDS as [string, ...string[]]).default('d8').describe('Luck die for the die-roll modifier, fixed for the game: a plain D8 or a weighted 1–8 die (items 9, 50, 67; R21).'),
    // Item 19.
    rounds: z.number().int().min(1).max(12).default(12).describe('Game length in rounds of 2 hours (item 19).'),
    // R1: MP per unit type, Rain and marker penalties, floor 0.
    mp_by_type: perType(12, 0, 30).describe('Movement points per unit type (R1 ASSUMED: 12 each).'),
    rain_mp_penalty: z.number().int().min(0).max(12).default(2).describe('MP lost in Rain (item 65, R1).'),
    marker_mp_penalty: z.number().int().min(0).max(12).default(4).describe('MP lost by a unit carrying a −4MP result marker (item 51, R1).'),
    // R13: −4MP markers do not stack.
    mp_penalty_stacks: z.boolean().default(false).describe('Whether −4MP markers stack (R13 ASSUMED: no; MP never below 0).'),
    // R2: range per unit type (Gun 2, Rifle 3, MG 3, Grenade 2, Sniper 4).
    range_by_type: z
      .object({
        captain: z.number().int().min(0).max(4).default(2).describe('Captain (Gun row).'), rifleman: z.number().int().min(0).max(4).default(3).describe('Rifleman (Rifle row; item 63).'),
        'machine-gunner': z.number().int().min(0).max(4).default(3).describe('Machine Gunner (Machine Gun row).'), 'grenade-thrower': z.number().int().min(0).max(4).default(2).describe('Grenade Thrower (Grenade row).'),
        engineer: z.number().int().min(0).max(4).default(2).describe('Engineer (Gun row; item 63).'), sniper: z.number().int().min(0).max(4).default(4).describe('Sniper (Sniper row; items 62–63).'),
        medic: z.number().int().min(0).max(4).default(2).describe('Medic (Gun row).'),
      })
      .strict()
      .prefault({}).describe('Weapon range in hexes per unit type, read from the DAM table (R2 ASSUMED: Gun 2, Rifle 3, MG 3, Grenade 2, Sniper 4).'),
    // R3: TAM column for a target on Hills.
    hills_tam_column: z.enum(TAM_COLUMN_IDS).default('clear').describe('TAM column used for a target on Hills (R3 ASSUMED).'),
    // Item 49: NAM.
    night_modifier: z.number().int().min(-20).max(0).default(-3).describe('Night accuracy modifier (NAM) added to final accuracy (item 49).'),
    // R14: Fog −1 range, never below this.
    fog_range_penalty: z.number().int().min(0).max(4).default(1).describe('Hexes of range lost in Fog (item 65).'),
    fog_min_range: z.number().int().min(0).max(4).default(1).describe('Range in Fog never drops below this many hexes (R14 ASSUMED).'),
    // R5: unrevealed hexes block LOS (and are never entered).
    unrevealed_blocks_los: z.boolean().default(true).describe('Unrevealed hexes block line of sight (they are never entered) (R5 ASSUMED).'),
    // R6: Local units from Explore cards.
    local_health: z.number().int().min(1).max(5).default(3).describe('Health of a Local unit spawned from an Explore card (item 54, R6 ASSUMED).'),
    local_mp: z.number().int().min(0).max(30).default(12).describe('Movement points of a Local unit (R6 ASSUMED).'),
    local_range: z.number().int().min(1).max(4).default(3).describe('Weapon range in hexes of a Local unit (Rifle row, R6 ASSUMED).'),
    // Decision D1: a Local at 1 HP ("Wounded") is not immobilised (only normal units have the Immobilized state).
    local_immobile_at_1: z.boolean().default(false).describe('Whether a Local at 1 HP (Wounded) is immobilised like a normal unit (decision D1: no).'),
    // R7: each Building explored once; MO +1 VP once per hex per player.
    building_explore_once: z.boolean().default(true).describe('Each Building can be explored once per game; after that it is a plain building (R7 ASSUMED).'),
    explore_mp_cost: z.number().int().min(0).max(5).default(1).describe('Extra MP to explore a Building on entering it (item 17).'),
    reveal_mp_cost: z.number().int().min(0).max(5).default(1).describe('MP a unit spends to reveal an adjacent hidden tile (item 15).'),
    // Item 18: the Explore deck.
    explore_deck_empty: z.number().int().min(0).max(40).default(20).describe('Empty cards in the Explore deck (item 18).'),
    explore_deck_units_per_nation: z.number().int().min(0).max(4).default(2).describe('Explore cards per nation that add a Local unit (item 18).'),
    // R8: missions.
    mission_mode: z.enum(['control_and_kill', 'none']).default('control_and_kill').describe('Secret missions: hold an enemy-half Mission Objective and kill a unit type, or none (play for VP) (items 69–70, R8 ASSUMED).'),
    // R19: the "full information" debug mode: policies may read the enemy's secret mission
    // (policy `deny_weight` then guards its objective hex). Hidden by default.
    full_information: z.boolean().default(false).describe('Debug mode: policies may read the enemy\'s secret mission (R19; off by default).'),
    mission_fallback_kills: z.number().int().min(1).max(7).default(2).describe('Kills that count instead when the enemy did not field the mission\'s unit type (R8 ASSUMED).'),
    // R10: Sniper opportunity attacks.
    sniper_opp_per_enemy_turn: z.number().int().min(0).max(5).default(1).describe('Opportunity attacks per Sniper per enemy turn (R10 ASSUMED).'),
    sniper_opp_max_roll: z.number().int().min(0).max(8).default(4).describe('D8 rolls up to this let a Sniper\'s opportunity attack go ahead (R10 ASSUMED: 1–4).'),
    sniper_area_depth: z.number().int().min(1).max(6).default(4).describe('Depth in hexes of the Sniper\'s area in front of him (R10 ASSUMED: 4, 14 hexes).'),
    // R11: an "A −1H" gives the defender's side +1 VP.
    attacker_hit_gives_vp: z.boolean().default(true).describe('An "A −1H" result also gives the defender\'s side +1 VP (R11 ASSUMED).'),
    // R12: grenade splash.
    splash_same_hex: z.number().int().min(-40).max(0).default(-13).describe('Accuracy modifier for a grenade splash victim in the target\'s hex (item 58, R12).'),
    splash_adjacent: z.number().int().min(-40).max(0).default(-20).describe('Accuracy modifier for a grenade splash victim in an adjacent hex (item 58, R12).'),
    splash_recompute_tam: z.boolean().default(false).describe('Whether each splash victim\'s TAM is recomputed from its own hex (R12 ASSUMED: no).'),
    // R15: Medic heal and cap; R16 Captain rally at turn start; decision D2: rally also lifts a Shaken Local.
    medic_heal: z.number().int().min(0).max(5).default(2).describe('Health a Medic restores once per round (item 60, R15).'),
    // R15/G15: true lets a Medic who has not healed this round heal during the enemy's turn
    // too ("any time during the round"): see policy.ts medicsReact for when he does.
    medic_reactive: z.boolean().default(false).describe('A Medic who has not healed this round may also heal during the enemy\'s turn (item 60 "any time"; R15 ASSUMED: no).'),
    // R16/G16: "turn_start" = before any activation (ASSUMED); "activation" = at the
    // Captain's own activation, before he moves (units that moved to him first count).
    captain_rally_phase: z.enum(['turn_start', 'activation']).default('turn_start').describe('When the Captain rallies: at turn start before any activation, or at his own activation before he moves (item 56, R16 ASSUMED).'),
    rally_locals: z.boolean().default(true).describe('The Captain\'s rally also lifts a Shaken Local (decision D2).'),
    // R17: Engineer-cleared hexes cost at most this.
    engineer_path_cap: z.number().int().min(1).max(5).default(3).describe('MP cap of a hex on the Engineer\'s path this round, for friends following him (item 57, R17).'),
    // Item 61: Rifleman pays at most this per hex.
    rifleman_cost_cap: z.number().int().min(1).max(5).default(4).describe('Most MP a Rifleman pays for any hex (item 61).'),
    // Item 68: VP values.
    vp_reveal: z.number().int().min(0).max(10).default(1).describe('VP for revealing a tile (item 68).'),
    vp_explore: z.number().int().min(0).max(10).default(1).describe('VP for exploring a Building (item 68).'),
    vp_objective: z.number().int().min(0).max(10).default(1).describe('VP for entering a Mission-Objective hex, once per hex per player (item 68, R7).'),
    vp_per_hp: z.number().int().min(0).max(10).default(1).describe('VP per Health point knocked off an enemy (item 68).'),
    vp_kill: z.number().int().min(0).max(20).default(3).describe('VP for killing an enemy unit (item 68).'),
    // R20: the solo score = VP + hp bonus × remaining HP − penalty × units lost.
    solo_hp_bonus: z.number().int().min(0).max(10).default(1).describe('Solo score: points per remaining player Health point (R20 ASSUMED).'),
    solo_lost_unit_penalty: z.number().int().min(0).max(10).default(3).describe('Solo score: points lost per player unit lost (R20 ASSUMED).'),
    solo_locals_to_kill: z.number().int().min(1).max(4).default(3).describe('Solo win: Locals the player must kill (item 75).'),
    solo_regulars_for_kill_mission: z.number().int().min(1).max(7).default(3).describe('Solo win: regular enemy units to kill for a kill mission (item 75).'),
  })
  .strict();

export type IronRules = z.output<typeof ironRulesSchema>;
