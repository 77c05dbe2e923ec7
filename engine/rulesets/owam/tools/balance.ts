/**
 * `squadsim balance` for OWAM (issue 28): random legal squads at a Squad Points budget, and the
 * features (soldier ranks, and the weapons the cards carry) the win model is fitted on.
 *
 * A squad is what the rules allow (items 16–19, R3): a choice of soldier cards from the
 * division's 12 (each card a rank and a weapon; with rules.historical only the division's
 * first ones), costing at most the Squad Points, dealt into at most the mission's FTs, each
 * with a Leader and at most the mission's soldiers. The force is the side's `fireteams` (card
 * numbers); the side's nation comes from rules.default_nations (D18), one per seat, since a
 * force plays both seats. Feature ids are the keys of rules.cost_overrides (D17): a rank's
 * printed cost is its R3 points, a weapon's is 0 (R3 prices soldiers by rank only; the bolt
 * rifle is the baseline and no feature). The sweep's `scenario` names the mission (written as
 * the config's `mission`; default King of the Hill), which sets the squad points and FT limits.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import type { BalanceFeature, BalanceProvider, BalanceSpec, BalanceSweep } from '../../../ruleset.ts';
import { MISSION_IDS, MISSIONS, type MissionId } from '../data/missions.ts';
import { owamRulesSchema } from '../data/params.ts';
import { cardPoints, DEFAULT_ROSTER, DIVISIONS, NATIONS, NATION_SIDE, RANKS, type NationId, type SoldierCard } from '../data/soldiers.ts';

/** The mission sweep games play unless the sweep's `scenario` names one (the config default). */
const DEFAULT_MISSION: MissionId = 'king_of_the_hill';
/** Features: ranks high to low, then the weapons that differ from the bolt rifle. */
const RANK_FEATURES = ['captain', 'sergeant', 'corporal', 'pfc', 'private'] as const;
const WEAPON_FEATURES = ['smg', 'semi_rifle', 'sniper', 'mg'] as const;
const ALL_FEATURES: readonly string[] = [...RANK_FEATURES, ...WEAPON_FEATURES];
const BASELINE = 'bolt_rifle';
const LABELS: Record<string, string> = {
  captain: 'Captain', sergeant: 'Sergeant', corporal: 'Corporal', pfc: 'Private First Class', private: 'Private',
  smg: 'SMG', semi_rifle: 'Semi-automatic rifle', sniper: 'Sniper rifle', mg: 'Machine gun',
};

const budgetSchema = z.strictObject({
  points: z.number().int().min(5).max(200).optional().describe('Squad Points each random squad may cost (rules.squad_points of every game; default the mission\'s, 75 in King of the Hill).'),
  band: z.number().min(0).max(0.9).default(0.2).describe('Each squad spends at most a budget drawn uniformly from [(1 − band)·points, points].'),
});
const rosterOptionsSchema = z.strictObject({
  nations: z.tuple([z.enum(NATIONS), z.enum(NATIONS)]).default(['usa', 'germany']).describe('Nations of seat 1 (an Allied nation) and seat 2 (an Axis one): rules.default_nations of every game.'),
  fireteams: z.union([z.literal('random'), z.number().int().min(1).max(4)]).default('random').describe('FTs a squad is dealt into: a number (fewer when the squad has fewer Leaders, more when the FTs would be over-full), or "random": uniform over the legal counts.'),
});
const featuresSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).default('all');

interface Plan {
  cards: { card: SoldierCard; cost: number; leader: boolean }[];
  points: number;
  band: number;
  ftMax: number;
  ftSize: number;
  fireteams: 'random' | number;
}

