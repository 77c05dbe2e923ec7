/**
 * `squadsim odds owam`: the exact distribution of one Firing Sequence (items 36–38, 49,
 * 61, 67, 70, R9, R10) — kill, rout, wound, suppress or no effect — computed from a full
 * fresh 192-card deck WITHOUT replacement (every card drawn is out of the deck for the
 * rest of the sequence), with the independent-dice approximation beside it.
 *
 * Exactness: the sequence reads a known list of stages (lethality dice, Discipline flips,
 * Last Stand R, Evade); a Jam icon in lethality skips to Discipline. The enumeration walks
 * the draws in order; at each draw the remaining cards are grouped by everything that can
 * still matter (the value read now, the icon while lethality dice remain, and their values
 * in the colours later stages read), so each group is one branch weighted by its size.
 */
import { boolOption, numberOption, pickOption } from '../../../odds-request.ts';
import { ConfigError } from '../../../errors.ts';
import type { OddsOption, OddsProvider, OddsResult } from '../../../ruleset.ts';
import { buildCatalog, COLOUR_NAMES, DECK_SIZE, ICON_JAM, ICON_WOUND, RED, type CardCatalog } from '../data/cards.ts';
import { owamRulesSchema } from '../data/params.ts';
import { GRID_DIE, GRID_LEN, RANKS, RANK_DISCIPLINE, RANK_RESOLVE, RANK_VITALITY, WEAPONS, gridString } from '../data/soldiers.ts';
import { gridEntry, resultOf, RESULT_LABELS } from '../rules/fire.ts';
import { OK, SUPPRESSED, WOUNDED } from '../rules/state.ts';
import { sampleOwam } from './odds-sample.ts';

const COLOURS = ['none', 'red', 'green', 'blue'] as const;
const STATES = ['ok', 'suppressed', 'wounded'] as const;

const options: readonly OddsOption[] = [
  { name: 'weapon', type: 'string', describe: 'firer weapon (R3 grids)', choices: WEAPONS, default: 'bolt_rifle' },
  { name: 'alt', type: 'boolean', describe: 'crewed MG / scoped sniper grid', default: false },
  { name: 'range', type: 'number', describe: 'range in cards, 1–7 (item 88)', default: 2 },
  { name: 'firer', type: 'string', describe: 'firer rank (Discipline die, R3)', choices: RANKS, default: 'pfc' },
  { name: 'double', type: 'boolean', describe: 'Double Discipline (two flips, R9)', default: false },
  { name: 'attack', type: 'number', describe: "firer's terrain attack modifier", default: 0 },
  { name: 'defense', type: 'number', describe: "target's terrain defense modifier", default: 0 },
  { name: 'extra', type: 'number', describe: 'other additive item-37 modifiers (moving target +2, stealth +2, flank +1, entrenched ±1)', default: 0 },
  { name: 'marksman', type: 'boolean', describe: 'Marksman: lethality of one range closer (item 70)', default: false },
  { name: 'last-stand', type: 'boolean', describe: 'target FT under Last Stand: − an R flip (item 67)', default: false },
  { name: 'evade', type: 'string', describe: 'target plays Evade of this colour (item 61)', choices: COLOURS, default: 'none' },
  { name: 'target', type: 'string', describe: 'target rank (Resolve, Vitality)', choices: RANKS, default: 'private' },
  { name: 'state', type: 'string', describe: 'target condition', choices: STATES, default: 'ok' },
  { name: 'card-seed', type: 'number', describe: 'rules.card_seed: which cards carry the icons', default: 1 },
];

export interface OddsSpec {
  weapon: number; alt: boolean; range: number; firerRank: number; dd: boolean; mod: number; marksman: boolean;
  lastStand: boolean; evade: number; targetRank: number; state: number; cardSeed: number;
}

