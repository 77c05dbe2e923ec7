import { z } from 'zod';

/** Count maps with a default per key (all integers ≥ 0). */
const counts = <K extends string>(defs: Record<K, number>) =>
  z.object(Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, z.number().int().min(0).max(192).default(v as number)])) as Record<K, z.ZodDefault<z.ZodNumber>>).strict().prefault({} as never);

/** R1: Standing Orders on the Order cards (Attack and Rally carry a CCS colour). */
export const STANDING_DEFAULTS = { attack_red: 20, attack_green: 24, attack_blue: 16, maneuver: 48, rally_red: 8, rally_green: 8, rally_blue: 8, entrench: 24 };
/** R1: Command Decisions, one per Order card (Evade and Grenade split by colour). */
export const CD_DEFAULTS = {
  evade_red: 4, evade_green: 4, evade_blue: 4, chain_of_command: 12, double_time: 12, combat_operation: 10,
  grenade_red: 3, grenade_green: 3, grenade_blue: 3, fubar: 8, covering_fire: 8, field_dressing: 8, field_repairs: 8,
  marksman: 8, recon: 8, smoke: 8, act_of_valor: 6, attention: 6, lucky_shot: 6, on_the_run: 6, regroup: 6,
  last_stand: 5, marching_order: 5, intelligence: 5,
};
/** R2: terrain cards in the core deck. */
export const TERRAIN_COUNT_DEFAULTS = { hill: 4, road: 4, woods: 6, hedgerow: 4, building: 4, ruins: 3, village: 2, railroad: 2, crater: 3, marsh: 2, lake: 2 };

const terrainStats = z
  .object({ attack: z.number().int().min(-5).max(5), defense: z.number().int().min(-5).max(5) })
  .strict();

/**
 * Every ASSUMED default of the OWAM digest (R1–R25) and the decisions beyond it
 * (docs/rules/owam.md "Decisions"), as one validated `rules` object.
 */
export const owamRulesSchema = z
  .object({
    // Items 11–13: Private (Standing Orders only), Lieutenant (+ Command Decisions), Colonel (+ traits).
    level: z.enum(['private', 'lieutenant', 'colonel']).default('lieutenant'),
    // R1: the deck split; the (d4,d6,d8) triples are assigned to cards by `card_seed`.
    order_cards: z.number().int().min(0).max(192).default(156),
    terrain_cards: z.number().int().min(0).max(192).default(36),
    standing_orders: counts(STANDING_DEFAULTS),
    command_decisions: counts(CD_DEFAULTS),
    terrain_counts: counts(TERRAIN_COUNT_DEFAULTS),
    icon_counts: counts({ jam: 12, wound: 24, random_effect: 12 }),
    /** The printed deck: which card carries which order, CD, terrain and icon (fixed for a run). */
    card_seed: z.number().int().min(0).max(2 ** 31 - 1).default(1),
    // Item 6.
    hand_size: z.number().int().min(1).max(20).default(7),
    // R2 overrides of terrain attack/defense (by terrain id).
    terrain_stats: z.record(z.string(), terrainStats).default({}),
    // R4 (mission defaults may be overridden per config).
    deck_timer: z.number().int().min(1).max(6).optional(),
    squad_points: z.number().int().min(5).max(200).optional(),
    objective_pts: z.number().int().min(0).max(100).default(20),
    lu_pts: z.number().int().min(0).max(100).default(25),
    lu_killable: z.boolean().default(false),
    // R6.
    ff_tolerance_deg: z.number().min(0).max(45).default(1),
    // R8.
    fow_reshuffled: z.boolean().default(true),
    timer_end: z.enum(['after_action', 'end_of_round']).default('after_action'),
    // R9.
    dd_stacks: z.boolean().default(false),
    // R10.
    wound_requires_resolve: z.boolean().default(true),
    // R17.
    artillery_terrain: z.boolean().default(false),
    // R18.
    grenade_flips: z.number().int().min(1).max(4).default(2),
    // R20: traits at Colonel level — Noisy Recognition success range.
    noisy_success_max: z.number().int().min(1).max(8).default(3),
    // R23.
    finland_side: z.enum(['axis', 'allies']).default('axis'),
    // D1: cards per lethality-over-time step (the tally's time axis; 1 = one step per card) and bins reported.
    clock_step_cards: z.number().int().min(1).max(48).default(1),
    clock_bins: z.number().int().min(1).max(48).default(12),
    // D2: safety cap on assault rounds, after which the trigger falls back (R13 allows retreat).
    assault_max_rounds: z.number().int().min(1).max(50).default(8),
    // D3: safety cap on rounds per game (the deck timer normally ends it far earlier).
    max_rounds: z.number().int().min(1).max(200).default(60),
    // D4: the historically accurate option (item 18).
    historical: z.boolean().default(false),
  })
  .strict();

export type OwamRules = z.output<typeof owamRulesSchema>;