function prepare(spec: BalanceSpec): BalanceSweep {
  const missionId = spec.scenario === undefined ? DEFAULT_MISSION : parseOrThrow(z.enum(MISSION_IDS), spec.scenario, ['scenario']);
  const mission = MISSIONS[missionId];
  const parsed = parseOrThrow(budgetSchema, spec.budget ?? {}, ['budget']);
  const budget = { ...parsed, points: parsed.points ?? mission.squadPoints };
  const opts = parseOrThrow(rosterOptionsSchema, spec.roster ?? {}, ['roster']);
  const overrides = parseOrThrow(z.record(z.string(), z.number().int().min(0).max(200)).default({}), spec.cost_overrides, ['cost_overrides']);
  for (const k of Object.keys(overrides)) {
    const why = k === BASELINE ? 'is the baseline weapon (its cost is part of each rank\'s)' : 'is not a rank or a fitted weapon';
    if (!ALL_FEATURES.includes(k)) throw new ConfigError(`cost_overrides.${k}`, overrides[k], `${why}; expected one of ${ALL_FEATURES.join(', ')}`);
  }
  const rawRules = (spec.rules ?? {}) as Record<string, unknown>;
  const own: Record<string, string> = { squad_points: 'budget.points', cost_overrides: 'the top-level "cost_overrides"', default_nations: 'roster.nations' };
  for (const [k, use] of Object.entries(own)) {
    if (rawRules !== null && typeof rawRules === 'object' && k in rawRules) throw new ConfigError(`rules.${k}`, rawRules[k], `is set by the sweep; use ${use} instead`);
  }
  const sweepRules = { squad_points: budget.points, cost_overrides: overrides, default_nations: opts.nations };
  const rules = parseOrThrow(owamRulesSchema, { ...rawRules, ...sweepRules }, ['rules']);
  // Item 15, R23: seat 1 is side 0 (the Allies), seat 2 side 1 (the Axis).
  opts.nations.forEach((n, s) => {
    let want = NATION_SIDE[n];
    if (want === -2) want = rules.finland_side === 'axis' ? 1 : 0;
    if (want >= 0 && want !== s) throw new ConfigError(`roster.nations[${s}]`, n, `plays the ${want === 0 ? 'Allies (seat 1)' : 'Axis (seat 2)'}: seat ${s + 1} needs ${s === 0 ? 'an Allied nation (usa, poland, red_army)' : 'an Axis nation (germany, finland, red_army)'}`);
  });
  // Item 18: with the historical option, only the cards both seats' divisions had (each seat's first division).
  const cap = rules.historical ? Math.min(...opts.nations.map((n) => DIVISIONS[n as NationId][0].historical)) : DEFAULT_ROSTER.length;
  const carried = new Set<string>(DEFAULT_ROSTER.filter((c) => c.number <= cap).flatMap((c) => [c.rank, c.weapon]));
  const usable = ALL_FEATURES.filter((id) => carried.has(id));
  const raw = parseOrThrow(featuresSchema, spec.features, ['features']);
  const ids = raw === 'all' ? usable : raw;
  ids.forEach((id, i) => {
    if (!usable.includes(id)) throw new ConfigError(`features[${i}]`, id, `is not on the soldier cards random squads draw; expected one of ${usable.join(', ')}`);
  });
  // Only cards whose rank and weapon are fitted vary (the bolt rifle is the baseline).
  const fitted = new Set([...ids, BASELINE]);
  const cards = DEFAULT_ROSTER.filter((c) => c.number <= cap && fitted.has(c.rank) && fitted.has(c.weapon))
    .map((card) => ({ card, cost: cardPoints(card, overrides), leader: card.rank !== 'private' }));
  ids.forEach((id, i) => {
    if (!cards.some((c) => c.card.rank === id || c.card.weapon === id)) {
      const need = [...new Set(DEFAULT_ROSTER.filter((c) => c.number <= cap && (c.rank === id || c.weapon === id)).flatMap((c) => [c.rank, c.weapon]).filter((x) => !fitted.has(x)))];
      throw new ConfigError(`features[${i}]`, id, `is on no card drawn: a card is drawn only when its rank and weapon are both features (the bolt rifle always is); add ${need.join(' or ')}`);
    }
  });
  const least = Math.min(...cards.filter((c) => c.leader).map((c) => c.cost));
  if (!Number.isFinite(least)) throw new ConfigError('features', ids, 'leave no Leader (a rank above Private) to draw, and every FT needs one (item 19)');
  const floor = budget.points - Math.floor(budget.band * budget.points);
  if (floor < least) throw new ConfigError('budget', budget, `can leave ${floor} squad points, too few for the cheapest Leader (${least}); allowed: points·(1 − band) of at least ${least}`);
  const whole = cards.reduce((x, c) => x + c.cost, 0);
  if (floor >= whole) throw new ConfigError('budget', budget, `always buys every card drawn (${cards.length} cards, ${whole} squad points), so no squad differs; allowed: points·(1 − band) below ${whole}`);
  const features: BalanceFeature[] = ids.map((id) => {
    const rank = (RANKS as readonly string[]).includes(id);
    return { id, label: LABELS[id], group: rank ? 'ranks' : 'weapons', cost: rank ? cardPoints({ rank: id, weapon: BASELINE }, overrides) : overrides[id] ?? 0, pool: '' };
  });
  const plan: Plan = { cards, points: budget.points, band: budget.band, ftMax: mission.ftMax, ftSize: Math.min(...mission.ftSizeMax), fireteams: opts.fireteams };
  const index = new Map(ids.map((id, k) => [id, k]));
  return {
    features,
    forceField: 'fireteams',
    scenarioField: 'mission',
    rules: sweepRules,
    randomRoster: (rand) => randomSquad(plan, rand),
    featureCounts: (fts) => featureCounts(index, fts as number[][]),
  };
}

