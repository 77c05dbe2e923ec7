import { z } from 'zod';

/**
 * Iron Squad policies are one hex-scoring procedure with sweepable weights; the three ids
 * are presets of it (docs/rules/iron-squad.md "Policies"):
 * - `bot`: the rulebook's solo bot (items 74, R20): the lowest-HP enemy it can reach,
 *   ties by the priority list, then the best terrain, then the shortest move; moves, then fires.
 * - `rush`: heads for its mission's objective hex and shoots what it meets.
 * - `farm`: cautious VP farming: reveals tiles, explores buildings, visits objectives,
 *   fires first and then moves into cover away from enemy guns.
 */
export const POLICY_IDS = ['bot', 'rush', 'farm'] as const;
export const POL_BOT = 0;
export const POL_RUSH = 1;
export const POL_FARM = 2;

export const TARGET_RULES = ['lowest-hp', 'max-damage'] as const;
export const TGT_LOWEST_HP = 0;
export const TGT_MAX_DAMAGE = 1;

const weights = {
  /** Weight of the expected health taken off the best target from the end hex. */
  attack_weight: z.number().min(0).max(10).optional().describe('Higher: prefers end hexes from which it expects to take more health off the best target.'),
  /** Weight of the end hex's cover (minus the TAM an enemy rifle would suffer) and high ground. */
  cover_weight: z.number().min(0).max(10).optional().describe('Higher: prefers end hexes with better cover (the TAM an enemy rifle would suffer) and high ground.'),
  /** Weight per hex of getting closer to the mission objective hex. */
  objective_weight: z.number().min(0).max(10).optional().describe('Higher: heads harder for its mission\'s objective hex (weight per hex closed).'),
  /** Weight of VP earned by the end hex (unexplored Building, unvisited objective). */
  vp_weight: z.number().min(0).max(10).optional().describe('Higher: prefers end hexes that earn VP (unexplored Building, unvisited objective).'),
  /** Penalty per enemy that could shoot the end hex next turn. */
  exposure_weight: z.number().min(0).max(10).optional().describe('Higher: avoids end hexes more enemies could shoot next turn (penalty per enemy).'),
  /** Weight per hex of closing in on the nearest enemy. */
  approach_weight: z.number().min(0).max(10).optional().describe('Higher: closes in on the nearest enemy more (weight per hex).'),
  /** Weight per hex of closing in on the enemy's mission objective; used only with rules.full_information (R19). */
  deny_weight: z.number().min(0).max(10).optional().describe('Higher: guards the enemy\'s mission objective hex (weight per hex); used only with rules.full_information (R19).'),
  /** How targets are picked. */
  target_rule: z.enum(TARGET_RULES).optional().describe('How targets are picked: the lowest-Health enemy in range (the solo bot, R20) or the most expected damage.'),
  /** Spend MP to reveal adjacent face-down tiles (at most this many per activation). */
  reveals_per_activation: z.number().int().min(0).max(6).optional().describe('Spends MP to reveal up to this many adjacent face-down tiles per activation (item 15).'),
  /** Fire from the start hex before moving when a shot is available. */
  fire_first: z.boolean().optional().describe('Fires from the start hex before moving when a shot is available.'),
  /** Item 22: fire from the hex along the move with the best shot (move, fire, move on) when it beats the shot at the end. */
  fire_mid_move: z.boolean().optional().describe('Fires from the hex along its move with the best shot, then moves on, when that beats the shot at the end (item 22).'),
  /** Skip a shot whose chance of "A −1H" exceeds this. */
  max_backfire: z.number().min(0).max(1).optional().describe('Skips a shot whose chance of an "A −1H" result exceeds this (0–1); lower = more careful.'),
  /** Units placed per row from the deployment edge (0 = on the road-side rows, 1 = back rows). */
  deploy_depth: z.number().min(0).max(1).optional().describe('Where units deploy in their zone: 0 = the road-side rows, 1 = the back rows.'),
  /** Item 69, R8: extra VP-equivalent of killing an enemy whose death advances the side's own mission (policy/mission.ts). */
  mission_kill_bonus: z.number().min(0).max(10).optional().describe('Higher: values a kill that advances its own mission (the mission card\'s enemy type, or any kill when the enemy never fielded it) this much more (VP-equivalent, on top of the 3 VP of a kill).'),
  /** Item 23: once the kill part is done, a unit that can reach the free objective hex goes there and wins. */
  finish_mission: z.boolean().optional().describe('When its mission\'s kill part is done, a unit that can reach the objective hex (no enemy on it) moves there, completing the mission (item 23).'),
  /** Item 69: the approach term closes in on the nearest enemy whose death advances the mission instead of the nearest enemy. */
  hunt_mission: z.boolean().optional().describe('The approach term closes in on the nearest enemy whose death advances its own mission (when one is alive) instead of the nearest enemy.'),
  /** Items 60, R15: a Medic who has not healed this round ends his move next to the neediest friend he can reach (policy/support.ts). */
  medic_seeks_wounded: z.boolean().optional().describe('A Medic who has not healed this round moves next to the friend missing the most health (immobilised first) that he can reach, and heals him (item 60).'),
  /** Item 21: the units between the Engineer and the Medic activate in order of their best shot from where they stand (policy/order.ts). */
  shots_first: z.boolean().optional().describe('Units other than the Engineer (first) and the Medic (last) activate in order of the best shot they have from where they stand, those without one last (item 21).'),
  /** Digest section 4 item 5: a unit at this health or less moves where the fewest enemies can shoot it (0 = never; policy/support.ts). */
  retreat_health: z.number().int().min(0).max(4).optional().describe('A unit at this health or less ends its move where the fewest enemies could shoot it next turn, then in the best cover (0 = never retreats).'),
};

