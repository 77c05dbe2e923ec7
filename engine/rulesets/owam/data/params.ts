import { z } from 'zod';
import { NATIONS } from './nations.ts';

/** Count maps with a default per key (all integers ≥ 0). */
const counts = <K extends string>(defs: Record<K, number>) =>
  z.object(Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, z.number().int().min(0).max(192).default(v as number).describe(`Number of core-deck cards with "${k}" (R1, R2 ASSUMED; sweep in sensitivity runs).`)])) as Record<K, z.ZodDefault<z.ZodNumber>>).strict().prefault({} as never);

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
  .object({ attack: z.number().int().min(-5).max(5).describe('Attack modifier of a firer in this terrain (item 8, R2).'), defense: z.number().int().min(-5).max(5).describe('Defense modifier of a target in this terrain (item 8, R2).') })
  .strict();

/**
 * Every ASSUMED default of the OWAM digest (R1–R25) and the decisions beyond it
 * (docs/rules/owam.md "Decisions"), as one validated `rules` object.
 */
export const owamRulesSchema = z
  .object({
    // Items 11–13: Private (Standing Orders only), Lieutenant (+ Command Decisions), Colonel (+ traits).
    level: z.enum(['private', 'lieutenant', 'colonel']).default('lieutenant').describe('Game level: private = Standing Orders only; lieutenant adds Command Decisions; colonel adds soldier traits (items 11–13).'),
    // R1: the deck split; the (d4,d6,d8) triples are assigned to cards by `card_seed`.
    order_cards: z.number().int().min(0).max(192).default(156).describe('Order cards in the 192-card core deck (R1 ASSUMED).'),
    terrain_cards: z.number().int().min(0).max(192).default(36).describe('Terrain cards in the core deck (R1 ASSUMED).'),
    standing_orders: counts(STANDING_DEFAULTS).describe('Order cards per Standing Order (Attack and Rally by CCS colour) (R1 ASSUMED).'),
    command_decisions: counts(CD_DEFAULTS).describe('Order cards per Command Decision, one per card (Evade and Grenade by colour) (R1 ASSUMED).'),
    terrain_counts: counts(TERRAIN_COUNT_DEFAULTS).describe('Terrain cards per terrain type (R2 ASSUMED).'),
    icon_counts: counts({ jam: 12, wound: 24, random_effect: 12 }).describe('Core cards carrying each event icon, mutually exclusive (item 10, R1 ASSUMED).'),
    /** The printed deck: which card carries which order, CD, terrain and icon (fixed for a run). */
    card_seed: z.number().int().min(0).max(2 ** 31 - 1).default(1).describe('Seed of the printed deck: which card carries which order, CD, terrain, icon and dice triple (fixed for a run; R1).'),
    // Item 6.
    hand_size: z.number().int().min(1).max(20).default(7).describe('Cards each player draws up to (item 6).'),
    // R2 overrides of terrain attack/defense (by terrain id).
    terrain_stats: z.record(z.string(), terrainStats).default({}).describe('Overrides of terrain attack/defense modifiers, by terrain id (R2 ASSUMED).'),
    // R4 (mission defaults may be overridden per config).
    deck_timer: z.number().int().min(1).max(6).optional().describe('Passes through the deck before the game ends; default: the mission\'s (item 5, R4 ASSUMED: 1).'),
    squad_points: z.number().int().min(5).max(200).optional().describe('Squad Points each side may spend; default: the mission\'s (item 17, R4 ASSUMED: 75).'),
    objective_pts: z.number().int().min(0).max(100).default(20).describe('Points for holding a mission objective at the end (R4 ASSUMED).'),
    lu_pts: z.number().int().min(0).max(100).default(25).describe('Points for Lu in the Château mission (R4 ASSUMED).'),
    lu_killable: z.boolean().default(false).describe('Whether Lu can be targeted in the Château mission (R4 ASSUMED).'),
    // R6.
    ff_tolerance_deg: z.number().min(0).max(45).default(1).describe('Degrees: a friendly FT within this of the ray from firer through target, beyond the target, blocks the attack (R6 ASSUMED).'),
    // R8.
    fow_reshuffled: z.boolean().default(true).describe('An empty draw pile reshuffles the discard and Fog-of-War piles together (R8 ASSUMED).'),
    timer_end: z.enum(['after_action', 'end_of_round']).default('after_action').describe('When the deck timer ends the game: after the current Standard Action, or at the end of the round (R8 ASSUMED).'),
    // R9.
    dd_stacks: z.boolean().default(false).describe('Whether Double Discipline sources stack beyond two flips (R9 ASSUMED).'),
    // R10.
    wound_requires_resolve: z.boolean().default(true).describe('A wound needs a final total at or above Resolve, as well as a Wound icon (R10 ASSUMED).'),
    // Item 84: "the FT was or is stealthed".
    stealth_advantage: z.enum(['assault', 'round']).default('assault').describe('Item 84 "was or is in stealth": an FT has the stealth advantage in an assault if it is stealthed, or was when the assault began ("assault"), or held Stealth at any time this round ("round").'),
    // Item 43 Transfer, item 52.
    transfer_suppressed: z.boolean().default(false).describe('Whether a suppressed soldier may be transferred to an adjacent FT (item 43); default no: a suppressed soldier cannot move (item 52).'),
    // R17.
    artillery_terrain: z.boolean().default(false).describe('Artillery damage counts terrain and entrenchment (R17 ASSUMED: no).'),
    // R18.
    grenade_flips: z.number().int().min(1).max(4).default(2).describe('CCS flips of the printed colour that make a Grenade\'s strength (R18 ASSUMED).'),
    // R20: traits at Colonel level — Noisy Recognition success range.
    noisy_success_max: z.number().int().min(1).max(8).default(3).describe('Recognition against a Noisy soldier\'s FT succeeds on flips up to this (R20 ASSUMED).'),
    // R23.
    finland_side: z.enum(['axis', 'allies']).default('axis').describe('Which side Finland plays (item 15, R23 ASSUMED).'),
    // D1: cards per lethality-over-time step (the tally's time axis; 1 = one step per card) and bins reported.
    clock_step_cards: z.number().int().min(1).max(48).default(1).describe('Cards per step of the lethality-over-time tally (1 = one step per card; decision D1).'),
    clock_bins: z.number().int().min(1).max(48).default(12).describe('Time bins reported in the lethality-over-time tally (decision D1).'),
    // D2: safety cap on assault rounds, after which the trigger falls back (R13 allows retreat).
    assault_max_rounds: z.number().int().min(1).max(50).default(8).describe('Safety cap on assault rounds, after which the attacker falls back (decision D2; R13 allows retreat).'),
    // D3: safety cap on rounds per game (the deck timer normally ends it far earlier).
    max_rounds: z.number().int().min(1).max(200).default(60).describe('Safety cap on rounds per game; the deck timer normally ends it far earlier (decision D3).'),
    // D4: the historically accurate option (item 18).
    historical: z.boolean().default(false).describe('Historically accurate option: only the soldier cards the division historically had (item 18).'),
    // D17: point costs beyond R3's rank points (balance sweeps, `balance --reprice`); no default, so a config without it normalizes as before.
    cost_overrides: z.record(z.string(), z.number().int().min(0).max(200)).optional().describe('Squad-point costs that replace R3\'s (decision D17): a rank id (private, pfc, corporal, sergeant, captain) sets that rank\'s points, a weapon id (smg, bolt_rifle, semi_rifle, sniper, mg, pistol) adds its points to every soldier carrying it (printed 0). Used for the squad budget, the points a soldier is worth and the surviving-points score.'),
    // D18: the nation of a side that names none (balance sweeps write forces, not nations).
    default_nations: z.tuple([z.enum(NATIONS), z.enum(NATIONS)]).optional().describe('Nations of side 0 and side 1 when a side names no `nation` (decision D18; default ["usa", "germany"]).'),
  })
  .strict();

export type OwamRules = z.output<typeof owamRulesSchema>;