export function parseOdds(req: Record<string, unknown>): OddsSpec {
  const weapon = WEAPONS.indexOf(pickOption(req, 'weapon', WEAPONS, 'bolt_rifle'));
  const alt = boolOption(req, 'alt'), range = numberOption(req, 'range', 2, 1, 7), marksman = boolOption(req, 'marksman');
  const eff = marksman && range > 1 ? range - 1 : range;
  if (gridEntry(weapon, alt, eff) < 0) throw new ConfigError('range', range, `is N/A on the ${WEAPONS[weapon]}${alt ? ' (crewed/scoped)' : ''} grid: it cannot fire (item 88)`);
  return {
    weapon, alt, range, marksman, firerRank: RANKS.indexOf(pickOption(req, 'firer', RANKS, 'pfc')), dd: boolOption(req, 'double'),
    mod: numberOption(req, 'attack', 0, -5, 5) - numberOption(req, 'defense', 0, -5, 5) + numberOption(req, 'extra', 0, -10, 10),
    lastStand: boolOption(req, 'last-stand'), evade: COLOURS.indexOf(pickOption(req, 'evade', COLOURS, 'none')) - 1,
    targetRank: RANKS.indexOf(pickOption(req, 'target', RANKS, 'private')), state: [OK, SUPPRESSED, WOUNDED][STATES.indexOf(pickOption(req, 'state', STATES, 'ok'))],
    cardSeed: numberOption(req, 'card-seed', 1, 0, 2 ** 31 - 1),
  };
}

/** Stage kinds: lethality die, Discipline, Last Stand, Evade. */
const LETH = 0, DISC = 1, LS = 2, EVA = 3;

interface Program { kind: number[]; colour: number[]; firstNonLeth: number }

export function programOf(sp: OddsSpec): Program {
  const e = gridEntry(sp.weapon, sp.alt, sp.marksman && sp.range > 1 ? sp.range - 1 : sp.range);
  const kind: number[] = [], colour: number[] = [];
  for (let k = 0; k < GRID_LEN[e]; k++) { kind.push(LETH); colour.push(GRID_DIE[e * 3 + k]); }
  const first = kind.length;
  for (let k = 0; k < (sp.dd ? 2 : 1); k++) { kind.push(DISC); colour.push(RANK_DISCIPLINE[sp.firerRank]); }
  if (sp.lastStand) { kind.push(LS); colour.push(RED); }
  if (sp.evade >= 0) { kind.push(EVA); colour.push(sp.evade); }
  return { kind, colour, firstNonLeth: first };
}

const OFF = 48, SPAN = 2 * OFF + 1;

/**
 * Exact (without replacement) or independent distribution over RESULT_LABELS order. The
 * walk returns, for each stage position and set of cards already out, the distribution
 * of (the rest of the total, whether a Wound icon came up); it depends on the cards out
 * only through what later stages can read of them, which is the memo key.
 */