type WeightOptions = { [K in keyof typeof weights]?: z.infer<(typeof weights)[K]> };

export const policySchema = z.union([z.enum(POLICY_IDS), z.object({ id: z.enum(POLICY_IDS).describe('The preset the knobs start from: bot (the rulebook\'s solo bot), rush or farm.'), ...weights }).strict()]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  attackWeight: number;
  coverWeight: number;
  objectiveWeight: number;
  vpWeight: number;
  exposureWeight: number;
  approachWeight: number;
  denyWeight: number;
  targetRule: number;
  revealsPerActivation: number;
  fireFirst: boolean;
  fireMidMove: boolean;
  maxBackfire: number;
  deployDepth: number;
  missionKillBonus: number;
  finishMission: boolean;
  huntMission: boolean;
  medicSeeksWounded: boolean;
  shotsFirst: boolean;
  retreatHealth: number;
}

const PRESETS: Record<(typeof POLICY_IDS)[number], Omit<PolicyParams, 'kind'>> = {
  bot: { attackWeight: 4, coverWeight: 0.1, objectiveWeight: 0, vpWeight: 0, exposureWeight: 0, approachWeight: 1, denyWeight: 0, targetRule: TGT_LOWEST_HP, revealsPerActivation: 0, fireFirst: false, fireMidMove: true, maxBackfire: 1, deployDepth: 0, missionKillBonus: 0, finishMission: false, huntMission: false, medicSeeksWounded: false, shotsFirst: false, retreatHealth: 0 },
  rush: { attackWeight: 2, coverWeight: 0.05, objectiveWeight: 1.5, vpWeight: 0.5, exposureWeight: 0.2, approachWeight: 0.2, denyWeight: 0, targetRule: TGT_MAX_DAMAGE, revealsPerActivation: 1, fireFirst: false, fireMidMove: true, maxBackfire: 0.4, deployDepth: 0, missionKillBonus: 0, finishMission: false, huntMission: false, medicSeeksWounded: false, shotsFirst: false, retreatHealth: 0 },
  farm: { attackWeight: 1.5, coverWeight: 0.15, objectiveWeight: 0.3, vpWeight: 2, exposureWeight: 0.8, approachWeight: 0.1, denyWeight: 0.5, targetRule: TGT_MAX_DAMAGE, revealsPerActivation: 3, fireFirst: true, fireMidMove: true, maxBackfire: 0.25, deployDepth: 1, missionKillBonus: 0, finishMission: false, huntMission: false, medicSeeksWounded: false, shotsFirst: false, retreatHealth: 0 },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  const base = PRESETS[id];
  const o: WeightOptions = typeof p === 'string' ? {} : (p as WeightOptions);
  return {
    kind: POLICY_IDS.indexOf(id),
    attackWeight: o.attack_weight ?? base.attackWeight,
    coverWeight: o.cover_weight ?? base.coverWeight,
    objectiveWeight: o.objective_weight ?? base.objectiveWeight,
    vpWeight: o.vp_weight ?? base.vpWeight,
    exposureWeight: o.exposure_weight ?? base.exposureWeight,
    approachWeight: o.approach_weight ?? base.approachWeight,
    denyWeight: o.deny_weight ?? base.denyWeight,
    targetRule: o.target_rule ? TARGET_RULES.indexOf(o.target_rule) : base.targetRule,
    revealsPerActivation: o.reveals_per_activation ?? base.revealsPerActivation,
    fireFirst: o.fire_first ?? base.fireFirst,
    fireMidMove: o.fire_mid_move ?? base.fireMidMove,
    maxBackfire: o.max_backfire ?? base.maxBackfire,
    deployDepth: o.deploy_depth ?? base.deployDepth,
    missionKillBonus: o.mission_kill_bonus ?? base.missionKillBonus,
    finishMission: o.finish_mission ?? base.finishMission,
    huntMission: o.hunt_mission ?? base.huntMission,
    medicSeeksWounded: o.medic_seeks_wounded ?? base.medicSeeksWounded,
    shotsFirst: o.shots_first ?? base.shotsFirst,
    retreatHealth: o.retreat_health ?? base.retreatHealth,
  };
}

/** A named preset's parameters in config form (Ruleset.policyPreset: `tune` starts from it). */
export function presetConfig(id: string): Record<string, unknown> | undefined {
  if (!Object.prototype.hasOwnProperty.call(PRESETS, id)) return undefined;
  const b = PRESETS[id as keyof typeof PRESETS];
  return {
    attack_weight: b.attackWeight, cover_weight: b.coverWeight, objective_weight: b.objectiveWeight, vp_weight: b.vpWeight,
    exposure_weight: b.exposureWeight, approach_weight: b.approachWeight, deny_weight: b.denyWeight,
    target_rule: TARGET_RULES[b.targetRule], reveals_per_activation: b.revealsPerActivation, fire_first: b.fireFirst, fire_mid_move: b.fireMidMove,
    max_backfire: b.maxBackfire, deploy_depth: b.deployDepth, mission_kill_bonus: b.missionKillBonus, finish_mission: b.finishMission,
    hunt_mission: b.huntMission, medic_seeks_wounded: b.medicSeeksWounded, shots_first: b.shotsFirst, retreat_health: b.retreatHealth,
  };
}