/**
 * A random legal squad: a Leader first, then random affordable cards while the budget lasts
 * (none that would need more FTs than the Leaders can head), dealt into FTs: each headed by a
 * random Leader, the rest to random FTs with room; each FT in card order.
 */
function randomSquad(plan: Plan, rand: () => number): number[][] {
  const pick = (n: number) => Math.floor(rand() * n);
  let left = plan.points - pick(Math.floor(plan.band * plan.points) + 1);
  const rest = plan.cards.slice(), chosen: Plan['cards'] = [];
  let leaders = 0;
  for (;;) {
    const ok = rest.filter((c) => c.cost <= left && (chosen.length === 0 ? c.leader
      : chosen.length < plan.ftMax * plan.ftSize && Math.ceil((chosen.length + 1) / plan.ftSize) <= Math.min(plan.ftMax, leaders + (c.leader ? 1 : 0))));
    if (ok.length === 0) break;
    const c = ok[pick(ok.length)];
    rest.splice(rest.indexOf(c), 1);
    chosen.push(c);
    left -= c.cost;
    if (c.leader) leaders++;
  }
  const kMin = Math.ceil(chosen.length / plan.ftSize), kMax = Math.min(plan.ftMax, leaders);
  const k = plan.fireteams === 'random' ? kMin + pick(kMax - kMin + 1) : Math.max(kMin, Math.min(kMax, plan.fireteams));
  const heads = chosen.filter((c) => c.leader), others = chosen.filter((c) => !c.leader);
  const fts: number[][] = [];
  for (let i = 0; i < k; i++) fts.push([heads.splice(pick(heads.length), 1)[0].card.number]);
  for (const c of [...heads, ...others]) {
    const room = fts.filter((f) => f.length < plan.ftSize);
    room[pick(room.length)].push(c.card.number);
  }
  for (const f of fts) f.sort((a, b) => a - b);
  return fts.sort((a, b) => a[0] - b[0]);
}

function featureCounts(index: Map<string, number>, fts: number[][]): number[] {
  const out = new Array<number>(index.size).fill(0);
  const bump = (id: string) => { const j = index.get(id); if (j !== undefined) out[j]++; };
  for (const ft of fts) {
    for (const n of ft) {
      const card = DEFAULT_ROSTER[n - 1];
      bump(card.rank);
      bump(card.weapon);
    }
  }
  return out;
}

export const owamBalance: BalanceProvider = { prepare };
