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
    table_size_in: z.number().min(24).max(72).default(36),
    edge_window_in: z.number().min(0).max(6).default(1),
    cover_proximity_in: z.number().min(0).max(12).default(2),
    // R3: ranges and movement measured base edge to base edge.
    base_radius_in: z.number().min(0).max(2).default(0.5),
    measure: z.enum(['edge', 'centre']).default('edge'),
    // R2: movement.
    climb_requires_run: z.boolean().default(true),
    waist_height_in: z.number().min(0).max(3).default(1),
    waist_high_cost_in: z.number().min(0).max(6).default(1),
    // Item 7: deployment depth (scenario 5 uses 6).
    deploy_depth_in: z.number().min(1).max(12).default(3),
    // Item 9: game length.
    turns: z.number().int().min(1).max(12).default(6),
    // R4: streak limit, and whether reactive/forced pulls count toward it.
    streak_limit: z.number().int().min(2).max(99).default(4),
    streak_counts_reactive: z.boolean().default(false),
    // R5: ambush.
    ambush_persists_turns: z.number().int().min(0).max(3).default(1),
    ambush_path_step_in: z.number().min(0.25).max(6).default(1),
    // R6: assault needs LOS to the target.
    assault_requires_los: z.boolean().default(true),
    // R8: qualifying soldiers must take a special action.
    special_action_mandatory: z.boolean().default(true),
    // R9: the breakdown D6 table applies to every breakdown after the first.
    breakdown_table_every_time: z.boolean().default(true),
    // Item 22: cover fire radius; item 70: high ground threshold.
    cover_fire_radius_in: z.number().min(0.5).max(6).default(2),
    high_ground_in: z.number().min(0).max(12).default(3),
    // Item 57/58 courage threshold for special actions (item 16).
    special_action_min_courage: z.number().int().min(0).max(12).default(4),
    // R13: 8+ hits on a 6 then a 6; worse cannot hit.
    max_hit_target: z.number().int().min(6).max(8).default(8),
    // R14: within half range means distance <= range / 2.
    half_range_inclusive: z.boolean().default(true),
    // R15: the scoped +1 does not stack with the half-range +1.
    scoped_half_range_stacks: z.boolean().default(false),
    // R16: LMG focus fire does not ignore cover or Down.
    lmg_focus_ignores_cover: z.boolean().default(false),
    // Item 45, R17: flamethrower uses (one use = one order) before it is dropped for the pistol.
    flamer_uses: z.number().int().min(1).max(99).default(4),
    // Item 47, R18: hand grenades (rules/grenades.ts). Thrown over terrain up to 3" tall, scatter 3" along the
    // throw line, 2" blast radius; a throw may follow an Advance; a thrower caught in his own blast is hit too.
    grenade_max_obstacle_in: z.number().min(0).max(12).default(3),
    grenade_scatter_in: z.number().min(0).max(12).default(3),
    grenade_blast_radius_in: z.number().min(0.5).max(6).default(2),
    grenade_with_advance: z.boolean().default(true),
    grenade_hits_thrower: z.boolean().default(true),
    // R19: a Mortal Wound leaves no lasting penalty.
    mortal_wound_max_health_penalty: z.number().int().min(0).max(3).default(0),
    // R20: close combat uses the best weapon modifier carried; the loser's 0 courage is sticky.
    cc_best_weapon: z.boolean().default(true),
    cc_loser_zero_sticky: z.boolean().default(true),
    // R25: Letters from Home costs 1 (item list), not 2 (worked example); R26: Engineer grenade cap.
    letters_from_home_cost: z.number().int().min(0).max(10).default(1),
    engineer_max_grenades: z.number().int().min(2).max(10).default(3),
    // Designer what-ifs ("a Private at 30 vps"): price overrides by cost key (costs.ts).
    cost_overrides: costOverridesSchema,
    // R27: roster budgets.
    roster_vps: z.number().int().min(0).max(1000).default(100),
    roster_sps: z.number().int().min(0).max(1000).default(50),
    // R28: a dead Sergeant is worth 55 plus his purchased upgrades.
    sergeant_kill_bonus: z.number().int().min(0).max(200).default(55),
    sergeant_bonus_includes_upgrades: z.boolean().default(true),
    // Items 18, 90–100: the Event Chart is rolled in every End phase (off: no events at all).
    events: z.boolean().default(true),
    // R11: no event before turn 1 and none after the final turn.
    event_before_turn1: z.boolean().default(false),
    event_after_final_turn: z.boolean().default(false),
    // R12: Able raises the maximum psyche too (not just the current value, which the maximum would cap).
    able_raises_max_psyche: z.boolean().default(true),
    // Decision (item 79): the Chaplain's psyche Rally applied "to all soldiers within 3\"" includes himself.
    rites_area_includes_self: z.boolean().default(false),
    // Decision: Extra Magazine may also follow the Fire made in response to an Assault (item 26).
    extra_magazine_on_reactive_fire: z.boolean().default(false),
    // R22 (item 48): Nation-Specific weapons are off; when on, the ASSUMED table (nation-weapons.ts) applies.
    nation_specific_weapons: z.boolean().default(false),
    nation_specific_table: nationSpecificTableSchema,
  })
  .strict();

export type NcoRules = z.output<typeof ncoRulesSchema>;

/** The map generator's parameters (R1 terrain generator). */
export const ncoGenerateSchema = z
  .object({
    mirrored: z.boolean().default(true),
    terrain_pieces: z.number().int().min(0).max(24).default(10),
    coverage: z.number().min(0).max(0.6).default(0.3),
    obscuring_share: z.number().min(0).max(1).default(0.5),
    high_ground_pieces: z.number().int().min(0).max(6).default(2),
    high_ground_height_in: z.number().min(0).max(12).default(4),
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
