import { z } from 'zod';

/**
 * OWAM policies are one scripted player with sweepable weights; the ids are presets
 * (docs/rules/owam.md "Policies"):
 * - `aggressive`: closes in, attacks the FT it can hurt most, spends CDs on offence;
 * - `cautious`: holds cover, entrenches and hides in Stealth, fires from range, keeps
 *   Evade and F.U.B.A.R. for defence;
 * - `random`: a uniformly random legal choice at every decision (on env.policy).
 */
export const POLICY_IDS = ['aggressive', 'cautious', 'random'] as const;
export const POL_AGGRESSIVE = 0, POL_CAUTIOUS = 1, POL_RANDOM = 2;

const weights = {
  /** Attack when the attack's value (Σ over firers of P(suppress) + 2·P(kill), normal approximation) is at least this. */
  attack_margin: z.number().min(0).max(20).optional().describe('Higher: attacks less readily; attacks only when the expected value (sum over firers of P(suppress) + 2·P(kill)) reaches this.'),
  /** Weight per card of closing on the goal (objective or nearest enemy). */
  approach_weight: z.number().min(0).max(10).optional().describe('Higher: moves harder toward the goal (objective or nearest enemy), weight per card closed.'),
  /** Weight of the destination's defense (terrain, entrenchment). */
  cover_weight: z.number().min(0).max(10).optional().describe('Higher: prefers destinations with better defense (terrain, entrenchment).'),
  /** Penalty per enemy FT with LOS to the destination. */
  exposure_weight: z.number().min(0).max(10).optional().describe('Higher: avoids destinations seen by more enemy FTs (penalty per FT with LOS).'),
  /** Assault (move into an enemy's card) only with at least this ratio of fit soldiers. */
  assault_ratio: z.number().min(0).max(10).optional().describe('Higher: assaults less; moves into an enemy\'s card only with at least this ratio of fit soldiers.'),
  /** Retreat from an assault when own fit soldiers < enemy's × this. */
  retreat_ratio: z.number().min(0).max(10).optional().describe('Higher: retreats from assaults sooner; retreats when own fit soldiers < enemy\'s × this.'),
  /** Rally when at least this share of the FT is suppressed. */
  rally_share: z.number().min(0).max(1).optional().describe('Lower: rallies sooner; rallies when at least this share of the FT is suppressed (0–1).'),
  /** Hold Evade / F.U.B.A.R. / Chain of Command cards rather than spend them as Standing Orders. */
  hold_reactive: z.boolean().optional().describe('Keep Evade, F.U.B.A.R. and Chain of Command cards for their Command Decision rather than spend them as Standing Orders.'),
  /** Use Stealth and Entrench when not attacking. */
  dig_in: z.boolean().optional().describe('Use Stealth and Entrench when not attacking.'),
  /** F.U.B.A.R. an enemy Attack Order aimed at own FTs. */
  fubar_attacks: z.boolean().optional().describe('Play F.U.B.A.R. on an enemy Attack Order aimed at own FTs.'),
  /** Chain of Command a flip that is at least this far on the wrong side of the die's middle. */
  coc_margin: z.number().min(0).max(8).optional().describe('Lower: plays Chain of Command more often; replays a flip at least this far on the wrong side of the die\'s middle.'),
  /** Number of FTs the squad is split into when the config gives none (§4.1). */
  fireteams: z.number().int().min(1).max(4).optional().describe('Number of FTs the squad is split into when the side gives no fireteams (item 19).'),
};

type WeightOptions = { [K in keyof typeof weights]?: z.infer<(typeof weights)[K]> };

export const policySchema = z.union([z.enum(POLICY_IDS), z.object({ id: z.enum(POLICY_IDS).describe('The preset the knobs start from: aggressive, cautious or random.'), ...weights }).strict()]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');
export type PolicyConfig = z.infer<typeof policySchema>;

export interface PolicyParams {
  kind: number;
  attackMargin: number;
  approachWeight: number;
  coverWeight: number;
  exposureWeight: number;
  assaultRatio: number;
  retreatRatio: number;
  rallyShare: number;
  holdReactive: boolean;
  digIn: boolean;
  fubarAttacks: boolean;
  cocMargin: number;
  fireteams: number;
}

const PRESETS: Record<(typeof POLICY_IDS)[number], Omit<PolicyParams, 'kind'>> = {
  aggressive: { attackMargin: 0.05, approachWeight: 1.5, coverWeight: 0.3, exposureWeight: 0.2, assaultRatio: 1.5, retreatRatio: 0.5, rallyShare: 0.5, holdReactive: false, digIn: false, fubarAttacks: true, cocMargin: 2, fireteams: 2 },
  cautious: { attackMargin: 0.4, approachWeight: 0.4, coverWeight: 1, exposureWeight: 0.8, assaultRatio: 3, retreatRatio: 1, rallyShare: 0.3, holdReactive: true, digIn: true, fubarAttacks: true, cocMargin: 1, fireteams: 3 },
  random: { attackMargin: 0, approachWeight: 0, coverWeight: 0, exposureWeight: 0, assaultRatio: 0, retreatRatio: 0.5, rallyShare: 0.5, holdReactive: false, digIn: false, fubarAttacks: false, cocMargin: 0, fireteams: 2 },
};

export function resolvePolicy(p: PolicyConfig): PolicyParams {
  const id = typeof p === 'string' ? p : p.id;
  const b = PRESETS[id];
  const o: WeightOptions = typeof p === 'string' ? {} : (p as WeightOptions);
  return {
    kind: POLICY_IDS.indexOf(id),
    attackMargin: o.attack_margin ?? b.attackMargin,
    approachWeight: o.approach_weight ?? b.approachWeight,
    coverWeight: o.cover_weight ?? b.coverWeight,
    exposureWeight: o.exposure_weight ?? b.exposureWeight,
    assaultRatio: o.assault_ratio ?? b.assaultRatio,
    retreatRatio: o.retreat_ratio ?? b.retreatRatio,
    rallyShare: o.rally_share ?? b.rallyShare,
    holdReactive: o.hold_reactive ?? b.holdReactive,
    digIn: o.dig_in ?? b.digIn,
    fubarAttacks: o.fubar_attacks ?? b.fubarAttacks,
    cocMargin: o.coc_margin ?? b.cocMargin,
    fireteams: o.fireteams ?? b.fireteams,
  };
}
