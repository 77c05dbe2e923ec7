/**
 * The six scenarios of the rulebook (items 8, 9, 104–113, R29–R34) as config options and
 * their compiled numeric form. `scenario` is an id, or `{ "id": ..., options }`. Every
 * number the rulebook prints and every ASSUMED value is an option with that default.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';

export const SCENARIO_IDS = [
  'basic',
  's1-secure-the-sectors',
  's2-fight-to-the-center',
  's3-rescue-mission',
  's4-extermination-order',
  's5-search-and-destroy',
  's6-intel-retrieval',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

/** Scenario kinds (index into SCENARIO_IDS). */
export const SC_BASIC = 0;
export const SC_SECTORS = 1;
export const SC_CENTRE = 2;
export const SC_RESCUE = 3;
export const SC_EXTERMINATION = 4;
export const SC_SEARCH_DESTROY = 5;
export const SC_INTEL = 6;

const inches = (max: number) => z.number().min(0).max(max);
const bonus = z.number().min(-500).max(500);

/** Options every scenario takes. */
const common = {
  /** Item 8: `alternative` starts every model off the table (both players must agree). */
  deployment: z.enum(['normal', 'alternative']).default('normal').describe('normal = deploy in the zones; alternative = every model starts off the table and walks on (item 8).'),
  /** Diameter/2 of the pilot, supply-drop and intel markers (ASSUMED, like a 25 mm base). */
  token_radius_in: inches(2).default(0.5).describe('Radius in inches of the pilot, supply-drop and intel markers (ASSUMED, like a 25 mm base).'),
  /** Base contact with a marker: centre distance ≤ base radius + token radius + this (ASSUMED). */
  contact_tolerance_in: inches(1).default(0.1).describe('Base contact with a marker: centre distance ≤ base radius + token radius + this many inches (ASSUMED).'),
};

/** Items 105, 110: after turn `after_turn` roll a D6 per further turn; `continue_on[k]`+ plays it. */
const variableEnd = z
  .object({
    after_turn: z.number().int().min(1).max(11).default(4).describe('Last turn always played; after it a D6 roll decides each further turn (items 105, 110).'),
    continue_on: z.array(z.number().int().min(1).max(7)).max(11).default([3, 5]).describe('D6 roll needed to play each further turn, in order (7 = never); after the list the game ends (items 105, 110).'),
  })
  .strict();

const basic = z.object({ id: z.literal('basic').describe('The basic game: kill points only (item 9).'), ...common }).strict();

const s1 = z
  .object({
    id: z.literal('s1-secure-the-sectors').describe('S1 Secure the Sectors: hold sectors of a 3×3 grid at the end (item 104).'), ...common,
    /** Item 104: a side holds a sector with at least this many more soldiers than the opponent. */
    hold_margin: z.number().int().min(1).max(10).default(1).describe('Soldiers more than the opponent a side needs in a sector to hold it (item 104).'),
    bonus_own_row: bonus.default(10).describe('Bonus per held sector in the own deployment row (item 104).'),
    bonus_middle_flank: bonus.default(15).describe('Bonus per held middle-left or middle-right sector (item 104).'),
    bonus_centre: bonus.default(25).describe('Bonus for holding the centre sector (item 104).'),
    bonus_enemy_row: bonus.default(30).describe('Bonus per held sector in the opponent\'s deployment row (item 104).'),
  })
  .strict();

const s2 = z
  .object({
    id: z.literal('s2-fight-to-the-center').describe('S2 Fight to the Center: be closer to the centre than the enemy at the end (item 105).'), ...common,
    /** Item 105: deploy along the own edge and the edge to the left, each within the zone depth. */
    left_edge_deployment: z.boolean().default(true).describe('Squads may also deploy along the edge to their left, within the zone depth (item 105).'),
    /** ASSUMED: share of each squad set up along the left edge (a deployment choice). */
    left_edge_share: z.number().min(0).max(1).default(0.5).describe('Share of each squad set up along the left edge (ASSUMED deployment choice).'),
    /**
     * A deployment choice (not in the digest): how far along the left edge, from the own
     * corner, the left-edge soldiers spread, as a share of the edge between the two zones.
     * 0.5 keeps them on the friendly half; 1 spreads them up to the enemy's zone (before
     * issue 12: 1.55 casualties per side in turn 1, against 0.52 in the basic scenario).
     */
    left_edge_reach: z.number().min(0.1).max(1).default(0.5).describe('How far along the left edge, from the own corner, the left-edge soldiers spread, as a share of the edge between the two zones (0.5 = the friendly half; decision, issue 12).'),
    variable_end: variableEnd.default({ after_turn: 4, continue_on: [3, 5] }).describe('Variable game end: after after_turn, a D6 roll per further turn decides whether it is played (items 105, 110).'),
    sergeant_bonus: bonus.default(50).describe('Bonus for a Sergeant closer to the centre than the enemy Sergeant (item 105).'),
    regular_bonus: bonus.default(5).describe('Bonus per regular closer to the centre than his counterpart (item 105, R30).'),
    regular_cap: bonus.default(10).describe('Most regular bonus a side can score (item 105).'),
    specialist_bonus: bonus.default(10).describe('Bonus per specialist closer to the centre than his counterpart (item 105, R30).'),
    specialist_cap: bonus.default(20).describe('Most specialist bonus a side can score (item 105).'),
    /** R30 (ASSUMED): a survivor with no surviving counterpart (or a dead Sergeant's rival) wins his pair. */
    unmatched_wins: z.boolean().default(true).describe('A survivor with no surviving counterpart (or a dead Sergeant\'s rival) wins his pair (R30 ASSUMED).'),
  })
  .strict();

