import { z } from 'zod';

/**
 * Scripted policies are one decision procedure with parameters a designer can sweep;
 * `aggressive`, `cautious` and `objective` (rushes scenario objectives) are presets of it.
 * `random` picks uniformly among legal choices so tests exercise every rule.
 */
export const POLICY_IDS = ['aggressive', 'cautious', 'random', 'objective'] as const;
export const POL_AGGRESSIVE = 0;
export const POL_CAUTIOUS = 1;
export const POL_RANDOM = 2;
/** Rushes scenario objectives (a preset of the scripted procedure with a high objective_weight). */
export const POL_OBJECTIVE = 3;

export const TARGET_PRIORITIES = ['nearest', 'weakest', 'valuable', 'kill'] as const;

const scriptedShape = {
  /** 0..1: how readily soldiers advance, run and assault rather than hold and shoot. */
  aggression: z.number().min(0).max(1).optional().describe('0–1, higher: soldiers advance, run and assault more readily rather than hold and shoot.'),
  /** 0..1: how strongly movement prefers ending in cover. */
  cover_preference: z.number().min(0).max(1).optional().describe('0–1, higher: movement prefers ending in cover more strongly.'),
  /** Which visible enemy to shoot first. */
  target_priority: z.enum(TARGET_PRIORITIES).optional().describe('Which visible enemy to shoot first: the nearest (best odds), the weakest, the most valuable, or `kill` (victory points for a kill, weighted toward the wounded: fire concentrates to finish them).'),
  /** Take a reactive Down when the incoming attack's hit chance is at least this (1 = never). */
  reactive_down_threshold: z.number().min(0).max(1).optional().describe('Takes a reactive Down when the incoming attack\'s hit chance is at least this; lower = ducks more (1 = never).'),
  /** Assault only when own close-combat courage exceeds the target's by at least this. */
  assault_margin: z.number().int().min(-6).max(6).optional().describe('Assaults only when own close-combat courage exceeds the target\'s by at least this; lower = assaults more.'),
  /** 0..1: share of qualifying soldiers that set an Ambush instead of Focus Fire when no shot is good. */
  ambush_preference: z.number().min(0).max(1).optional().describe('0–1, higher: more qualifying soldiers set an Ambush instead of Focus Fire when no shot is good.'),
  /** 0..1: how much scenario objectives weigh against killing (share of soldiers sent, targets favoured). */
  objective_weight: z.number().min(0).max(1).optional().describe('0–1, higher: scenario objectives weigh more against killing (more soldiers sent, objective targets favoured).'),
  /** Use a Down item (Letters, Morphine, Flask, Tobacco) when its expected health + psyche gain is at least this. */
  item_min_gain: z.number().min(0).max(6).optional().describe('Uses a Down item (Letters, Morphine, Flask, Tobacco) when its expected health + psyche gain is at least this; lower = uses items sooner.'),
  /** Use the Extra Magazine when the second Fire's chance of a hit (× hit dice) is at least this. */
  extra_magazine_min_chance: z.number().min(0).max(2).optional().describe('Uses the Extra Magazine when the second Fire\'s expected hits (chance × hit dice) are at least this.'),
  /** 0..1: share of a Run a soldier spends to climb to high ground with a shot from the top (item 70); 0 = never climbs. */
  high_ground_run: z.number().min(0).max(1).optional().describe('0–1: the share of a Run (2×M, the climb\'s height included) a soldier with no good shot spends to climb onto high ground that has an enemy in range and sight below it (item 70\'s +1), and a soldier up there holds and fires; 0 = never climbs.'),
  /** 0..1: how far along an enemy's Run toward the ambusher an Ambush looks for a point it covers; 0 = sets it blind. */
  fire_first: z.boolean().optional().describe('When a die is drawn, give it to the soldier with the best shot worth a Fire before those who would move (shots land before the enemy acts again); false = soldiers nearest the enemy first.'),
  ambush_lookahead: z.number().min(0).max(1).optional().describe('0–1: an Ambush is set only when some enemy, moving this share of his Run straight toward the ambusher, passes a point in the ambusher\'s sight and range (item 32), and next turn he cancels it for a new order when he has a good shot or no enemy can come into view; 0 = sets it with no enemy in reach and always waits (the old blind Ambush).'),
};

type ScriptedOptions = { [K in keyof typeof scriptedShape]?: z.infer<(typeof scriptedShape)[K]> };

