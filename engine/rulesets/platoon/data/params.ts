import { z } from 'zod';

const dice = z.enum(['0', '1', 'D2', 'D3', 'D6', '2D6', '3D6']);
/** A dice code as [count, sides, plus]: "D3" → [1, 3, 0], "1" → [0, 0, 1]. */
export function diceCode(s: string): [number, number, number] {
  if (s === '0') return [0, 0, 0];
  if (s === '1') return [0, 0, 1];
  const m = /^(\d*)D(\d+)$/.exec(s)!;
  return [m[1] ? Number(m[1]) : 1, Number(m[2]), 0];
}
const footprint = (l: number, w: number) => z.tuple([z.number().min(1).max(12), z.number().min(0.5).max(8)]).default([l, w]);

/**
 * Every ASSUMED default of the platoon digest (R1–R26) and the decisions beyond it
 * (docs/rules/platoon.md "Decisions"), as one validated `rules` object.
 */
export const platoonRulesSchema = z
  .object({
    // R1: order tests.
    test_for_down: z.boolean().default(false),
    pass_removes_pin: z.number().int().min(0).max(3).default(1),
    double1_auto_pass: z.boolean().default(true),
    double6_fubar: z.boolean().default(true),
    // R2: pins.
    pins_per_hit_attack: z.number().int().min(0).max(3).default(1),
    excess_pins_mode: z.enum(['destroyed', 'auto_fail']).default('destroyed'),
    // R3: morale checks.
    morale_check_threshold: z.number().min(0).max(1).default(0.5),
    // R4: officers' extra orders.
    officer_extra_orders: z.boolean().default(true),
    // R5: ambush trigger points are sampled every this many inches along the enemy's move.
    ambush_sample_in: z.number().min(0.25).max(6).default(1),
    // R6: a unit Down all turn that keeps Down sheds these pins.
    down_turn_pin_removal: dice.default('D3'),
    // R7: reactions.
    assault_reaction_fire: z.boolean().default(true),
    assault_reaction_fire_mod: z.number().int().min(-3).max(0).default(-1),
    // R9: ranges.
    point_blank_in: z.number().min(0).max(24).default(6),
    long_range_fraction: z.number().min(0).max(1).default(0.5),
    // R10: cover "behind" means the line of fire crosses cover within this many inches of the target (decision).
    cover_behind_in: z.number().min(0).max(6).default(1),
    small_unit_max_models: z.number().int().min(0).max(10).default(3),
    // R11: weapon special rules.
    team_crew: z.number().int().min(1).max(3).default(2),
    team_short_crew_mod: z.number().int().min(-3).max(0).default(-1),
    lmg_fires_on_advance: z.boolean().default(true),
    // R13: damage.
    pen_vs_soft: z.boolean().default(true),
    // R14: HE.
    he_hits_open: z.tuple([dice, dice, dice, dice]).default(['D2', 'D3', 'D6', '2D6']),
    he_pins_additive: z.boolean().default(true),
    // R15: indirect fire.
    indirect_first_need: z.number().int().min(2).max(6).default(6),
    zeroed_need: z.number().int().min(2).max(6).default(2),
    zeroed_radius_in: z.number().min(0).max(24).default(6),
    // R16: special weapons.
    flamer_extra_pins: dice.default('D3'),
    flamer_fuel_out_on_1: z.boolean().default(true),
    flamer_building_fire_on: z.number().int().min(1).max(7).default(4),
    // R17: vehicle damage.
    superficial_window: z.number().int().min(0).max(3).default(1),
    massive_margin: z.number().int().min(1).max(6).default(3),
    turret_jam_on: z.number().int().min(0).max(6).default(1),
    transports: z.literal(false).default(false),
    vehicle_footprint: z
      .object({
        'soft-skin': footprint(5, 2.5), 'armoured-car': footprint(4, 2), 'light-tank': footprint(4.5, 2.5),
        'medium-tank': footprint(5.5, 3), 'heavy-tank': footprint(6, 3.5), 'super-heavy-tank': footprint(7, 4),
      })
      .strict()
      .prefault({}),
    // Item 66: wrecks block movement, or are removed.
    wrecks: z.enum(['impassable', 'removed']).default('impassable'),
    // R18: buildings.
    building_dv_bonus: z.number().int().min(0).max(3).default(1),
    collapse_hits: z.number().int().min(1).max(40).default(10),
    // R19: close quarters.
    assault_contact_in: z.number().min(0.5).max(6).default(1.5),
    regroup_in: z.number().min(0).max(12).default(6),
    cq_flamer_pen: z.number().int().min(0).max(6).default(3),
    cq_vs_vehicle_bonus: z.number().int().min(0).max(6).default(2),
    cq_max_rounds: z.number().int().min(1).max(20).default(10),
    // R20.
    halftrack_obstacle: z.enum(['No', 'OK*']).default('No'),
    // R23: the Meeting Engagement.
    turns: z.number().int().min(1).max(12).default(6),
    extra_turn_on: z.number().int().min(1).max(7).default(4),
    deploy_depth_in: z.number().min(1).max(24).default(12),
    army_points: z.number().int().min(50).max(10000).default(1000),
    vp_per_unit: z.number().int().min(0).max(10).default(1),
  })
  .strict();

export type PlatoonRules = z.output<typeof platoonRulesSchema>;