const s3 = z
  .object({
    id: z.literal('s3-rescue-mission').describe('S3 Rescue Mission: rescue, capture or kill the downed pilot (items 106–109).'), ...common,
    /** Item 106: wander distances (1 and 6: far; 2–5: near). */
    wander_far_in: inches(12).default(3).describe('Inches the pilot wanders on a D6 of 1 or 6 (item 106).'),
    wander_near_in: inches(12).default(2).describe('Inches the pilot wanders on a D6 of 2–5 (item 106).'),
    /** Item 108: the holder's Sergeant may kill the pilot from this turn. */
    kill_from_turn: z.number().int().min(1).max(12).default(3).describe('Turn from which the territory-holder\'s Sergeant may kill the pilot (item 108).'),
    rescue_bonus: bonus.default(75).describe('Bonus for the rescuer carrying the pilot to his own edge (item 109).'),
    capture_bonus: bonus.default(60).describe('Bonus for the holder carrying the pilot to his own edge (item 109).'),
    kill_bonus: bonus.default(15).describe('Bonus for the holder when the pilot is killed (item 109).'),
    /** Item 109: a carrier reaching his own edge ends the game at once. */
    end_on_delivery: z.boolean().default(true).describe('A carrier reaching his own edge ends the game at once (item 109).'),
  })
  .strict();

const s4 = z
  .object({
    id: z.literal('s4-extermination-order').describe('S4 Extermination Order: a secret mission rolled on a D6 (item 110).'), ...common,
    variable_end: variableEnd.default({ after_turn: 4, continue_on: [3, 5] }).describe('Variable game end: after after_turn, a D6 roll per further turn decides whether it is played (items 105, 110).'),
    mission_bonus: bonus.default(60).describe('Bonus for completing the secret mission (item 110).'),
    guess_bonus: bonus.default(15).describe('Bonus for correctly guessing the opponent\'s mission (item 110, R32).'),
    /** Item 110 mission 1–2: the share (rounded up) of the enemy's regulars (R32) to kill. */
    regulars_share: z.number().min(0).max(1).default(0.5).describe('Missions 1–2: share (rounded up) of the enemy\'s regulars to kill (item 110, R32).'),
    /** Item 110 mission 3–4: enemy specialists to kill. */
    specialists_needed: z.number().int().min(0).max(20).default(3).describe('Missions 3–4: enemy specialists to kill (item 110).'),
  })
  .strict();

const s5 = z
  .object({
    id: z.literal('s5-search-and-destroy').describe('S5 Search and Destroy: a Bomber destroys the enemy supply drop (item 111).'), ...common,
    /** Item 111: deployment zones are 6" deep in this scenario (overrides rules.deploy_depth_in). */
    deploy_depth_in: inches(18).min(1).default(6).describe('Deployment depth in inches in this scenario; overrides rules.deploy_depth_in (item 111).'),
    drop_min_side_in: inches(18).default(6).describe('Inches the supply drop must be from both side edges (item 111).'),
    /** Item 111, R33: own soldiers never come within this of their own drop (a hard movement limit). */
    exclusion_in: inches(18).default(6).describe('Own soldiers never come within this many inches of their own drop, a hard movement limit (item 111, R33).'),
    destroy_bonus: bonus.default(75).describe('Bonus for destroying the enemy supply drop (item 111).'),
    end_on_destroy: z.boolean().default(true).describe('Destroying a supply drop ends the game at once (item 111).'),
  })
  .strict();

