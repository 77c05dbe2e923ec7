import { z } from 'zod';
import { COST_DEFAULTS, PROFILE_DEFAULTS, TYPE_IDS, VEHICLE_DEFAULTS, WEAPON_DEFAULTS, WEAPON_IDS } from './catalogue.ts';

const die = z.number().int().min(2).max(20);
const profile = (d: { move: number; skill: number; defense: number }) =>
  z.object({ move: z.number().min(0).max(48).default(d.move), skill: die.default(d.skill), defense: z.number().int().min(0).max(20).default(d.defense) }).strict().prefault({});
const vehicle = (d: (typeof VEHICLE_DEFAULTS)['tank']) =>
  z.object({
    move: z.number().min(0).max(48).default(d.move),
    defense_die: z.number().int().min(0).max(20).default(d.defense_die),
    defense: z.number().int().min(0).max(20).default(d.defense),
    tracked: z.boolean().default(d.tracked),
    skill: die.default(d.skill),
  }).strict().prefault({});
const weapon = (d: (typeof WEAPON_DEFAULTS)['rifle']) =>
  z.object({
    range: z.number().min(0).max(200).default(d.range),
    difficulty: z.number().int().min(1).max(30).default(d.difficulty),
    damage: die.default(d.damage),
    fan: z.number().int().min(1).max(8).default(d.fan),
    radius: z.number().min(0).max(48).default(d.radius),
    min_range: z.number().min(0).max(200).default(d.min_range),
    crew: z.number().int().min(1).max(4).default(d.crew),
    indirect: z.boolean().default(d.indirect),
  }).strict().prefault({});

/**
 * Every ASSUMED default of the skill-die digest (R1–R20) and the decisions beyond it
 * (docs/rules/skill-die.md "Decisions"), one validated `rules` object.
 */
export const skillRulesSchema = z
  .object({
    // R20: game length (rounds).
    turns: z.number().int().min(1).max(30).default(8),
    // R1: profiles (Move, Skill die, Defense); the specialist's specialty die (G3).
    profiles: z.object({
      average: profile(PROFILE_DEFAULTS.average), poor: profile(PROFILE_DEFAULTS.poor),
      'non-combatant': profile(PROFILE_DEFAULTS['non-combatant']), specialist: profile(PROFILE_DEFAULTS.specialist),
    }).strict().prefault({}),
    specialist_die: die.default(10),
    // R14: vehicles and the drone.
    vehicles: z.object({
      truck: vehicle(VEHICLE_DEFAULTS.truck), apc: vehicle(VEHICLE_DEFAULTS.apc), 'light-tank': vehicle(VEHICLE_DEFAULTS['light-tank']),
      tank: vehicle(VEHICLE_DEFAULTS.tank), drone: vehicle(VEHICLE_DEFAULTS.drone),
    }).strict().prefault({}),
    // Items 39–46, R2 damage dice, R3 (at-rocket Fan 1, mortar radius 12), R9 crews, R12 indirect.
    weapons: z.object(Object.fromEntries(WEAPON_IDS.map((id) => [id, weapon(WEAPON_DEFAULTS[id])])) as Record<(typeof WEAPON_IDS)[number], ReturnType<typeof weapon>>).strict().prefault({}),
    // Item 38.
    body_armour_bonus: z.number().int().min(0).max(5).default(1),
    // R4: suppression.
    suppression: z.boolean().default(true),
    suppressed_self_disadvantage: z.boolean().default(true),
    suppressed_target_disadvantage: z.boolean().default(true),
    // R5: partial concealment when LOS crosses a `cover` piece this close to the target.
    partial_near_in: z.number().min(0).max(12).default(2),
    // R6: darkness and its visibility.
    darkness: z.boolean().default(false),
    dark_visibility_in: z.number().min(0).max(72).default(12),
    // R8: what a Reaction may do.
    reaction_uses: z.array(z.enum(['attack', 'move'])).max(2).default(['attack', 'move']),
    // R9: crew members within this of the gunner may assist.
    crew_radius_in: z.number().min(0).max(12).default(2),
    // R11: explosive miss.
    explosive_miss: z.enum(['scatter', 'none']).default('scatter'),
    scatter_per_point_in: z.number().min(0).max(12).default(2),
    // R13: touching = within this (edge to edge); revival results.
    touch_in: z.number().min(0).max(6).default(1),
    medical_die: die.default(10),
    revive_dead_max: z.number().int().min(0).max(20).default(3),
    revive_none_max: z.number().int().min(0).max(20).default(5),
    revive_partial_max: z.number().int().min(0).max(20).default(8),
    // R16: how long a Signal token (and the targets it passed) lasts.
    signal_token_duration: z.enum(['until_next_own_turn', 'until_end_of_round']).default('until_next_own_turn'),
    // R16: radio range (null = unlimited).
    radio_range_in: z.number().min(0).max(200).nullable().default(null),
    // R17: EW range (null = unlimited).
    ew_range_in: z.number().min(0).max(200).nullable().default(null),
    // Item 29 (decision D3): an indirect-fire unit may fire at what a friend within the friend's Move sees.
    free_comm_handoff: z.boolean().default(true),
    // R19: initiative ties.
    initiative_tiebreak: z.enum(['reroll', 'loser_of_last_tie']).default('reroll'),
    // R20: victory.
    objective_vp: z.number().int().min(0).max(100).default(10),
    objective_radius_in: z.number().min(0).max(12).default(3),
    objectives: z.array(z.tuple([z.number(), z.number()])).max(8).default([[12, 24], [24, 24], [36, 24]]),
    deploy_depth_in: z.number().min(1).max(24).default(8),
    // R20 points catalogue.
    costs: z.object({
      type: z.object(Object.fromEntries(TYPE_IDS.map((t) => [t, z.number().min(0).max(500).default(COST_DEFAULTS.type[t])])) as Record<(typeof TYPE_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({}),
      weapon: z.object(Object.fromEntries(WEAPON_IDS.map((w) => [w, z.number().min(0).max(500).default(COST_DEFAULTS.weapon[w])])) as Record<(typeof WEAPON_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({}),
      kit: z.object(Object.fromEntries(Object.entries(COST_DEFAULTS.kit).map(([k, v]) => [k, z.number().min(0).max(500).default(v)])) as Record<keyof typeof COST_DEFAULTS.kit, z.ZodDefault<z.ZodNumber>>).strict().prefault({}),
    }).strict().prefault({}),
  })
  .strict();

export type SkillRules = z.output<typeof skillRulesSchema>;
