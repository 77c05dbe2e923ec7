import { z } from 'zod';

const dice = z.enum(['0', '1', 'D2', 'D3', 'D6', '2D6', '3D6']);
/** A dice code as [count, sides, plus]: "D3" → [1, 3, 0], "1" → [0, 0, 1]. */
export function diceCode(s: string): [number, number, number] {
  if (s === '0') return [0, 0, 0];
  if (s === '1') return [0, 0, 1];
  const m = /^(\d*)D(\d+)$/.exec(s)!;
  return [m[1] ? Number(m[1]) : 1, Number(m[2]), 0];
}
const footprint = (l: number, w: number) => z.tuple([z.number().min(1).max(12), z.number().min(0.5).max(8)]).default([l, w]).describe('Hull length and width in inches, for line of sight, contact and wrecks (decision).');

/**
 * Every ASSUMED default of the platoon digest (R1–R26) and the decisions beyond it
 * (docs/rules/platoon.md "Decisions"), as one validated `rules` object.
 */
export const platoonRulesSchema = z
  .object({
    // R1: order tests.
    test_for_down: z.boolean().default(false).describe('Whether a pinned unit needs an order test to go Down (R1 ASSUMED: no).'),
    pass_removes_pin: z.number().int().min(0).max(3).default(1).describe('Pins removed when a pinned unit passes an order test (R1 ASSUMED).'),
    double1_auto_pass: z.boolean().default(true).describe('A double 1 always passes an order test (R1 ASSUMED).'),
    double6_fubar: z.boolean().default(true).describe('A double 6 always fails an order test and rolls on the FUBAR table (R1 ASSUMED).'),
    // R2: pins.
    pins_per_hit_attack: z.number().int().min(0).max(3).default(1).describe('Pins added by a shooting attack that scores at least one hit (R2 ASSUMED).'),
    excess_pins_mode: z.enum(['destroyed', 'auto_fail']).default('destroyed').describe('A unit with pins ≥ Morale is destroyed at once, or only fails its tests automatically (R2 ASSUMED).'),
    // R3: morale checks.
    morale_check_threshold: z.number().min(0).max(1).default(0.5).describe('Share of starting models at or below which an infantry or artillery unit takes a morale check after casualties (R3 ASSUMED).'),
    // R4: officers' extra orders.
    officer_extra_orders: z.boolean().default(true).describe('An ordered officer may give the same order to units within his range (R4 ASSUMED).'),
    // R5: ambush trigger points are sampled every this many inches along the enemy's move.
    ambush_sample_in: z.number().min(0.25).max(6).default(1).describe('Inches between the points along an enemy\'s move where an Ambush may trigger (R5 ASSUMED).'),
    // R6: a unit Down all turn that keeps Down sheds these pins.
    down_turn_pin_removal: dice.default('D3').describe('Pins a unit Down all turn that keeps Down sheds at Turn End (dice code, R6 ASSUMED).'),
    // R7: reactions.
    assault_reaction_fire: z.boolean().default(true).describe('An assaulted unit with no order yet may react by firing at the assaulters (R7 ASSUMED).'),
    assault_reaction_fire_mod: z.number().int().min(-3).max(0).default(-1).describe('To-hit modifier of that reaction fire (R7 ASSUMED).'),
    // R9: ranges.
    point_blank_in: z.number().min(0).max(24).default(6).describe('Point-blank range in inches (R9 ASSUMED).'),
    long_range_fraction: z.number().min(0).max(1).default(0.5).describe('Beyond this share of a weapon\'s maximum range is long range (R9 ASSUMED).'),
    // R10: cover "behind" means the line of fire crosses cover within this many inches of the target (decision).
    cover_behind_in: z.number().min(0).max(6).default(1).describe('Inches: a target is behind cover when the line of fire crosses cover this close to it (R10, decision).'),
    small_unit_max_models: z.number().int().min(0).max(10).default(3).describe('A team of at most this many models counts as a small unit (R10 ASSUMED).'),
    // R11: weapon special rules.
    team_crew: z.number().int().min(1).max(3).default(2).describe('Crew a Team weapon needs to fire without penalty (R11 ASSUMED).'),
    team_short_crew_mod: z.number().int().min(-3).max(0).default(-1).describe('To-hit modifier of a Team weapon short of crew (R11 ASSUMED).'),
    lmg_fires_on_advance: z.boolean().default(true).describe('The LMG (Team, not Fixed) may fire on an Advance order at −1 (R11 ASSUMED).'),
    // R13: damage.
    pen_vs_soft: z.boolean().default(true).describe('Weapon pen adds to the damage roll against every target, not only armour (R13 ASSUMED).'),
    // R14: HE.
    he_hits_open: z.tuple([dice, dice, dice, dice]).default(['D2', 'D3', 'D6', '2D6']).describe('Hits an HE hit causes on a target not in a building, for 1", 2", 3" and 4" HE (dice codes, R14 ASSUMED).'),
    he_pins_additive: z.boolean().default(true).describe('HE pins are 1 for the hit plus the HE table\'s pins (R14 ASSUMED).'),
    // R15: indirect fire.
    indirect_first_need: z.number().int().min(2).max(6).default(6).describe('D6 roll indirect fire needs on its first shot at a new target; lowers by 1 per later consecutive turn (R15 ASSUMED).'),
    zeroed_need: z.number().int().min(2).max(6).default(2).describe('D6 roll indirect fire needs once zeroed in (R15 ASSUMED).'),
    zeroed_radius_in: z.number().min(0).max(24).default(6).describe('Inches: indirect fire stays zeroed while the target stays this close to the point it hit (R15 ASSUMED).'),
    // R16: special weapons.
    flamer_extra_pins: dice.default('D3').describe('Extra pins on a unit hit by a flamethrower (dice code, R16 ASSUMED).'),
    flamer_fuel_out_on_1: z.boolean().default(true).describe('A flamethrower runs out of fuel on a natural 1 to hit (R16 ASSUMED).'),
    flamer_building_fire_on: z.number().int().min(1).max(7).default(4).describe('D6 roll at or above which a flamethrower hit sets a building on fire (7 = never; R18, decision).'),
    // R17: vehicle damage.
    superficial_window: z.number().int().min(0).max(3).default(1).describe('Damage totals up to this many below the vehicle\'s DV are superficial hits (R17 ASSUMED).'),
    massive_margin: z.number().int().min(1).max(6).default(3).describe('Damage totals at least this many above the vehicle\'s DV are massive: both table results apply (R17 ASSUMED).'),
    turret_jam_on: z.number().int().min(0).max(6).default(1).describe('A D6 at or below this jams a turret for the game (0 = never; R17 ASSUMED).'),
    transports: z.literal(false).default(false).describe('Transports are out of scope for now; must be false (R17).'),
    vehicle_footprint: z
      .object({
        'soft-skin': footprint(5, 2.5), 'armoured-car': footprint(4, 2), 'light-tank': footprint(4.5, 2.5),
        'medium-tank': footprint(5.5, 3), 'heavy-tank': footprint(6, 3.5), 'super-heavy-tank': footprint(7, 4),
      })
      .strict()
      .prefault({}).describe('Vehicle footprints [length, width] in inches, by vehicle class.'),
    // Item 66: wrecks block movement, or are removed.
    wrecks: z.enum(['impassable', 'removed']).default('impassable').describe('Destroyed vehicles stay as wrecks that block movement, or are removed (item 66).'),
    // R18: buildings.
    building_dv_bonus: z.number().int().min(0).max(3).default(1).describe('Damage value added to a target in a building (R18 ASSUMED).'),
    dual_purpose_at_building: z.enum(['he', 'heavy']).default('he').describe('How an AT gun or autocannon (a pen and HE) shoots infantry in a building: "he" = the HE row throughout (no to-hit modifier, HE hits at the HE pen, no extra protection, may collapse it), "heavy" = the heavy-weapons row (−2, one hit per hit at its pen, extra protection); items 69–71 ASSUMED.'),
    collapse_hits: z.number().int().min(1).max(40).default(10).describe('Hits from one HE attack that collapse a building, destroying its occupants (R18 ASSUMED).'),
    // R19: close quarters.
    assault_contact_in: z.number().min(0.5).max(6).default(1.5).describe('Inches between unit centres that count as contact; an assault that ends farther away is no fight (R19, decision).'),
    regroup_in: z.number().min(0).max(12).default(6).describe('Inches the winner of a close-quarters fight may regroup (R19 ASSUMED).'),
    cq_flamer_pen: z.number().int().min(0).max(6).default(3).describe('Pen of a flamethrower in close quarters (R19 ASSUMED).'),
    cq_vs_vehicle_bonus: z.number().int().min(0).max(6).default(2).describe('Bonus to infantry\'s D6 against a vehicle in close quarters (rear armour; R19 ASSUMED).'),
    cq_max_rounds: z.number().int().min(1).max(20).default(10).describe('Safety cap on close-quarters rounds (ties are fought again, R19; decision).'),
    // R20.
    halftrack_obstacle: z.enum(['No', 'OK*']).default('No').describe('Whether half-tracks may cross obstacles (R20 ASSUMED: No).'),
    // R23: the Meeting Engagement.
    turns: z.number().int().min(1).max(12).default(6).describe('Game length in turns before the extra-turn roll (R23 ASSUMED).'),
    extra_turn_on: z.number().int().min(1).max(7).default(4).describe('D6 roll at or above which one extra turn is played (7 = never; R23 ASSUMED).'),
    deploy_depth_in: z.number().min(1).max(24).default(12).describe('Inches from its long edge within which each side deploys (R23 ASSUMED).'),
    army_points: z.number().int().min(50).max(10000).default(1000).describe('Points each army may cost (R23 ASSUMED; the catalogue is R22).'),
    cost_overrides: z.record(z.string(), z.number().int().min(0).max(2000)).default({}).describe('Point costs that replace the R22 catalogue\'s (balance --reprice writes these): a unit kind id sets its Regular cost (Inexperienced and Veteran keep their printed ratio to Regular, rounded), an upgrade id (extra-man, attendant, smg, assault_rifle, auto_rifle, lmg, panzerfaust, truck_mmg) its cost per model or item (extra-man and attendant likewise at Regular).'),
    vp_per_unit: z.number().int().min(0).max(10).default(1).describe('Victory points per destroyed enemy unit (R23 ASSUMED).'),
  })
  .strict();

export type PlatoonRules = z.output<typeof platoonRulesSchema>;
