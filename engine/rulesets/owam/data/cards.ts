/**
 * The 192-card core deck (items 2–10, R1): card i carries the CCS triple number i
 * (d4 = i mod 4 + 1, d6 = ⌊i/4⌋ mod 6 + 1, d8 = ⌊i/24⌋ + 1), so a full deck holds every
 * (d4, d6, d8) combination exactly once. Which card is an Order or a Terrain card, its
 * Standing Order, Command Decision and event icon are printed data the rulebook lost:
 * they are laid out once per run from the R1 counts by a seeded shuffle (`card_seed`).
 */
import { ConfigError } from '../../../errors.ts';
import { Rng } from '../../../rng.ts';
import { shuffle } from '../../../dice.ts';
import { CD_DEFAULTS, STANDING_DEFAULTS, TERRAIN_COUNT_DEFAULTS, type OwamRules } from './params.ts';
import { TERRAIN_IDS } from './terrain.ts';

export const DECK_SIZE = 192;
/** CCS colours: red d4, green d6, blue d8. */
export const RED = 0, GREEN = 1, BLUE = 2;
export const COLOUR_SIDES = [4, 6, 8] as const;
export const COLOUR_NAMES = ['red', 'green', 'blue'] as const;

/** Standing Orders (item 7). */
export const SO_NONE = 0, SO_ATTACK = 1, SO_MANEUVER = 2, SO_RALLY = 3, SO_ENTRENCH = 4;
/** Command Decisions (items 55–74, R1), in CD_DEFAULTS key order minus colour splits. */
export const CD_IDS = [
  'none', 'evade', 'chain_of_command', 'double_time', 'combat_operation', 'grenade', 'fubar', 'covering_fire',
  'field_dressing', 'field_repairs', 'marksman', 'recon', 'smoke', 'act_of_valor', 'attention', 'lucky_shot',
  'on_the_run', 'regroup', 'last_stand', 'marching_order', 'intelligence',
] as const;
export type CdId = (typeof CD_IDS)[number];
export const CD = Object.fromEntries(CD_IDS.map((id, k) => [id, k])) as Record<CdId, number>;
export const CD_COUNT = CD_IDS.length;
/** Event icons (item 10). */
export const ICON_NONE = 0, ICON_JAM = 1, ICON_WOUND = 2, ICON_RANDOM = 3;

/** The printed deck as flat arrays indexed by card id. */
export interface CardCatalog {
  /** value[card * 3 + colour]: the pre-rolled d4/d6/d8. */
  readonly value: Int8Array;
  /** −1 for an Order card, else the terrain type (data/terrain.ts). */
  readonly terrain: Int8Array;
  readonly so: Int8Array;
  /** Colour of an Attack or Rally order (−1 none). */
  readonly soColour: Int8Array;
  readonly cd: Int8Array;
  /** Colour of an Evade or Grenade CD (−1 none). */
  readonly cdColour: Int8Array;
  readonly icon: Int8Array;
}

export function ccsValue(card: number, colour: number): number {
  return colour === RED ? (card & 3) + 1 : colour === GREEN ? ((card >> 2) % 6) + 1 : ((card / 24) | 0) + 1;
}

function sumOf(o: Record<string, number>): number {
  return Object.values(o).reduce((a, b) => a + b, 0);
}

