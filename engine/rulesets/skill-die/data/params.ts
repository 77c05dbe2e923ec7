import { z } from 'zod';
import { COST_DEFAULTS, PROFILE_DEFAULTS, TYPE_IDS, VEHICLE_DEFAULTS, WEAPON_DEFAULTS, WEAPON_IDS } from './catalogue.ts';

const die = z.number().int().min(2).max(20);
const profile = (d: { move: number; skill: number; defense: number }) =>
  z.object({ move: z.number().min(0).max(48).default(d.move).describe('Move rating in inches per Move (items 7, 33–36).'), skill: die.default(d.skill).describe('Sides of the Skill die rolled to hit against a weapon\'s Difficulty (item 10; sizes lost, R1 ASSUMED).'), defense: z.number().int().min(0).max(20).default(d.defense).describe('Defense: a Damage roll at or above it destroys the unit (items 13, 33–36).') }).strict().prefault({});
const vehicle = (d: (typeof VEHICLE_DEFAULTS)['tank']) =>
  z.object({
    move: z.number().min(0).max(48).default(d.move).describe('Move in inches per Move (R14 ASSUMED).'),
    defense_die: z.number().int().min(0).max(20).default(d.defense_die).describe('Sides of the Defense die rolled against each Damage roll; 0 = use the plain `defense` number instead (item 16, R14 ASSUMED).'),
    defense: z.number().int().min(0).max(20).default(d.defense).describe('Plain Defense number, used when `defense_die` is 0 (R14 ASSUMED).'),
    tracked: z.boolean().default(d.tracked).describe('Tracked: ignores the double cost of mud, snow and similar ground (item 9).'),
    skill: die.default(d.skill).describe('Sides of the crew\'s Skill die (R14 ASSUMED d8).'),
  }).strict().prefault({});
const weapon = (d: (typeof WEAPON_DEFAULTS)['rifle']) =>
  z.object({
    range: z.number().min(0).max(200).default(d.range).describe('Range in inches (items 11, 39–46).'),
    difficulty: z.number().int().min(1).max(30).default(d.difficulty).describe('Difficulty: the Skill roll must reach it to hit; above the die\'s sides is an automatic miss (items 12, 39–46, R19).'),
    damage: die.default(d.damage).describe('Sides of the Damage die rolled against the target\'s Defense (item 13; lost, R2 ASSUMED).'),
    fan: z.number().int().min(1).max(8).default(d.fan).describe('Fan: attacks per Action, all inside one 45° cone from the firer (items 17, R3, R18).'),
    radius: z.number().min(0).max(48).default(d.radius).describe('Blast radius in inches (0 = not an explosive): every unit inside takes a Damage roll (items 15, R3, R11).'),
    min_range: z.number().min(0).max(200).default(d.min_range).describe('Minimum range in inches (the alternative reading of the mortar\'s 12, R3 ASSUMED).'),
    crew: z.number().int().min(1).max(4).default(d.crew).describe('Crew size, gunner included; each other crew member who gives up his Action adds +1 (items 12, R9 ASSUMED).'),
    indirect: z.boolean().default(d.indirect).describe('May fire indirectly at a Signalled target it cannot see (item 28, R12 ASSUMED: only the mortar).'),
  }).strict().prefault({});

/**
 * Every ASSUMED default of the skill-die digest (R1–R20) and the decisions beyond it
 * (docs/rules/skill-die.md "Decisions"), one validated `rules` object.
 */
