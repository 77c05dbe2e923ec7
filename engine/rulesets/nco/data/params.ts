import { z } from 'zod';
import { costOverridesSchema } from './costs.ts';
import { nationSpecificTableSchema } from './nation-weapons.ts';
import { WHEN_VALID } from '../../../validate.ts';

/**
 * Every ASSUMED default of the NCO digest (section 3, R1–R36) and every rulebook number a
 * designer may want to vary, as one validated `rules` object. Names follow the digest's
 * snake_case parameter names so docs/rules/nco.md can trace them. All are optional.
 */
export const ncoRulesSchema = z
  .object({
    // R1 / item 2: table and terrain geometry.
    table_size_in: z.number().min(24).max(72).default(36).describe('Side of the square table in inches (item 2, R1 ASSUMED).'),
    edge_window_in: z.number().min(0).max(6).default(1).describe('Inches: a model this close to the edge of obscuring terrain it stands in can see and be seen through that edge (windows, wood edges) (R1 ASSUMED).'),
    cover_proximity_in: z.number().min(0).max(12).default(2).describe('Inches: a line of sight crossing cover this close to the target puts it in cover (R1 ASSUMED).'),
    // R3: ranges and movement measured base edge to base edge.
    base_radius_in: z.number().min(0).max(2).default(0.5).describe('Base radius in inches; ranges and moves are measured base edge to base edge (R3 ASSUMED).'),
    measure: z.enum(['edge', 'centre']).default('edge').describe('Measure ranges and moves between base edges or model centres (R3 ASSUMED: edge).'),
    // R2: movement.
    climb_requires_run: z.boolean().default(true).describe('Climbing walls over waist height is allowed only on a Run, at its height in inches (R2 ASSUMED).'),
    waist_height_in: z.number().min(0).max(3).default(1).describe('Obstacles up to this height in inches are waist-high (R2 ASSUMED).'),
    waist_high_cost_in: z.number().min(0).max(6).default(1).describe('Extra inches of move a waist-high obstacle costs (R2 ASSUMED).'),
    // Item 7: deployment depth (scenario 5 uses 6).
    deploy_depth_in: z.number().min(1).max(12).default(3).describe('Inches from its edge within which each side deploys (item 7; scenario 5 uses 6).'),
    // Item 9: game length.
    turns: z.number().int().min(1).max(12).default(6).describe('Game length in turns (item 9).'),
    // R4: streak limit, and whether reactive/forced pulls count toward it.
    streak_limit: z.number().int().min(2).max(99).default(4).describe('Dice of one squad drawn in a row before the opponent openly chooses whose die comes next (item 13, R4).'),
    streak_counts_reactive: z.boolean().default(false).describe('Whether reactive, forced, Natural Leader and Intel pulls count toward the streak (R4 ASSUMED: no).'),
    // R5: ambush.
    ambush_persists_turns: z.number().int().min(0).max(3).default(1).describe('Turns an Ambush order lasts after the turn it is given (R5 ASSUMED).'),
    ambush_path_step_in: z.number().min(0.25).max(6).default(1).describe('Inches between the points of an enemy\'s path where an ambusher may interrupt (R5 ASSUMED).'),
    // R6: assault needs LOS to the target.
    assault_requires_los: z.boolean().default(true).describe('An Assault target must be in line of sight and not in full cover (R6 ASSUMED).'),
    // R8: qualifying soldiers must take a special action.
    special_action_mandatory: z.boolean().default(true).describe('Qualifying soldiers must take a special action (R8 ASSUMED).'),
    // R9: the breakdown D6 table applies to every breakdown after the first.
    breakdown_table_every_time: z.boolean().default(true).describe('The breakdown D6 table applies to every breakdown after the first (R9 ASSUMED).'),
    // Item 22: cover fire radius; item 70: high ground threshold.
    cover_fire_radius_in: z.number().min(0.5).max(6).default(2).describe('Radius in inches of the area Cover Fire hits (item 22).'),
    high_ground_in: z.number().min(0).max(12).default(3).describe('Inches of height a shooter must stand above the target for the high-ground bonus (item 70).'),
    // Item 57/58 courage threshold for special actions (item 16).
    special_action_min_courage: z.number().int().min(0).max(12).default(4).describe('Courage a soldier needs to qualify for special actions (items 16, 57–58).'),
    // R13: 8+ hits on a 6 then a 6; worse cannot hit.
    max_hit_target: z.number().int().min(6).max(8).default(8).describe('Worst to-hit number still possible: 7+ = a 6 then 5–6, 8+ = a 6 then a 6; beyond cannot hit (R13 ASSUMED).'),
    // R14: within half range means distance <= range / 2.
    half_range_inclusive: z.boolean().default(true).describe('Within half range means distance ≤ range / 2 (R14 ASSUMED).'),
    // R15: the scoped +1 does not stack with the half-range +1.
    scoped_half_range_stacks: z.boolean().default(false).describe('Whether the scoped rifle\'s +1 stacks with the half-range +1 (R15 ASSUMED: no).'),
    // R16: LMG focus fire does not ignore cover or Down.
    lmg_focus_ignores_cover: z.boolean().default(false).describe('Whether LMG Focus Fire ignores cover and Down (R16 ASSUMED: no).'),
    // Item 45, R17: flamethrower uses (one use = one order) before it is dropped for the pistol.
    flamer_uses: z.number().int().min(1).max(99).default(4).describe('Orders a flamethrower can be used for before it is dropped for the pistol (item 45, R17).'),
    // Item 47, R18: hand grenades (rules/grenades.ts). Thrown over terrain up to 3" tall, scatter 3" along the
    // throw line, 2" blast radius; a throw may follow an Advance; a thrower caught in his own blast is hit too.
    grenade_max_obstacle_in: z.number().min(0).max(12).default(3).describe('Tallest terrain in inches a hand grenade can be thrown over (item 47, R18).'),
    grenade_scatter_in: z.number().min(0).max(12).default(3).describe('Inches a missed grenade scatters along the throw line (item 47, R18).'),
    grenade_blast_radius_in: z.number().min(0.5).max(6).default(2).describe('Blast radius of a hand grenade in inches (item 47).'),
    grenade_with_advance: z.boolean().default(true).describe('A grenade may be thrown after an Advance (R18 ASSUMED).'),
    grenade_hits_thrower: z.boolean().default(true).describe('A thrower caught in his own blast is hit too (item 47, R18).'),
    // R19: a Mortal Wound leaves no lasting penalty.
    mortal_wound_max_health_penalty: z.number().int().min(0).max(3).default(0).describe('Lasting maximum-health loss from a Mortal Wound (R19 ASSUMED: none).'),
    // R20: close combat uses the best weapon modifier carried; the loser's 0 courage is sticky.
    cc_best_weapon: z.boolean().default(true).describe('Close combat uses the best modifier among the weapons carried (R20 ASSUMED).'),
    cc_loser_zero_sticky: z.boolean().default(true).describe('A close-combat loser at 0 courage stays at 0 for the rest of the fight (R20 ASSUMED).'),
    // R25: Letters from Home costs 1 (item list), not 2 (worked example); R26: Engineer grenade cap.
    letters_from_home_cost: z.number().int().min(0).max(10).default(1).describe('Cost of Letters from Home: 1 per the item list, 2 per the worked example (R25 ASSUMED).'),
    engineer_max_grenades: z.number().int().min(2).max(10).default(3).describe('Most grenades an Engineer may carry (R26 ASSUMED).'),
    // Designer what-ifs ("a Private at 30 vps"): price overrides by cost key (costs.ts).
    cost_overrides: costOverridesSchema,
    // R27: roster budgets.
    roster_vps: z.number().int().min(0).max(1000).default(100).describe('Roster budget in vps for Barracks soldiers (R27 ASSUMED).'),
    roster_sps: z.number().int().min(0).max(1000).default(50).describe('Roster budget in sps for Specialists, plus the national bonus (R27 ASSUMED).'),
    // R28: a dead Sergeant is worth 55 plus his purchased upgrades.
    sergeant_kill_bonus: z.number().int().min(0).max(200).default(55).describe('VP for killing the enemy Sergeant (R28 ASSUMED).'),
    sergeant_bonus_includes_upgrades: z.boolean().default(true).describe('The dead Sergeant\'s VP also counts his purchased upgrades (R28 ASSUMED).'),
    // Items 18, 90–100: the Event Chart is rolled in every End phase (off: no events at all).
    events: z.boolean().default(true).describe('Roll on the Event Chart in End phases (items 18, 90–100); false = no events.'),
    // R11: no event before turn 1 and none after the final turn.
    event_before_turn1: z.boolean().default(false).describe('Roll an event before turn 1 (R11 ASSUMED: no).'),
    event_after_final_turn: z.boolean().default(false).describe('Roll an event after the final turn (R11 ASSUMED: no).'),
    // R12: Able raises the maximum psyche too (not just the current value, which the maximum would cap).
    able_raises_max_psyche: z.boolean().default(true).describe('The Able event raises maximum psyche and courage too, not only the current values (R12 ASSUMED).'),
    // Decision (item 79): the Chaplain's psyche Rally applied "to all soldiers within 3\"" includes himself.
    rites_area_includes_self: z.boolean().default(false).describe('The Chaplain\'s Religious Rites rally of soldiers within 3" includes himself (item 79, decision).'),
    // Decision: Extra Magazine may also follow the Fire made in response to an Assault (item 26).
    extra_magazine_on_reactive_fire: z.boolean().default(false).describe('Extra Magazine may also follow the Fire made in response to an Assault (item 26, decision).'),
    // R22 (item 48): Nation-Specific weapons are off; when on, the ASSUMED table (nation-weapons.ts) applies.
    nation_specific_weapons: z.boolean().default(false).describe('Enable Nation-Specific weapons, using nation_specific_table (item 48, R22 ASSUMED: off).'),
    nation_specific_table: nationSpecificTableSchema.describe('Stats of the Nation-Specific weapons when enabled (R22 ASSUMED).'),
  })
  .strict();