export function buildCatalog(r: OwamRules): CardCatalog {
  if (r.order_cards + r.terrain_cards !== DECK_SIZE) throw new ConfigError('rules.order_cards', r.order_cards, `plus rules.terrain_cards (${r.terrain_cards}) must make the 192-card core deck (R1)`);
  const so = sumOf(r.standing_orders), cd = sumOf(r.command_decisions), tc = sumOf(r.terrain_counts), ic = sumOf(r.icon_counts);
  if (so !== r.order_cards) throw new ConfigError('rules.standing_orders', r.standing_orders, `must add up to rules.order_cards = ${r.order_cards} (they add up to ${so})`);
  if (cd !== r.order_cards) throw new ConfigError('rules.command_decisions', r.command_decisions, `must add up to rules.order_cards = ${r.order_cards} (they add up to ${cd})`);
  if (tc !== r.terrain_cards) throw new ConfigError('rules.terrain_counts', r.terrain_counts, `must add up to rules.terrain_cards = ${r.terrain_cards} (they add up to ${tc})`);
  if (ic > DECK_SIZE) throw new ConfigError('rules.icon_counts', r.icon_counts, `icons are mutually exclusive: at most 192 cards (R1), got ${ic}`);
  const value = new Int8Array(DECK_SIZE * 3);
  for (let c = 0; c < DECK_SIZE; c++) for (let k = 0; k < 3; k++) value[c * 3 + k] = ccsValue(c, k);
  const rng = new Rng(r.card_seed);
  // A random card order: the first order_cards ids are Order cards, the rest Terrain.
  const ids = new Int32Array(DECK_SIZE);
  for (let i = 0; i < DECK_SIZE; i++) ids[i] = i;
  shuffle(rng, ids);
  const terrain = new Int8Array(DECK_SIZE).fill(-1), soA = new Int8Array(DECK_SIZE), soColour = new Int8Array(DECK_SIZE).fill(-1);
  const cdA = new Int8Array(DECK_SIZE), cdColour = new Int8Array(DECK_SIZE).fill(-1), icon = new Int8Array(DECK_SIZE);
  // Standing Orders, in a shuffled sequence over the Order cards.
  const soList: [number, number][] = [];
  const soKinds: Record<keyof typeof STANDING_DEFAULTS, [number, number]> = {
    attack_red: [SO_ATTACK, RED], attack_green: [SO_ATTACK, GREEN], attack_blue: [SO_ATTACK, BLUE], maneuver: [SO_MANEUVER, -1],
    rally_red: [SO_RALLY, RED], rally_green: [SO_RALLY, GREEN], rally_blue: [SO_RALLY, BLUE], entrench: [SO_ENTRENCH, -1],
  };
  for (const [k, n] of Object.entries(r.standing_orders)) for (let i = 0; i < n; i++) soList.push(soKinds[k as keyof typeof soKinds]);
  const cdList: [number, number][] = [];
  for (const [k, n] of Object.entries(r.command_decisions)) {
    const m = /^(evade|grenade)_(red|green|blue)$/.exec(k);
    const kind = m ? CD[m[1] as CdId] : CD[k as CdId], col = m ? COLOUR_NAMES.indexOf(m[2] as 'red') : -1;
    for (let i = 0; i < n; i++) cdList.push([kind, col]);
  }
  const perm = (n: number): Int32Array => { const p = new Int32Array(n); for (let i = 0; i < n; i++) p[i] = i; shuffle(rng, p); return p; };
  const sp = perm(soList.length), cp = perm(cdList.length);
  for (let i = 0; i < r.order_cards; i++) {
    const c = ids[i];
    soA[c] = soList[sp[i]][0]; soColour[c] = soList[sp[i]][1];
    cdA[c] = cdList[cp[i]][0]; cdColour[c] = cdList[cp[i]][1];
  }
  let at = r.order_cards;
  for (const t of Object.keys(TERRAIN_COUNT_DEFAULTS)) {
    const n = r.terrain_counts[t as keyof typeof TERRAIN_COUNT_DEFAULTS];
    for (let i = 0; i < n; i++) terrain[ids[at++]] = TERRAIN_IDS.indexOf(t as (typeof TERRAIN_IDS)[number]);
  }
  // Icons on any core card, mutually exclusive (R1).
  const ip = perm(DECK_SIZE);
  let j = 0;
  for (const [kind, n] of [[ICON_JAM, r.icon_counts.jam], [ICON_WOUND, r.icon_counts.wound], [ICON_RANDOM, r.icon_counts.random_effect]]) {
    for (let i = 0; i < n; i++) icon[ip[j++]] = kind;
  }
  return { value, terrain, so: soA, soColour, cd: cdA, cdColour, icon };
}

export { CD_DEFAULTS };