export const skillRulesSchema = z
  .object({
    // R20: game length (rounds).
    turns: z.number().int().min(1).max(30).default(8).describe('Game length in rounds (R20 ASSUMED; item 47: not in the rulebook).'),
    // R1: profiles (Move, Skill die, Defense); the specialist's specialty die (G3).
    profiles: z.object({
      average: profile(PROFILE_DEFAULTS.average).describe('Average combatant (item 33).'), poor: profile(PROFILE_DEFAULTS.poor).describe('Poorly-trained combatant (item 34).'),
      'non-combatant': profile(PROFILE_DEFAULTS['non-combatant']).describe('Non-combatant (item 35).'), specialist: profile(PROFILE_DEFAULTS.specialist).describe('Specialist combatant (item 36).'),
    }).strict().prefault({}).describe('Troop profiles: Move, Skill die, Defense (items 33–36, R1 ASSUMED dice).'),
    specialist_die: die.default(10).describe('Sides of the specialist\'s die on tasks in his specialty (item 36; lost, R1 ASSUMED d10).'),
    // R14: vehicles and the drone.
    vehicles: z.object({
      truck: vehicle(VEHICLE_DEFAULTS.truck).describe('Truck/Jeep, wheeled (R14).'), apc: vehicle(VEHICLE_DEFAULTS.apc).describe('APC, tracked (R14).'), 'light-tank': vehicle(VEHICLE_DEFAULTS['light-tank']).describe('Light tank, tracked (R14).'),
      tank: vehicle(VEHICLE_DEFAULTS.tank).describe('Tank, tracked (R14).'), drone: vehicle(VEHICLE_DEFAULTS.drone).describe('Drone, unmanned: flies, observes and Signals (R14).'),
    }).strict().prefault({}).describe('Vehicle and drone profiles (R14 ASSUMED; item 47: none in the rulebook).'),
    // Items 39–46, R2 damage dice, R3 (at-rocket Fan 1, mortar radius 12), R9 crews, R12 indirect.
    weapons: z.object(Object.fromEntries(WEAPON_IDS.map((id) => [id, weapon(WEAPON_DEFAULTS[id]).describe(`The ${id} weapon's profile.`)])) as Record<(typeof WEAPON_IDS)[number], ReturnType<typeof weapon>>).strict().prefault({}).describe('Weapon profiles (items 39–46, R2 damage dice, R3, R9 crews, R12 indirect fire; the tank main gun is R14).'),
    // Item 38.
    body_armour_bonus: z.number().int().min(0).max(5).default(1).describe('Defense added by body armour (item 38).'),
    // R4: suppression.
    suppression: z.boolean().default(true).describe('Survivors of a Fan ≥2 attack or an explosive Radius are Suppressed until the end of their next turn: Move or Act, not both (R4 ASSUMED; item 21).'),
    suppressed_self_disadvantage: z.boolean().default(true).describe('A Suppressed unit has Disadvantage on its own Skill rolls (R4 ASSUMED).'),
    suppressed_target_disadvantage: z.boolean().default(true).describe('Attacking a Suppressed target is at Disadvantage, the literal item 21 (R4; turn off to test the "attacker is suppressed" reading).'),
    // R5: partial concealment when LOS crosses a `cover` piece this close to the target.
    partial_near_in: z.number().min(0).max(12).default(2).describe('Inches: a line of sight crossing `cover` terrain this close to the target makes it partly concealed, Disadvantage (item 21, R5 ASSUMED).'),
    // R6: darkness and its visibility.
    darkness: z.boolean().default(false).describe('Night game: targets beyond `dark_visibility_in` are in darkness, Disadvantage unless the attacker has NVGs (items 21, 37, R6 ASSUMED).'),
    dark_visibility_in: z.number().min(0).max(72).default(12).describe('Inches beyond which a target counts as in darkness when `darkness` is on (R6 ASSUMED).'),
    // R8: what a Reaction may do.
    reaction_uses: z.array(z.enum(['attack', 'move'])).max(2).default(['attack', 'move']).describe('What a held Action may be spent on as a Reaction (item 6, R8 ASSUMED).'),
    // R9: crew members within this of the gunner may assist.
    crew_radius_in: z.number().min(0).max(12).default(2).describe('Inches: crew members this close to the gunner may assist (+1 each, item 12, R9 ASSUMED).'),
    // R11: explosive miss.
    explosive_miss: z.enum(['scatter', 'none']).default('scatter').describe('What a missed explosive does: scatters in a random direction, or nothing (R11 ASSUMED).'),
    scatter_per_point_in: z.number().min(0).max(12).default(2).describe('Inches of scatter per point the Skill roll missed by (R11 ASSUMED).'),
    // R13: touching = within this (edge to edge); revival results.
    touch_in: z.number().min(0).max(6).default(1).describe('Inches, edge to edge, that count as touching for medical care (item 30, R13 ASSUMED).'),
    medical_die: die.default(10).describe('Sides of the revival die (item 30, R13 ASSUMED d10).'),
    revive_dead_max: z.number().int().min(0).max(20).default(3).describe('Revival rolls up to this remove the casualty for good (item 30: 1–3).'),
    revive_none_max: z.number().int().min(0).max(20).default(5).describe('Revival rolls up to this (above `revive_dead_max`) have no effect (item 30: 4–5).'),
    revive_partial_max: z.number().int().min(0).max(20).default(8).describe('Revival rolls up to this return the unit with permanent Disadvantage and half Move; higher rolls return it fully (item 30: 6–8).'),
    // R16: how long a Signal token (and the targets it passed) lasts.
    signal_token_duration: z.enum(['until_next_own_turn', 'until_end_of_round']).default('until_next_own_turn').describe('How long a Signal token, and the targets it passed, last (items 26–28, R16 ASSUMED).'),
    // R16: radio range (null = unlimited).
    radio_range_in: z.number().min(0).max(200).nullable().default(null).describe('Radio range in inches for Signals; null = unlimited (R16 ASSUMED).'),
    // R17: EW range (null = unlimited).
    ew_range_in: z.number().min(0).max(200).nullable().default(null).describe('Inches within which a Focusing EW unit locates Signalling enemies; null = unlimited (item 32, R17 ASSUMED).'),
    // Item 29 (decision D3): an indirect-fire unit may fire at what a friend within the friend's Move sees.
    free_comm_handoff: z.boolean().default(true).describe('An indirect-fire unit may fire at what a friend within that friend\'s Move sees, without a Signal (item 29, decision D3).'),
    // R19: initiative ties.
    initiative_tiebreak: z.enum(['reroll', 'loser_of_last_tie']).default('reroll').describe('Initiative ties: re-roll, or go to the player who lost the previous tie (item 2, R19 ASSUMED).'),
    // R20: victory.
    objective_vp: z.number().int().min(0).max(100).default(10).describe('Victory points per objective held at the end (R20 ASSUMED).'),
    objective_radius_in: z.number().min(0).max(12).default(3).describe('Inches within which a unit holds an objective (R20 ASSUMED).'),
    objectives: z.array(z.tuple([z.number(), z.number()])).max(8).default([[12, 24], [24, 24], [36, 24]]).describe('Objective positions [x, y] in inches (R20 ASSUMED: three on the centre line).'),
    deploy_depth_in: z.number().min(1).max(24).default(8).describe('Inches from its own table edge within which each side deploys (R20 ASSUMED).'),
    // R20 points catalogue.
    costs: z.object({
      type: z.object(Object.fromEntries(TYPE_IDS.map((t) => [t, z.number().min(0).max(500).default(COST_DEFAULTS.type[t]).describe(`Points for a ${t} unit.`)])) as Record<(typeof TYPE_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({}).describe('Points per unit type: profile or vehicle.'),
      weapon: z.object(Object.fromEntries(WEAPON_IDS.map((w) => [w, z.number().min(0).max(500).default(COST_DEFAULTS.weapon[w]).describe(`Points added for a ${w}.`)])) as Record<(typeof WEAPON_IDS)[number], z.ZodDefault<z.ZodNumber>>).strict().prefault({}).describe('Points added per weapon carried.'),
      kit: z.object(Object.fromEntries(Object.entries(COST_DEFAULTS.kit).map(([k, v]) => [k, z.number().min(0).max(500).default(v).describe(`Points added for ${k} kit or role.`)])) as Record<keyof typeof COST_DEFAULTS.kit, z.ZodDefault<z.ZodNumber>>).strict().prefault({}).describe('Points added per kit or role: radio, body armour, NVG, medic, EW, commander.'),
    }).strict().prefault({}).describe('Points catalogue used for army budgets (R20 ASSUMED; tune with balance runs).'),
  })
  .strict();

export type SkillRules = z.output<typeof skillRulesSchema>;