export const policySchema = z.union([
  z.enum(POLICY_IDS),
  z.object({ id: z.enum(['aggressive', 'cautious', 'objective']).describe('The scripted preset the knobs start from: aggressive, cautious or objective (rushes scenario objectives).'), ...scriptedShape }).strict(),
  z.object({ id: z.literal('random').describe('Uniformly random legal choices, the measuring floor; takes no knobs.') }).strict(),
]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  aggression: number;
  coverPreference: number;
  targetPriority: number;
  reactiveDownThreshold: number;
  assaultMargin: number;
  ambushPreference: number;
  objectiveWeight: number;
  itemMinGain: number;
  extraMagazineMinChance: number;
  highGroundRun: number;
  ambushLookahead: number;
  fireFirst: boolean;
}

const PRESETS: Record<'aggressive' | 'cautious' | 'objective', Omit<PolicyParams, 'kind'>> = {
  aggressive: { objectiveWeight: 0.3, aggression: 0.8, coverPreference: 0.2, targetPriority: 0, reactiveDownThreshold: 1, assaultMargin: 1, ambushPreference: 0, itemMinGain: 1, extraMagazineMinChance: 0.3, highGroundRun: 0, ambushLookahead: 0, fireFirst: false },
  cautious: { objectiveWeight: 0.3, aggression: 0.2, coverPreference: 0.9, targetPriority: 1, reactiveDownThreshold: 0.5, assaultMargin: 3, ambushPreference: 0.5, itemMinGain: 1, extraMagazineMinChance: 0.5, highGroundRun: 0, ambushLookahead: 1, fireFirst: false },
  objective: { objectiveWeight: 0.9, aggression: 0.8, coverPreference: 0.2, targetPriority: 0, reactiveDownThreshold: 1, assaultMargin: 1, ambushPreference: 0, itemMinGain: 1, extraMagazineMinChance: 0.3, highGroundRun: 0, ambushLookahead: 0, fireFirst: false },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  if (id === 'random') return { kind: POL_RANDOM, objectiveWeight: 0.5, aggression: 0.5, coverPreference: 0.5, targetPriority: 0, reactiveDownThreshold: 0.5, assaultMargin: 0, ambushPreference: 0.5, itemMinGain: 1, extraMagazineMinChance: 0.3, highGroundRun: 0, ambushLookahead: 0, fireFirst: false };
  const base = PRESETS[id];
  const o: ScriptedOptions = typeof p === 'string' ? {} : (p as ScriptedOptions);
  return {
    kind: id === 'aggressive' ? POL_AGGRESSIVE : id === 'objective' ? POL_OBJECTIVE : POL_CAUTIOUS,
    objectiveWeight: o.objective_weight ?? base.objectiveWeight,
    aggression: o.aggression ?? base.aggression,
    coverPreference: o.cover_preference ?? base.coverPreference,
    targetPriority: o.target_priority ? TARGET_PRIORITIES.indexOf(o.target_priority) : base.targetPriority,
    reactiveDownThreshold: o.reactive_down_threshold ?? base.reactiveDownThreshold,
    assaultMargin: o.assault_margin ?? base.assaultMargin,
    ambushPreference: o.ambush_preference ?? base.ambushPreference,
    itemMinGain: o.item_min_gain ?? base.itemMinGain,
    extraMagazineMinChance: o.extra_magazine_min_chance ?? base.extraMagazineMinChance,
    highGroundRun: o.high_ground_run ?? base.highGroundRun,
    ambushLookahead: o.ambush_lookahead ?? base.ambushLookahead,
    fireFirst: o.fire_first ?? base.fireFirst,
  };
}

/** A named preset's parameters in config form (Ruleset.policyPreset: `tune` starts from it). */
export function presetConfig(id: string): Record<string, unknown> | undefined {
  if (!Object.prototype.hasOwnProperty.call(PRESETS, id)) return undefined;
  const b = PRESETS[id as keyof typeof PRESETS];
  return {
    aggression: b.aggression, cover_preference: b.coverPreference, target_priority: TARGET_PRIORITIES[b.targetPriority],
    reactive_down_threshold: b.reactiveDownThreshold, assault_margin: b.assaultMargin, ambush_preference: b.ambushPreference,
    objective_weight: b.objectiveWeight, item_min_gain: b.itemMinGain, extra_magazine_min_chance: b.extraMagazineMinChance,
    high_ground_run: b.highGroundRun, ambush_lookahead: b.ambushLookahead, fire_first: b.fireFirst,
  };
}
