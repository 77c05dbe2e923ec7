/** OWAM config → flat scenario (items 14–19, 26–27, R3, R4, R23). */
import { z } from 'zod';
import { ConfigError } from '../../errors.ts';
import { checkSideNames, parseOrThrow, sideNameSchema } from '../../validate.ts';
import { TallyPlan, type Nouns } from '../../tally-plan.ts';
import type { OwamScenario } from './compiled.ts';
import { buildCatalog, COLOUR_NAMES, DECK_SIZE } from './data/cards.ts';
import { MISSION_IDS, MISSIONS, COMBAT_OPS, VISIBILITY } from './data/missions.ts';
import { owamRulesSchema } from './data/params.ts';
import { cardPoints, COST_KEYS, DIVISIONS, NATIONS, NATION_SIDE, RANKS, RANK_POINTS, TRAITS, WEAPONS, rosterOf, type NationId } from './data/soldiers.ts';
import { TERRAIN_ATTACK, TERRAIN_DEFENSE, TERRAIN_IDS, TERRAIN_LETTERS } from './data/terrain.ts';
import type { PolicyParams } from './policy/knobs.ts';
import { owamPlayers } from './policy/players.ts';
import { END_REASONS, owamCounters } from './data/counters.ts';
import { WIN_CLASSES } from './rules/missions.ts';
import { fileRef } from '../../kit/config.ts';
import { CounterSet } from '../../kit/counters.ts';

export const OWAM_NOUNS: Nouns = { unit: 'soldier', units: 'soldiers', value: 'points', score: 'points', scoreLong: 'surviving and objective points', step: 'card', steps: 'cards' };
const sideSchema = z
  .object({
    name: sideNameSchema,
    nation: z.enum(NATIONS).optional().describe('The side\'s nation; side 0 plays the Allies, side 1 the Axis (Red Army either; Finland per rules.finland_side) (items 14–15); default: rules.default_nations (D18: usa, germany).'),
    division: z.string().optional().describe('Division id of that nation; its soldier cards form the squad (item 16; default: the nation\'s first).'),
    /** Fireteams as lists of soldier numbers (left to right); default: the policy builds the squad (§4.1). */
    fireteams: z.array(z.array(z.number().int().min(1).max(12)).min(1).max(8)).min(1).max(4).optional().describe('Fireteams as lists of soldier numbers, left to right (1–4 FTs of 1–8 soldiers, items 19–20); default: the policy builds the squad.'),
    /** R20: extra Colonel-level traits by soldier number, e.g. { "9": ["medic"] } (item 25). */
    traits: z.record(z.string().regex(/^([1-9]|1[0-2])$/), z.array(z.enum(TRAITS))).optional().describe('Extra Colonel-level traits by soldier number, e.g. { "9": ["medic"] } (item 25, R20).'),
    /** Item 26, R21: 2 = a team of two players on this side (FTs 1, 3 / 2, 4 alternate; one hand each). */
    players: z.union([z.literal(1), z.literal(2)]).default(1).describe('Players on this side: 2 = a team whose players alternate FTs, one hand each (item 26, R21).'),
    policy: owamPlayers.schema,
  })
  .strict();

type Card = { number: number; rank: string; weapon: string };
/** D18: the nations of sides that name none. */
const DEFAULT_NATIONS: readonly [NationId, NationId] = ['usa', 'germany'];

const withoutFireteams = <T extends { fireteams?: unknown }>(sd: T): Omit<T, 'fireteams'> => {
  const { fireteams: _f, ...other } = sd;
  return other;
};

const mapSchema = z.object({ layout: z.array(z.string().min(1).max(8)).min(2).max(8).describe('Rows of terrain-card letters, top to bottom, all the same length (letters ".HRWGBUVTCMLXYZQ" by terrain id, "#" = a terrain card dealt from the deck, item 106); default: the mission\'s map (R4).') }).strict();