const s6 = z
  .object({
    id: z.literal('s6-intel-retrieval').describe('S6 Intel Retrieval: pick up intel tokens and carry them off (items 112–113).'), ...common,
    tokens_per_player: z.number().int().min(0).max(3).default(2).describe('Intel tokens each player places besides the centre one (item 112).'),
    min_from_centre_in: inches(18).default(4).describe('Inches a placed token must be from the centre (item 112).'),
    min_between_in: inches(18).default(4).describe('Inches a placed token must be from every other token (item 112).'),
    min_from_deploy_edge_in: inches(18).default(8).describe('Inches a placed token must be from both deployment edges (item 112).'),
    /** R34: when no legal spot exists, every minimum is relaxed by this step until one does. */
    relax_step_in: z.number().min(0.25).max(6).default(1).describe('When no legal spot exists, every minimum is relaxed by this many inches until one does (R34 ASSUMED).'),
    secure_count: z.number().int().min(0).max(7).default(3).describe('Tokens a side must secure by the end for secure_bonus (item 113).'),
    secure_bonus: bonus.default(45).describe('Bonus for securing at least secure_count tokens (item 113).'),
    carry_off_bonus: bonus.default(15).describe('Bonus per non-centre token carried off the table (item 113).'),
    centre_carry_off_bonus: bonus.default(30).describe('Bonus for carrying off the centre token (item 113).'),
    /** ASSUMED: the rulebook sets no limit on tokens one soldier carries. */
    max_tokens_per_soldier: z.number().int().min(1).max(7).default(7).describe('Most tokens one soldier may carry (ASSUMED: the rulebook sets no limit).'),
  })
  .strict();

const OPTION_SCHEMAS = { basic, 's1-secure-the-sectors': s1, 's2-fight-to-the-center': s2, 's3-rescue-mission': s3, 's4-extermination-order': s4, 's5-search-and-destroy': s5, 's6-intel-retrieval': s6 } as const;

/** The scenario field as users write it (for the JSON schema). */
export const scenarioDocSchema = z.union([z.enum(SCENARIO_IDS), z.discriminatedUnion('id', [basic, s1, s2, s3, s4, s5, s6])]).describe('The scenario: an id, or an object with the id and options that override its defaults (items 8–9, 104–113).');

type Options = z.output<typeof s1> | z.output<typeof s2> | z.output<typeof s3> | z.output<typeof s4> | z.output<typeof s5> | z.output<typeof s6> | z.output<typeof basic>;

/** Everything the engine reads about the scenario, as numbers. */
export interface ScenarioData {
  readonly kind: number;
  readonly alternativeDeployment: boolean;
  /** Effective deployment depth (S5 overrides rules.deploy_depth_in). */
  readonly deployDepth: number;
  readonly tokenR: number;
  readonly contactTol: number;
  /** Variable end: turns after which a D6 decides; need[k] for turn after+k+1; 0 = fixed length. */
  readonly endAfter: number;
  readonly endNeed: Int32Array;
  // S1
  readonly holdMargin: number;
  /** Sector bonus by row from the side's own edge (0 own, 1 middle, 2 enemy) × column (0..2). */
  readonly sectorBonus: Float64Array;
  // S2
  readonly leftEdge: boolean;
  readonly leftShare: number;
  readonly leftReach: number;
  readonly sgtBonus: number; readonly regBonus: number; readonly regCap: number;
  readonly specBonus: number; readonly specCap: number; readonly unmatchedWins: boolean;
  // S3
  readonly wanderFar: number; readonly wanderNear: number; readonly killFrom: number;
  readonly rescueBonus: number; readonly captureBonus: number; readonly killBonus: number;
  readonly endOnDelivery: boolean;
  // S4
  readonly missionBonus: number; readonly guessBonus: number; readonly regShare: number; readonly specNeeded: number;
  // S5
  readonly dropMinSide: number; readonly exclusion: number; readonly destroyBonus: number; readonly endOnDestroy: boolean;
  // S6
  readonly tokensPer: number; readonly minCentre: number; readonly minBetween: number; readonly minEdge: number;
  readonly relaxStep: number; readonly secureCount: number; readonly secureBonus: number;
  readonly carryBonus: number; readonly centreCarryBonus: number; readonly maxPerSoldier: number;
}

/** Validates the config's `scenario` (an id or `{ id, options }`); ConfigError names path, value, allowed ids. */
export function parseScenario(raw: unknown): { id: ScenarioId; options: Options } {
  const allowed = `expected one of ${SCENARIO_IDS.map((s) => JSON.stringify(s)).join(', ')}`;
  if (raw === undefined) raw = 'basic';
  let obj: Record<string, unknown>;
  if (typeof raw === 'string') {
    if (!(SCENARIO_IDS as readonly string[]).includes(raw)) throw new ConfigError('scenario', raw, allowed);
    obj = { id: raw };
  } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    obj = raw as Record<string, unknown>;
    if (typeof obj.id !== 'string' || !(SCENARIO_IDS as readonly string[]).includes(obj.id)) throw new ConfigError('scenario.id', obj.id, allowed);
  } else {
    throw new ConfigError('scenario', raw, `expected a scenario id or an object { "id": ..., options }; ${allowed}`);
  }
  const id = obj.id as ScenarioId;
  const options = parseOrThrow(OPTION_SCHEMAS[id], obj, ["scenario"]) as Options;
  return { id, options };
}

