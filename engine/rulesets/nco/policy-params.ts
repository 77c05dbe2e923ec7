import { z } from 'zod';

/**
 * Scripted policies are one decision procedure with parameters a designer can sweep;
 * `aggressive` and `cautious` are two presets of it. `random` picks uniformly among legal
 * choices so tests exercise every rule.
 */
export const POLICY_IDS = ['aggressive', 'cautious', 'random'] as const;
export const POL_AGGRESSIVE = 0;
export const POL_CAUTIOUS = 1;
export const POL_RANDOM = 2;

export const TARGET_PRIORITIES = ['nearest', 'weakest', 'valuable'] as const;

const scriptedShape = {
  /** 0..1: how readily soldiers advance, run and assault rather than hold and shoot. */
  aggression: z.number().min(0).max(1).optional(),
  /** 0..1: how strongly movement prefers ending in cover. */
  cover_preference: z.number().min(0).max(1).optional(),
  /** Which visible enemy to shoot first. */
  target_priority: z.enum(TARGET_PRIORITIES).optional(),
  /** Take a reactive Down when the incoming attack's hit chance is at least this (1 = never). */
  reactive_down_threshold: z.number().min(0).max(1).optional(),
  /** Assault only when own close-combat courage exceeds the target's by at least this. */
  assault_margin: z.number().int().min(-6).max(6).optional(),
  /** 0..1: share of qualifying soldiers that set an Ambush instead of Focus Fire when no shot is good. */
  ambush_preference: z.number().min(0).max(1).optional(),
};

type ScriptedOptions = { [K in keyof typeof scriptedShape]?: z.infer<(typeof scriptedShape)[K]> };

export const policySchema = z.union([
  z.enum(POLICY_IDS),
  z.object({ id: z.enum(['aggressive', 'cautious']), ...scriptedShape }).strict(),
  z.object({ id: z.literal('random') }).strict(),
]);
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  aggression: number;
  coverPreference: number;
  targetPriority: number;
  reactiveDownThreshold: number;
  assaultMargin: number;
  ambushPreference: number;
}

const PRESETS: Record<'aggressive' | 'cautious', Omit<PolicyParams, 'kind'>> = {
  aggressive: { aggression: 0.8, coverPreference: 0.2, targetPriority: 0, reactiveDownThreshold: 1, assaultMargin: 1, ambushPreference: 0 },
  cautious: { aggression: 0.2, coverPreference: 0.9, targetPriority: 1, reactiveDownThreshold: 0.5, assaultMargin: 3, ambushPreference: 0.5 },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  if (id === 'random') return { kind: POL_RANDOM, aggression: 0.5, coverPreference: 0.5, targetPriority: 0, reactiveDownThreshold: 0.5, assaultMargin: 0, ambushPreference: 0.5 };
  const base = PRESETS[id];
  const o: ScriptedOptions = typeof p === 'string' ? {} : (p as ScriptedOptions);
  return {
    kind: id === 'aggressive' ? POL_AGGRESSIVE : POL_CAUTIOUS,
    aggression: o.aggression ?? base.aggression,
    coverPreference: o.cover_preference ?? base.coverPreference,
    targetPriority: o.target_priority ? TARGET_PRIORITIES.indexOf(o.target_priority) : base.targetPriority,
    reactiveDownThreshold: o.reactive_down_threshold ?? base.reactiveDownThreshold,
    assaultMargin: o.assault_margin ?? base.assaultMargin,
    ambushPreference: o.ambush_preference ?? base.ambushPreference,
  };
}