/** The whole OWAM config, once: parsed here, and the JSON Schema editors use (`squadsim schema owam`). */
export const owamConfigSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('owam').describe('Which ruleset this config is for.'),
    mission: z.enum(MISSION_IDS).default('king_of_the_hill').describe('The Mission card played: map, objectives, Squad Points and deck timer (R4; default king_of_the_hill).'),
    map: fileRef(mapSchema.describe('Replaces the mission\'s map of landscape cards (R4): a path to a map JSON file, or the map itself.'), 'path to a map JSON file ({ "layout": [...] }), relative to this config').optional(),
    rules: owamRulesSchema.prefault({}).describe('Rules parameters: every ASSUMED reading of the digest (R1–R25) and decision, each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: side 0 the Allies, side 1 the Axis (item 15).'),
  })
  .strict()
  .describe('squadsim Of War and Men matchup config');

export function compileOwam(config: unknown): OwamScenario {
  const c = parseOrThrow(owamConfigSchema, config);
  const { rules, sides } = c;
  const catalog = buildCatalog(rules);
  const m = MISSIONS[c.mission];
  const layoutRows = c.map?.layout ?? m.layout;
  const cols = layoutRows[0].length, rows = layoutRows.length;
  const layout = new Int8Array(cols * rows), placed = new Uint8Array(cols * rows);
  layoutRows.forEach((line, r) => {
    if (line.length !== cols) throw new ConfigError(`map.layout[${r}]`, line, `must have ${cols} letters like row 0`);
    for (let k = 0; k < cols; k++) {
      const ch = line[k];
      const t = ch === '#' ? -2 : TERRAIN_LETTERS.indexOf(ch);
      if (t === -1) throw new ConfigError(`map.layout[${r}]`, line, `letter ${JSON.stringify(ch)}: allowed ${JSON.stringify(TERRAIN_LETTERS + '#')}`);
      layout[r * cols + k] = t;
      placed[r * cols + k] = t > 0 ? 1 : 0;
    }
  });
  const cell = (p: [number, number] | null): number => (p && p[0] < cols && p[1] < rows ? p[1] * cols + p[0] : -1);
  checkSideNames(sides.map((s) => s.name));
  // D17: rank and weapon costs.
  const overrides = rules.cost_overrides;
  for (const [k, v] of Object.entries(overrides ?? {})) {
    if (!COST_KEYS.includes(k)) throw new ConfigError(`rules.cost_overrides.${k}`, v, `is not a rank or weapon; expected one of ${COST_KEYS.map((x) => JSON.stringify(x)).join(', ')}`);
  }
  // D18: a side without a nation plays rules.default_nations' (a balance sweep's forces name none).
  const nations = sides.map((sd, s) => sd.nation ?? (rules.default_nations ?? DEFAULT_NATIONS)[s]) as [NationId, NationId];
  // Item 15, R23: side 0 is the Allies, side 1 the Axis; the Red Army plays either.
  sides.forEach((sd, s) => {
    const nation = nations[s];
    let want = NATION_SIDE[nation];
    if (want === -2) want = rules.finland_side === 'axis' ? 1 : 0;
    const where = sd.nation !== undefined ? `sides[${s}].nation` : `rules.default_nations[${s}]`;
    if (want >= 0 && want !== s) throw new ConfigError(where, nation, `plays the ${want === 0 ? 'Allies (side 0)' : 'Axis (side 1)'}: Axis may not fight Axis (item 15)`);
    const divs = DIVISIONS[nation];
    if (sd.division !== undefined && !divs.some((d) => d.id === sd.division)) throw new ConfigError(`sides[${s}].division`, sd.division, `expected one of ${divs.map((d) => JSON.stringify(d.id)).join(', ')}`);
  });
  const policies = [0, 1].map((s) => owamPlayers.resolve(sides[s].policy)) as [PolicyParams, PolicyParams];
  const budget = rules.squad_points ?? m.squadPoints;
  const sSide: number[] = [], sRank: number[] = [], sWeapon: number[] = [], sTraits: number[] = [], sPoints: number[] = [], sNumber: number[] = [], sFt: number[] = [];
  const ftCount = new Int32Array(2), startPoints = new Int32Array(2);
  const squads = sides.map((sd, s) => {
    const div = DIVISIONS[nations[s]].find((d) => d.id === sd.division) ?? DIVISIONS[nations[s]][0];
    const roster = rosterOf(nations[s]).filter((x) => !rules.historical || x.number <= div.historical);
    const fts = sd.fireteams ?? policySquad(roster, budget, Math.min(policies[s].fireteams, m.ftMax), m.ftSizeMax[s], s, sd.players, overrides);
    const seen = new Set<number>();
    let pts = 0;
    fts.forEach((ft, k) => {
      const path = `sides[${s}].fireteams[${k}]`;
      if (ft.length > m.ftSizeMax[s]) throw new ConfigError(path, ft, `at most ${m.ftSizeMax[s]} soldiers per FT in this mission (items 19, 104)`);
      if (!ft.some((n) => (roster.find((x) => x.number === n)?.rank ?? 'private') !== 'private')) throw new ConfigError(path, ft, 'each FT needs a Leader (a rank above Private) at the start (item 19)');
      for (const n of ft) {
        const card = roster.find((x) => x.number === n);
        if (!card) throw new ConfigError(path, ft, `soldier #${n} is not in the ${rules.historical ? 'historically accurate ' : ''}roster (#1–${roster.length}, item 18)`);
        if (seen.has(n)) throw new ConfigError(path, ft, `soldier #${n} is in two FTs`);
        seen.add(n);
        const rk = RANKS.indexOf(card.rank), p = cardPoints(card, overrides);
        pts += p;
        sSide.push(s); sRank.push(rk); sWeapon.push(WEAPONS.indexOf(card.weapon)); sNumber.push(n); sFt.push(s * 4 + k);
        sPoints.push(p);
        const all = [...card.traits, ...(sd.traits?.[String(n)] ?? [])];
        sTraits.push(rules.level === 'colonel' ? all.reduce((a, t) => a | (1 << TRAITS.indexOf(t)), 0) : 0);
      }
    });
    if (fts.length > m.ftMax) throw new ConfigError(`sides[${s}].fireteams`, fts, `at most ${m.ftMax} FTs (item 19)`);
    if (pts > budget) {
      // The user's own budget is named as such: the fireteams are only what it is too small for.
      if (rules.squad_points !== undefined) throw new ConfigError('rules.squad_points', budget, `is less than side ${s}'s squad costs: sides[${s}].fireteams cost ${pts} squad points (item 17); allowed: at least ${pts} (up to 200), or fewer soldiers in sides[${s}].fireteams`);
      throw new ConfigError(`sides[${s}].fireteams`, fts, `cost ${pts} squad points, over the mission's ${budget} (item 17); drop soldiers, or raise rules.squad_points to at least ${pts}`);
    }
    if (sd.players === 2 && fts.length < 2) throw new ConfigError(`sides[${s}].players`, 2, 'needs at least 2 FTs, one per player (item 26)');
    ftCount[s] = fts.length;
    startPoints[s] = pts;
    return fts;
  });
  const terrainAttack = TERRAIN_ATTACK.slice(), terrainDefense = TERRAIN_DEFENSE.slice();
  for (const [id, st] of Object.entries(rules.terrain_stats)) {
    const t = TERRAIN_IDS.indexOf(id as (typeof TERRAIN_IDS)[number]);
    if (t < 0) throw new ConfigError(`rules.terrain_stats.${id}`, id, `is not a terrain: expected one of ${TERRAIN_IDS.map((x) => JSON.stringify(x)).join(', ')}`);
    terrainAttack[t] = st.attack;
    terrainDefense[t] = st.defense;
  }
  const deckTimer = rules.deck_timer ?? m.deckTimer;
  // The clock runs deck_timer passes plus the action or round that finishes the game (D1: 48 cards of slack, the rest lands in the last step).
  const steps = Math.ceil((deckTimer * DECK_SIZE + 48) / rules.clock_step_cards);
  const bins = Math.min(rules.clock_bins, steps);
  const names = [sides[0].name, sides[1].name] as const;
  const counters = new CounterSet(names, owamCounters());
  const plan = new TallyPlan({
    sideNames: names, nouns: OWAM_NOUNS, steps, bins, types: [...WEAPONS],
    margin: { width: 5, half: 24 },
    winClasses: [...WIN_CLASSES],
    docs: { casualties: `sum of soldiers killed or routed in the deck-clock step (${rules.clock_step_cards} cards flipped or drawn)` },
    extras: counters.blocks(),
    rowExtras: ['end_reason', 'round'],
    rowLabels: { end_reason: END_REASONS },
  });
  const { $schema: _s, ...rest } = c;
  // The squad (given, or built by the policy) always last in each side, so that compiling the
  // normalized config again (merge, report) gives it back byte for byte: a given `fireteams`
  // would otherwise sit where the schema puts it, a built one after `policy`.
  // A side without a nation gets its D18 nation in place (second, as the schema orders it).
  const normalized = { ...rest, mission: c.mission, rules, sides: sides.map((sd, s) => {
    const { name, nation: _n, ...other } = withoutFireteams(sd);
    return { name, nation: nations[s], ...other, fireteams: squads[s] };
  }) };
  return {
    ruleset: 'owam', sideNames: names, plan, normalized, rules, catalog,
    mission: MISSION_IDS.indexOf(c.mission), cols, rows, layout, placed,
    objective: cell(m.objective), objective2: cell(m.objective2),
    combatOp: COMBAT_OPS.indexOf(m.combatOp), visibility: VISIBILITY.indexOf(m.visibility), visibilityRange: m.visibilityRange,
    wind: COLOUR_NAMES.indexOf(m.wind), deckTimer, level: ['private', 'lieutenant', 'colonel'].indexOf(rules.level),
    policies, counters, n: sSide.length,
    sSide: Uint8Array.from(sSide), sRank: Uint8Array.from(sRank), sWeapon: Uint8Array.from(sWeapon), sTraits: Uint8Array.from(sTraits),
    sPoints: Int32Array.from(sPoints), sNumber: Uint8Array.from(sNumber), sFt: Int8Array.from(sFt), ftCount,
    startRow: Int32Array.from([0, rows - 1]), nations, startPoints,
    players: Int32Array.from(sides.map((sd) => sd.players)),
    terrainAttack, terrainDefense,
  };
}