export type NcoRules = z.output<typeof ncoRulesSchema>;

/** The map generator's parameters (R1 terrain generator). */
export const ncoGenerateSchema = z
  .object({
    mirrored: z.boolean().default(true).describe('Mirror the generated terrain so both halves match (R1).'),
    terrain_pieces: z.number().int().min(0).max(24).default(10).describe('Terrain pieces to place (R1 ASSUMED: 8–12); 0 = an empty table.'),
    coverage: z.number().min(0).max(0.6).default(0.3).describe('Share of the table the pieces cover (R1 ASSUMED).'),
    obscuring_share: z.number().min(0).max(1).default(0.5).describe('Share of pieces that block line of sight (R1 ASSUMED).'),
    high_ground_pieces: z.number().int().min(0).max(6).default(2).describe('Pieces that are high ground (R1 ASSUMED).'),
    high_ground_height_in: z.number().min(0).max(12).default(4).describe('Height in inches of the high-ground pieces (R1 ASSUMED).'),
  })
  .strict()
  .superRefine((g, ctx) => {
    // Pieces share the coverage: at 0 they would get no area (degenerate polygons, met only mid-run).
    if (g.terrain_pieces > 0 && g.coverage < MIN_COVERAGE) {
      ctx.addIssue({ code: 'custom', path: ['coverage'], message: `must be at least ${MIN_COVERAGE} when terrain_pieces > 0 (for a table without terrain, set terrain_pieces to 0)` });
    }
  }, WHEN_VALID);

/** Smallest coverage with terrain pieces (each piece then still has a real area). */
export const MIN_COVERAGE = 0.001;

export type NcoGenerate = z.output<typeof ncoGenerateSchema>;