/** The numeric scenario; `turns` (rules.turns) bounds the variable end. */
export function compileScenario(id: ScenarioId, o: Options, turns: number, rulesDepth: number): ScenarioData {
  const kind = SCENARIO_IDS.indexOf(id);
  const get = <T>(k: string, d: T): T => ((o as Record<string, unknown>)[k] as T | undefined) ?? d;
  let endAfter = 0;
  let endNeed = new Int32Array(0);
  const ve = get<{ after_turn: number; continue_on: number[] } | null>('variable_end', null);
  if (ve) {
    if (ve.after_turn + ve.continue_on.length !== turns) {
      throw new ConfigError('scenario.variable_end', ve, `after_turn + continue_on.length must equal rules.turns (${turns})`);
    }
    endAfter = ve.after_turn;
    endNeed = Int32Array.from(ve.continue_on);
  }
  const sectorBonus = new Float64Array(9);
  if (kind === SC_SECTORS) {
    const own = get('bonus_own_row', 10), flank = get('bonus_middle_flank', 15), ctr = get('bonus_centre', 25), en = get('bonus_enemy_row', 30);
    sectorBonus.set([own, own, own, flank, ctr, flank, en, en, en]);
  }
  return {
    kind, alternativeDeployment: o.deployment === 'alternative', deployDepth: get('deploy_depth_in', rulesDepth),
    tokenR: o.token_radius_in, contactTol: o.contact_tolerance_in, endAfter, endNeed,
    holdMargin: get('hold_margin', 1), sectorBonus,
    leftEdge: get('left_edge_deployment', false), leftShare: get('left_edge_share', 0.5), leftReach: get('left_edge_reach', 0.5),
    sgtBonus: get('sergeant_bonus', 50), regBonus: get('regular_bonus', 5), regCap: get('regular_cap', 10),
    specBonus: get('specialist_bonus', 10), specCap: get('specialist_cap', 20), unmatchedWins: get('unmatched_wins', true),
    wanderFar: get('wander_far_in', 3), wanderNear: get('wander_near_in', 2), killFrom: get('kill_from_turn', 3),
    rescueBonus: get('rescue_bonus', 75), captureBonus: get('capture_bonus', 60), killBonus: get('kill_bonus', 15),
    endOnDelivery: get('end_on_delivery', true),
    missionBonus: get('mission_bonus', 60), guessBonus: get('guess_bonus', 15), regShare: get('regulars_share', 0.5), specNeeded: get('specialists_needed', 3),
    dropMinSide: get('drop_min_side_in', 6), exclusion: get('exclusion_in', 6), destroyBonus: get('destroy_bonus', 75), endOnDestroy: get('end_on_destroy', true),
    tokensPer: get('tokens_per_player', 2), minCentre: get('min_from_centre_in', 4), minBetween: get('min_between_in', 4),
    minEdge: get('min_from_deploy_edge_in', 8), relaxStep: get('relax_step_in', 1), secureCount: get('secure_count', 3),
    secureBonus: get('secure_bonus', 45), carryBonus: get('carry_off_bonus', 15), centreCarryBonus: get('centre_carry_off_bonus', 30),
    maxPerSoldier: get('max_tokens_per_soldier', 7),
  };
}

/** Labels of the scenarioBonus block (VP by kind) and the objectiveEvents block (counts). */
export const BONUS_KINDS = ['sectors', 'centre', 'pilot', 'mission', 'guess', 'supply-drop', 'intel'] as const;
export const B_SECTORS = 0, B_CENTRE = 1, B_PILOT = 2, B_MISSION = 3, B_GUESS = 4, B_DROP = 5, B_INTEL = 6;
export const EVENT_KINDS = ['sectors-held', 'pilot-rescued', 'pilot-captured', 'pilot-killed', 'mission-completed', 'guess-correct', 'drop-destroyed', 'intel-carried-off', 'intel-picked-up'] as const;
export const E_SECTORS = 0, E_RESCUED = 1, E_CAPTURED = 2, E_KILLED = 3, E_MISSION = 4, E_GUESS = 5, E_DROP = 6, E_CARRIED_OFF = 7, E_PICKUP = 8;