/**
 * §4.1 when the side gives no fireteams: the policy's squad. A budget too small for a Leader
 * in every FT is the fault of `rules.squad_points` (the user wrote no fireteams): the error
 * names it, its value and the least budget that builds a legal squad.
 */
function policySquad(roster: Card[], budget: number, n: number, sizeMax: number, side: number, players: 1 | 2, overrides: Record<string, number> | undefined): number[][] {
  // Item 26: a side of two players needs an FT for each.
  const minFts = players === 2 ? 2 : 1;
  if (n < minFts) throw new ConfigError(`sides[${side}].players`, players, `needs at least 2 FTs, one per player (item 26), and the policy builds at most ${n}: give sides[${side}].fireteams, or a policy with fireteams of 2 or more`);
  const legal = (fts: number[][]) => fts.length >= minFts && fts.every((ft) => ft.some((k) => roster.find((x) => x.number === k)!.rank !== 'private'));
  const points = (c: Card) => cardPoints(c, overrides);
  const fts = autoSquad(roster, budget, n, sizeMax, points);
  if (legal(fts)) return fts;
  let least = budget + 1;
  while (least <= 200 && !legal(autoSquad(roster, least, n, sizeMax, points))) least++;
  const fix = least <= 200 ? `at least ${least} for side ${side}'s squad, which the policy builds in card order` : 'a larger value';
  const need = minFts === 2 ? 'two FTs, one per player (item 26), each with a Leader, a rank above Private (items 17, 19)' : 'each FT needs a Leader, a rank above Private (items 17, 19)';
  throw new ConfigError('rules.squad_points', budget, `is too few for side ${side}'s squad: ${need}; allowed: ${fix} (up to 200), or give sides[${side}].fireteams`);
}

/**
 * §4.1: the policy's squad: soldiers in card order while the points last, then dealt into
 * `n` FTs by rank so each has a Leader (left to right: Leaders first).
 */
export function autoSquad<C extends { number: number; rank: string }>(roster: C[], budget: number, n: number, sizeMax: number, points: (c: C) => number = (c) => RANK_POINTS[RANKS.indexOf(c.rank as 'private')]): number[][] {
  const picked: C[] = [];
  let pts = 0;
  for (const s of roster) {
    const p = points(s);
    if (pts + p <= budget && picked.length < n * sizeMax) { picked.push(s); pts += p; }
  }
  const leaders = picked.filter((s) => s.rank !== 'private').length;
  const k = Math.max(1, Math.min(n, leaders));
  const fts: number[][] = Array.from({ length: k }, () => []);
  picked.forEach((s, i) => fts[i % k].push(s.number));
  return fts.filter((f) => f.length > 0);
}
