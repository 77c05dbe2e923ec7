import { z } from 'zod';

/**
 * Skill-die policies: one scripted procedure with sweepable weights, plus `random`
 * (docs/rules/skill-die.md "Policies"):
 * - `aggressive`: advances on the objectives and the enemy, fires whenever it can hurt
 *   someone, the commander names the best shooter Main Effort;
 * - `cautious`: moves cover to cover, holds its Action as a Reaction unless a shot is
 *   likely to kill, the commander Signals for initiative when no shooter is worth it;
 * - `random`: every decision uniformly at random among the legal ones (env.policy).
 */
export const POLICY_IDS = ['aggressive', 'cautious', 'random'] as const;
export const POL_AGGRESSIVE = 0;
export const POL_CAUTIOUS = 1;
export const POL_RANDOM = 2;

export const COMMAND_MODES = ['main-effort', 'initiative', 'none'] as const;
export const CMD_MAIN_EFFORT = 0, CMD_INITIATIVE = 1, CMD_NONE = 2;

const knobs = {
  /** Weight per inch of closing on the nearest objective. */
  objective_weight: z.number().min(0).max(10).optional().describe('Higher: moves harder toward the nearest objective (weight per inch closed).'),
  /** Weight per inch of closing on the nearest enemy (up to the best weapon's range). */
  advance_weight: z.number().min(0).max(10).optional().describe('Higher: closes on the nearest enemy more eagerly, up to its best weapon\'s range (weight per inch).'),
  /** Value of ending a move in partial cover (`cover` terrain). */
  cover_weight: z.number().min(0).max(50).optional().describe('Higher: prefers to end its move in partial cover (`cover` terrain).'),
  /** Weight of the points the unit expects to lose at the end point (one turn of fire from every enemy that sees it). */
  exposure_weight: z.number().min(0).max(50).optional().describe('Higher: avoids end points where it expects to lose points to one turn of enemy fire.'),
  /** Penalty per friend (other than its own crew or gunner) ending within 3" of the unit: explosives' fodder. */
  spacing_weight: z.number().min(0).max(50).optional().describe('Higher: keeps more than 3" from friends (other than its crew) so one explosive hits fewer.'),
  /** Weight of the best expected kill value from the end point. */
  attack_weight: z.number().min(0).max(50).optional().describe('Higher: values end points with a better expected kill over safety or ground.'),
  /** Act only on an attack whose kill chance reaches this; otherwise hold the Action as a Reaction. */
  min_kill_chance: z.number().min(0).max(1).optional().describe('Higher: attacks only when the kill chance reaches this (0–1); otherwise holds the Action as a Reaction.'),
  /** Trade the Action for a second Move when no attack is available (troops, item 5). */
  double_move: z.boolean().optional().describe('Trade the Action for a second Move when no attack is available (troops only, item 5).'),
  /** Commander's Action (item 23/25): name a Main Effort, Signal for initiative, or neither. */
  command: z.enum(COMMAND_MODES).optional().describe('Commander\'s Action: name a Main Effort (item 23), Signal for initiative (item 25), or neither.'),
  /** Crew members give up their Action to add +1 to their gunner (item 12). */
  crew_assist: z.boolean().optional().describe('Crew members give up their Action to add +1 to their gunner (item 12).'),
  /** Spend held Actions as Reactions (item 6). */
  react: z.boolean().optional().describe('Spend held Actions as Reactions during the enemy\'s turn (item 6).'),
  /** Explosives: skip an aim point whose friendly points in the Radius exceed this share of the enemy points. */
  friendly_fire_ratio: z.number().min(0).max(10).optional().describe('Higher: accepts more friends under a blast; skips an aim point whose friendly points in the Radius exceed this share of enemy points.'),
  /** Deployment: share of the zone's width used (0 = bunched in the centre, 1 = edge to edge). */
  deploy_spread: z.number().min(0).max(1).optional().describe('Share of the deployment zone\'s width used: 0 = bunched in the centre, 1 = edge to edge.'),
};

type KnobOptions = { [K in keyof typeof knobs]?: z.infer<(typeof knobs)[K]> };

export const policySchema = z.union([z.enum(POLICY_IDS), z.object({ id: z.enum(POLICY_IDS).describe('The preset the knobs start from: aggressive, cautious or random.'), ...knobs }).strict()]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  objectiveWeight: number;
  advanceWeight: number;
  coverWeight: number;
  exposureWeight: number;
  spacingWeight: number;
  attackWeight: number;
  minKillChance: number;
  doubleMove: boolean;
  command: number;
  crewAssist: boolean;
  react: boolean;
  friendlyFireRatio: number;
  deploySpread: number;
}

const PRESETS: Record<(typeof POLICY_IDS)[number], Omit<PolicyParams, 'kind'>> = {
  aggressive: { objectiveWeight: 1, advanceWeight: 0.5, coverWeight: 2, exposureWeight: 0.5, spacingWeight: 1, attackWeight: 20, minKillChance: 0, doubleMove: true, command: CMD_MAIN_EFFORT, crewAssist: true, react: true, friendlyFireRatio: 0.25, deploySpread: 0.8 },
  cautious: { objectiveWeight: 0.6, advanceWeight: 0.1, coverWeight: 6, exposureWeight: 2, spacingWeight: 3, attackWeight: 15, minKillChance: 0.25, doubleMove: false, command: CMD_INITIATIVE, crewAssist: true, react: true, friendlyFireRatio: 0, deploySpread: 0.6 },
  random: { objectiveWeight: 0, advanceWeight: 0, coverWeight: 0, exposureWeight: 0, spacingWeight: 0, attackWeight: 0, minKillChance: 0, doubleMove: true, command: CMD_MAIN_EFFORT, crewAssist: true, react: true, friendlyFireRatio: 10, deploySpread: 1 },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  const b = PRESETS[id];
  const o: KnobOptions = typeof p === 'string' ? {} : (p as KnobOptions);
  return {
    kind: POLICY_IDS.indexOf(id),
    objectiveWeight: o.objective_weight ?? b.objectiveWeight,
    advanceWeight: o.advance_weight ?? b.advanceWeight,
    coverWeight: o.cover_weight ?? b.coverWeight,
    exposureWeight: o.exposure_weight ?? b.exposureWeight,
    spacingWeight: o.spacing_weight ?? b.spacingWeight,
    attackWeight: o.attack_weight ?? b.attackWeight,
    minKillChance: o.min_kill_chance ?? b.minKillChance,
    doubleMove: o.double_move ?? b.doubleMove,
    command: o.command ? COMMAND_MODES.indexOf(o.command) : b.command,
    crewAssist: o.crew_assist ?? b.crewAssist,
    react: o.react ?? b.react,
    friendlyFireRatio: o.friendly_fire_ratio ?? b.friendlyFireRatio,
    deploySpread: o.deploy_spread ?? b.deploySpread,
  };
}