export function distribution(sp: OddsSpec, cat: CardCatalog, replacement: boolean): number[] {
  const prog = programOf(sp), K = prog.kind.length;
  const res = RANK_RESOLVE[sp.targetRank], vit = RANK_VITALITY[sp.targetRank];
  // Colours read at stages ≥ pos, and whether lethality (icons) remains.
  const mask: number[] = [], leth: boolean[] = [];
  for (let p = 0; p <= K; p++) {
    let m = 0, l = false;
    for (let q = p; q < K; q++) { m |= 1 << prog.colour[q]; if (prog.kind[q] === LETH) l = true; }
    mask.push(m); leth.push(l);
  }
  const proj = (c: number, p: number): number => {
    let k = leth[p] ? cat.icon[c] : 0;
    for (let cc = 0; cc < 3; cc++) k = k * 8 + ((mask[p] >> cc) & 1 ? cat.value[c * 3 + cc] - 1 : 0);
    return k;
  };
  const memo = new Map<string, Float64Array>();
  const removed: number[] = [];
  const counts = new Map<number, [number, number]>();
  const solve = (pos: number): Float64Array => {
    if (pos >= K) { const d = new Float64Array(2 * SPAN); d[OFF] = 1; return d; }
    const key = replacement ? `${pos}` : `${pos}|${removed.map((c) => proj(c, pos)).sort((a, b) => a - b).join(',')}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const kind = prog.kind[pos], col = prog.colour[pos];
    counts.clear();
    let total = 0;
    for (let c = 0; c < DECK_SIZE; c++) {
      if (!replacement && removed.includes(c)) continue;
      // Group: the value read now, the icon now (lethality), and what later stages can read.
      const k = ((cat.value[c * 3 + col] - 1) * 4 + (kind === LETH ? cat.icon[c] : 0)) * 4096 + (replacement ? 0 : proj(c, pos + 1));
      const e = counts.get(k);
      if (e) e[0]++; else counts.set(k, [1, c]);
      total++;
    }
    const groups = [...counts.values()];
    const out = new Float64Array(2 * SPAN);
    for (const [n, c] of groups) {
      const v = cat.value[c * 3 + col], icon = cat.icon[c], w = n / total;
      let next = pos + 1, delta = 0, wound = 0;
      if (kind === LETH) {
        if (icon === ICON_JAM) next = prog.firstNonLeth; // item 49: the card does not count
        else { delta = v; wound = icon === ICON_WOUND ? 1 : 0; }
      } else delta = -v;
      if (!replacement) removed.push(c);
      const child = solve(next);
      if (!replacement) removed.pop();
      for (let fw = 0; fw < 2; fw++) {
        for (let x = 0; x < SPAN; x++) {
          const pr = child[fw * SPAN + x];
          if (pr === 0) continue;
          const y = x + delta;
          out[(fw | wound) * SPAN + y] += w * pr;
        }
      }
    }
    memo.set(key, out);
    return out;
  };
  const d = solve(0);
  const out = [0, 0, 0, 0, 0];
  for (let fw = 0; fw < 2; fw++) for (let x = 0; x < SPAN; x++) if (d[fw * SPAN + x] > 0) out[resultOf(x - OFF + sp.mod, res, vit, sp.state, fw === 1, true)] += d[fw * SPAN + x];
  return out;
}

const catalogs = new Map<number, CardCatalog>();
export function catalogFor(seed: number): CardCatalog {
  let c = catalogs.get(seed);
  if (!c) { c = buildCatalog(owamRulesSchema.parse({ card_seed: seed })); catalogs.set(seed, c); }
  return c;
}

export function computeOwamOdds(req: Record<string, unknown>): OddsResult {
  const sp = parseOdds(req);
  const cat = catalogFor(sp.cardSeed);
  const exact = distribution(sp, cat, false), indep = distribution(sp, cat, true);
  const eff = sp.marksman && sp.range > 1 ? sp.range - 1 : sp.range;
  return {
    title: `OWAM Firing Sequence: ${WEAPONS[sp.weapon]}${sp.alt ? ' (crewed/scoped)' : ''} at range ${sp.range} (${gridString(sp.weapon, sp.alt, eff)}), ${RANKS[sp.firerRank]} firer vs ${STATES[[OK, SUPPRESSED, WOUNDED].indexOf(sp.state)]} ${RANKS[sp.targetRank]}`,
    inputs: { ...sp, weapon: WEAPONS[sp.weapon], firerRank: RANKS[sp.firerRank], targetRank: RANKS[sp.targetRank], state: STATES[[OK, SUPPRESSED, WOUNDED].indexOf(sp.state)], evade: sp.evade < 0 ? 'none' : COLOUR_NAMES[sp.evade] },
    outcomes: RESULT_LABELS.map((o, k) => ({ outcome: o, probability: exact[k] })),
    tables: [{ title: 'exact (full fresh deck, without replacement) vs independent dice', rows: RESULT_LABELS.map((o, k) => ({ outcome: o, exact: round6(exact[k]), independent: round6(indep[k]), difference: round6(exact[k] - indep[k]) })) }],
    notes: [
      'exact: drawn from a full fresh 192-card core deck without replacement (R1 card layout from card_seed; Jam, Wound icons read only during lethality, items 10, 49)',
      `total = lethality (${gridString(sp.weapon, sp.alt, eff)}) − Discipline ${COLOUR_NAMES[RANK_DISCIPLINE[sp.firerRank]]}${sp.dd ? ' ×2' : ''} ${sp.mod >= 0 ? '+' : '−'} ${Math.abs(sp.mod)}${sp.lastStand ? ' − R (Last Stand)' : ''}${sp.evade >= 0 ? ` − ${COLOUR_NAMES[sp.evade]} (Evade)` : ''}; Resolve ${RANK_RESOLVE[sp.targetRank]}, Vitality ${RANK_VITALITY[sp.targetRank]} (R3, R10)`,
      'independent: the same sequence with independent dice (each flip from a full deck)',
    ],
  };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export const owamOdds: OddsProvider = {
  options,
  compute: computeOwamOdds,
  sample: (req, rng, trials) => sampleOwam(parseOdds(req), rng, trials),
  examples: [
    { weapon: 'bolt_rifle', range: 2, firer: 'pfc', target: 'private' },
    { weapon: 'smg', range: 1, firer: 'captain', target: 'sergeant', state: 'suppressed', defense: 2 },
    { weapon: 'mg', alt: true, range: 3, firer: 'corporal', double: true, target: 'corporal', evade: 'red' },
    { weapon: 'sniper', alt: true, range: 5, firer: 'private', target: 'pfc', 'last-stand': true, marksman: true },
  ],
};
