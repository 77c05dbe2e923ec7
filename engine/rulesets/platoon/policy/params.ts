import { z } from 'zod';

/**
 * Platoon policies (docs/rules/platoon.md "Policies"). `aggressive` and `cautious` are
 * presets of one scripted player with sweepable weights; `random` makes every decision
 * uniformly among the legal choices (env.policy), as the measuring floor.
 */
export const POLICY_IDS = ['aggressive', 'cautious', 'random'] as const;
export const POL_AGGRESSIVE = 0;
export const POL_CAUTIOUS = 1;
export const POL_RANDOM = 2;
export const TARGET_RULES = ['max-damage', 'nearest'] as const;
export const TGT_MAX_DAMAGE = 0;
export const TGT_NEAREST = 1;

const weights = {
  /** Distance (inches) it wants to end a move at from the nearest enemy. */
  advance_to_in: z.number().min(0).max(72).optional().describe('Inches from the nearest enemy it wants to end a move at; lower = closes in harder.'),
  /** Weight of ending a move in cover (per cover class) against distance error (per inch). */
  cover_weight: z.number().min(0).max(20).optional().describe('Higher: values ending a move in cover (per cover class) over reaching the wanted distance (per inch).'),
  /** Rally when pinned at least this much. */
  rally_pins: z.number().int().min(1).max(12).optional().describe('Rallies when it has at least this many pins; lower = rallies sooner.'),
  /** React Down when shot at if the expected models lost reach this. */
  react_down_loss: z.number().min(0).max(10).optional().describe('Reacts Down when shot at if the expected models lost reach this; lower = ducks more often.'),
  /** Assault when expected casualties inflicted / suffered reach this. */
  assault_odds: z.number().min(0).max(20).optional().describe('Assaults when expected casualties inflicted / suffered reach this; lower = assaults more often.'),
  /** Take Ambush when no target is in range (instead of advancing). */
  ambush_when_idle: z.boolean().optional().describe('Takes Ambush when no target is in range, instead of advancing.'),
  /** Keep Down at the turn end when pinned at least this much. */
  keep_down_pins: z.number().int().min(1).max(20).optional().describe('Keeps Down at Turn End when it has at least this many pins (to shed them, R6); lower = stays Down more.'),
  /** Minimum expected damage for a Fire order to beat moving. */
  fire_threshold: z.number().min(0).max(10).optional().describe('Minimum expected damage for a Fire order to beat moving; higher = fires less, moves more.'),
  target_rule: z.enum(TARGET_RULES).optional().describe('Which target to shoot: the one it expects to damage most, or the nearest.'),
  /** Vehicles stop at least this far from the nearest enemy (out of Panzerfaust and assault reach). */
  vehicle_stand_off_in: z.number().min(0).max(72).optional().describe('Vehicles stop at least this many inches from the nearest enemy (out of Panzerfaust and assault reach).'),
};
type WeightOptions = { [K in keyof typeof weights]?: z.infer<(typeof weights)[K]> };

export const policySchema = z.union([z.enum(POLICY_IDS), z.object({ id: z.enum(POLICY_IDS).describe('The preset the knobs start from: aggressive, cautious or random.'), ...weights }).strict()]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  advanceTo: number;
  coverWeight: number;
  rallyPins: number;
  reactDownLoss: number;
  assaultOdds: number;
  ambushWhenIdle: boolean;
  keepDownPins: number;
  fireThreshold: number;
  targetRule: number;
  vehicleStandOff: number;
}

const PRESETS: Record<(typeof POLICY_IDS)[number], Omit<PolicyParams, 'kind'>> = {
  aggressive: { advanceTo: 6, coverWeight: 1, rallyPins: 3, reactDownLoss: 2.5, assaultOdds: 1.2, ambushWhenIdle: false, keepDownPins: 20, fireThreshold: 0.6, targetRule: TGT_MAX_DAMAGE, vehicleStandOff: 14 },
  cautious: { advanceTo: 18, coverWeight: 4, rallyPins: 2, reactDownLoss: 1, assaultOdds: 3, ambushWhenIdle: true, keepDownPins: 3, fireThreshold: 0.2, targetRule: TGT_MAX_DAMAGE, vehicleStandOff: 24 },
  random: { advanceTo: 12, coverWeight: 0, rallyPins: 99, reactDownLoss: 99, assaultOdds: 99, ambushWhenIdle: false, keepDownPins: 99, fireThreshold: 0, targetRule: TGT_NEAREST, vehicleStandOff: 0 },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  const b = PRESETS[id];
  const o: WeightOptions = typeof p === 'string' ? {} : (p as WeightOptions);
  return {
    kind: POLICY_IDS.indexOf(id),
    advanceTo: o.advance_to_in ?? b.advanceTo,
    coverWeight: o.cover_weight ?? b.coverWeight,
    rallyPins: o.rally_pins ?? b.rallyPins,
    reactDownLoss: o.react_down_loss ?? b.reactDownLoss,
    assaultOdds: o.assault_odds ?? b.assaultOdds,
    ambushWhenIdle: o.ambush_when_idle ?? b.ambushWhenIdle,
    keepDownPins: o.keep_down_pins ?? b.keepDownPins,
    fireThreshold: o.fire_threshold ?? b.fireThreshold,
    targetRule: o.target_rule ? TARGET_RULES.indexOf(o.target_rule) : b.targetRule,
    vehicleStandOff: o.vehicle_stand_off_in ?? b.vehicleStandOff,
  };
}

/** A preset's parameters in config form (Ruleset.policyPreset: `squadsim tune` starts there). */
export function presetConfig(id: string): Record<string, unknown> | undefined {
  if (!Object.prototype.hasOwnProperty.call(PRESETS, id)) return undefined;
  const b = PRESETS[id as keyof typeof PRESETS];
  return {
    advance_to_in: b.advanceTo, cover_weight: b.coverWeight, rally_pins: b.rallyPins, react_down_loss: b.reactDownLoss,
    assault_odds: b.assaultOdds, ambush_when_idle: b.ambushWhenIdle, keep_down_pins: b.keepDownPins, fire_threshold: b.fireThreshold,
    target_rule: TARGET_RULES[b.targetRule], vehicle_stand_off_in: b.vehicleStandOff,
  };
}
