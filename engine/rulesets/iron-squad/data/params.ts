import { z } from 'zod';
import { LUCK_DIE_IDS, TAM_COLUMN_IDS, UNIT_IDS } from './units.ts';

const perType = (def: number, min: number, max: number) =>
  z.object(Object.fromEntries(UNIT_IDS.map((id) => [id, z.number().int().min(min).max(max).default(def)])) as Record<(typeof UNIT_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({});

/**
 * Every ASSUMED default of the Iron Squad digest (R1–R23) and the decisions beyond it
 * (docs/rules/iron-squad.md), as one validated `rules` object with snake_case names.
 */
export const ironRulesSchema = z
  .object({
    // Items 9, 67: the luck die for the die-roll modifier, fixed for the game.
    luck_die: z.enum(LUCK_DIE_IDS as [string, ...string[]]).default('d8'),
    // Item 19.
    rounds: z.number().int().min(1).max(12).default(12),
    // R1: MP per unit type, Rain and marker penalties, floor 0.
    mp_by_type: perType(12, 0, 30),
    rain_mp_penalty: z.number().int().min(0).max(12).default(2),
    marker_mp_penalty: z.number().int().min(0).max(12).default(4),
    // R13: −4MP markers do not stack.
    mp_penalty_stacks: z.boolean().default(false),
    // R2: range per unit type (Gun 2, Rifle 3, MG 3, Grenade 2, Sniper 4).
    range_by_type: z
      .object({
        captain: z.number().int().min(0).max(4).default(2), rifleman: z.number().int().min(0).max(4).default(3),
        'machine-gunner': z.number().int().min(0).max(4).default(3), 'grenade-thrower': z.number().int().min(0).max(4).default(2),
        engineer: z.number().int().min(0).max(4).default(2), sniper: z.number().int().min(0).max(4).default(4),
        medic: z.number().int().min(0).max(4).default(2),
      })
      .strict()
      .prefault({}),
    // R3: TAM column for a target on Hills.
    hills_tam_column: z.enum(TAM_COLUMN_IDS).default('clear'),
    // Item 49: NAM.
    night_modifier: z.number().int().min(-20).max(0).default(-3),
    // R14: Fog −1 range, never below this.
    fog_range_penalty: z.number().int().min(0).max(4).default(1),
    fog_min_range: z.number().int().min(0).max(4).default(1),
    // R5: unrevealed hexes block LOS (and are never entered).
    unrevealed_blocks_los: z.boolean().default(true),
    // R6: Local units from Explore cards.
    local_health: z.number().int().min(1).max(5).default(3),
    local_mp: z.number().int().min(0).max(30).default(12),
    local_range: z.number().int().min(1).max(4).default(3),
    // Decision D1: a Local at 1 HP ("Wounded") is not immobilised (only normal units have the Immobilized state).
    local_immobile_at_1: z.boolean().default(false),
    // R7: each Building explored once; MO +1 VP once per hex per player.
    building_explore_once: z.boolean().default(true),
    explore_mp_cost: z.number().int().min(0).max(5).default(1),
    reveal_mp_cost: z.number().int().min(0).max(5).default(1),
    // Item 18: the Explore deck.
    explore_deck_empty: z.number().int().min(0).max(40).default(20),
    explore_deck_units_per_nation: z.number().int().min(0).max(4).default(2),
    // R8: missions.
    mission_mode: z.enum(['control_and_kill', 'none']).default('control_and_kill'),
    // R19: the "full information" debug mode: policies may read the enemy's secret mission
    // (policy `deny_weight` then guards its objective hex). Hidden by default.
    full_information: z.boolean().default(false),
    mission_fallback_kills: z.number().int().min(1).max(7).default(2),
    // R10: Sniper opportunity attacks.
    sniper_opp_per_enemy_turn: z.number().int().min(0).max(5).default(1),
    sniper_opp_max_roll: z.number().int().min(0).max(8).default(4),
    sniper_area_depth: z.number().int().min(1).max(6).default(4),
    // R11: an "A −1H" gives the defender's side +1 VP.
    attacker_hit_gives_vp: z.boolean().default(true),
    // R12: grenade splash.
    splash_same_hex: z.number().int().min(-40).max(0).default(-13),
    splash_adjacent: z.number().int().min(-40).max(0).default(-20),
    splash_recompute_tam: z.boolean().default(false),
    // R15: Medic heal and cap; R16 Captain rally at turn start; decision D2: rally also lifts a Shaken Local.
    medic_heal: z.number().int().min(0).max(5).default(2),
    // R15/G15: true lets a Medic who has not healed this round heal during the enemy's turn
    // too ("any time during the round"): see policy.ts medicsReact for when he does.
    medic_reactive: z.boolean().default(false),
    // R16/G16: "turn_start" = before any activation (ASSUMED); "activation" = at the
    // Captain's own activation, before he moves (units that moved to him first count).
    captain_rally_phase: z.enum(['turn_start', 'activation']).default('turn_start'),
    rally_locals: z.boolean().default(true),
    // R17: Engineer-cleared hexes cost at most this.
    engineer_path_cap: z.number().int().min(1).max(5).default(3),
    // Item 61: Rifleman pays at most this per hex.
    rifleman_cost_cap: z.number().int().min(1).max(5).default(4),
    // Item 68: VP values.
    vp_reveal: z.number().int().min(0).max(10).default(1),
    vp_explore: z.number().int().min(0).max(10).default(1),
    vp_objective: z.number().int().min(0).max(10).default(1),
    vp_per_hp: z.number().int().min(0).max(10).default(1),
    vp_kill: z.number().int().min(0).max(20).default(3),
    // R20: the solo score = VP + hp bonus × remaining HP − penalty × units lost.
    solo_hp_bonus: z.number().int().min(0).max(10).default(1),
    solo_lost_unit_penalty: z.number().int().min(0).max(10).default(3),
    solo_locals_to_kill: z.number().int().min(1).max(4).default(3),
    solo_regulars_for_kill_mission: z.number().int().min(1).max(7).default(3),
  })
  .strict();

export type IronRules = z.output<typeof ironRulesSchema>;
