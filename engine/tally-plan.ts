/**
 * What a ruleset declares about its statistics (a TallySpec) and what the engine derives
 * from it once per scenario (a TallyPlan): the accumulator layout with every standard
 * block, the binning of a long time axis, block labels and docs worded in the ruleset's
 * own nouns, and the per-game row columns. Rulesets never write a stride or a sum of
 * squares: they feed the Tally (tally.ts) with semantic calls.
 */
import { RecordLayout, type BlockSpec } from './record.ts';

/** The ruleset's words, so nothing outside its folder says "soldier", "turn" or "VP". */
export interface Nouns {
  /** One piece on the table ("soldier", "unit", "model") and its plural. */
  unit: string;
  units: string;
  /** What a side holds and loses ("points", "health"). */
  value: string;
  /** The score that decides games, short ("VP") and long ("victory points"). */
  score: string;
  scoreLong: string;
  /** The time step of lethality curves ("turn", "round", "card") and its plural. */
  step: string;
  steps: string;
}

export interface TallySpec {
  /** Display names of the two sides, in config order. */
  sideNames: readonly [string, string];
  nouns: Nouns;
  /** Time steps of the longest game. */
  steps: number;
  /** Steps are reported in this many equal bins (default: one bin per step). */
  bins?: number;
  /** Unit type labels: when given, the per-type blocks are recorded. */
  types?: readonly string[];
  /** Display names of the types, same order ("Veteran Corporal" for "veteran-corporal"): reports show these; CSVs keep the labels. */
  typeNames?: readonly string[];
  /** Score margin histogram: bins `width` wide centred on multiples of it, from −half·width to +half·width (clamped). */
  margin?: { width: number; half: number };
  /** Classes of a win (e.g. margin-of-victory classes): games won by each side in each class. */
  winClasses?: readonly string[];
  /** The ruleset's own blocks (sums of integers), after the standard ones. */
  extras?: readonly BlockSpec[];
  /** The ruleset's own per-game row columns, after the standard ones. */
  rowExtras?: readonly string[];
  /** Labels of coded extra row columns: value k means labels[k]. */
  rowLabels?: Readonly<Record<string, readonly string[]>>;
  /** Doc text replacing a standard block's default (e.g. what "cost" means for this ruleset). */
  docs?: Readonly<Partial<Record<StandardBlock, string>>>;
}

/** Standard block names the runner, analysis and reports read for every ruleset. */
export const BLOCK = {
  /** [3]: wins of side 0, wins of side 1, draws. */
  outcome: 'outcome',
  /** [2]: sums of each side's final score, and of its square. */
  score: 'score',
  scoreSq: 'scoreSq',
  /** [2, bins]: sums of units lost in the bin, of its square, and of the square of units lost up to the bin's end. */
  casualties: 'casualties',
  casualtiesSq: 'casualtiesSq',
  cumCasualtiesSq: 'cumCasualtiesSq',
  /** [2, bins]: sums of the value a side holds at the end of the bin, and of its square. */
  survivingValue: 'survivingValue',
  survivingValueSq: 'survivingValueSq',
  /** [2]: sum of each side's value at the start. */
  startingValue: 'startingValue',
  /** [2, bins, CUM_BUCKETS]: games by units lost up to the bin's end (the last bucket: that many or more). */
  cumCasualtiesHist: 'cumCasualtiesHist',
  /** [2, bins, SHARE_BUCKETS]: games by the share of its starting value a side holds at the bin's end, in 5% buckets. */
  valueShareHist: 'valueShareHist',
  /** [bins]: games ending in each bin (game length). */
  gameLengthHist: 'gameLengthHist',
  /** [3, END_CAUSES]: games by outcome (side 0 won, side 1 won, draw) and how they ended. */
  endCause: 'endCause',
  // With `types` (K = types.length):
  /** [2, K]: units of type k fielded. */
  typeFielded: 'typeFielded',
  /** [2, K]: cost of the units of type k fielded. */
  typeCost: 'typeCost',
  /** [2, K, bins]: units of type k lost in the bin. */
  typeCasualties: 'typeCasualties',
  /** [2, K]: cost lost with units of type k (whole units, or damage). */
  typeCostLost: 'typeCostLost',
  /** [2, K, bins]: cost lost with units of type k in the bin. */
  typeCostLostSteps: 'typeCostLostSteps',
  /** [2, K]: enemy units taken out by side s's units of type k. */
  typeKills: 'typeKills',
  /** [M]: games by score margin (side 0 minus side 1); labels[0] are the bin centres. */
  marginHist: 'marginHist',
  /** [2, C]: games won by side s in win class c. */
  winClass: 'winClass',
} as const;

export type StandardBlock = (typeof BLOCK)[keyof typeof BLOCK];

/** Distributions, not only means (issue 31): bucket counts of the standard histograms. */
export const CUM_BUCKETS = 64;
export const SHARE_BUCKETS = 21;
/**
 * How a game ended, as the engine sees it from the tally alone (so every ruleset has it):
 * a side had no unit left (all lost or withdrawn), else the clock ran out (every step was
 * played), else the rules ended it sooner (a mission, an objective, morale, a concession).
 * A wipe-out on the last step counts as elimination. The ruleset's own classes of win
 * (winClass) say more where it defines them.
 */
export const END_CAUSES = ['elimination', 'time', 'rules'] as const;
export const END_ELIMINATION = 0, END_TIME = 1, END_RULES = 2;

/** The layout, bins and row columns of one scenario, derived once from its TallySpec. */
export class TallyPlan {
  readonly spec: TallySpec;
  readonly layout: RecordLayout;
  readonly steps: number;
  readonly bins: number;
  /** binOf[t]: the bin of step t (0-based). */
  readonly binOf: Int32Array;
  /** lastOfBin[t] = 1 when step t is the last step of its bin. */
  readonly lastOfBin: Uint8Array;
  readonly binLabels: string[];
  readonly typeCount: number;
  /** Per-game row: the engine's standard columns, then the ruleset's extras from `rowExtra` on. */
  readonly rowColumns: string[];
  readonly rowLabels: Record<string, readonly string[]>;
  readonly rowExtra: number;

  constructor(spec: TallySpec) {
    const { steps, nouns: n } = spec;
    const bins = spec.bins ?? steps;
    if (!Number.isInteger(steps) || steps < 1) throw new RangeError(`tally: steps must be a positive integer, got ${steps}`);
    if (!Number.isInteger(bins) || bins < 1 || bins > steps) throw new RangeError(`tally: bins must be an integer in 1..${steps}, got ${bins}`);
    this.spec = spec;
    this.steps = steps;
    this.bins = bins;
    this.binOf = new Int32Array(steps);
    this.lastOfBin = new Uint8Array(steps);
    for (let t = 0; t < steps; t++) this.binOf[t] = Math.floor((t * bins) / steps);
    for (let t = 0; t < steps; t++) this.lastOfBin[t] = t === steps - 1 || this.binOf[t + 1] !== this.binOf[t] ? 1 : 0;
    this.binLabels = binLabels(this.binOf, bins, n);
    this.typeCount = spec.types?.length ?? 0;
    this.layout = new RecordLayout(this.blockSpecs());
    const score = slug(n.score), value = slug(n.value);
    this.rowColumns = [
      'game', 'winner', 'margin', slug(n.steps),
      `side0_${score}`, `side1_${score}`, 'side0_casualties', 'side1_casualties',
      `side0_surviving_${value}`, `side1_surviving_${value}`,
    ];
    this.rowExtra = this.rowColumns.length;
    for (const c of spec.rowExtras ?? []) {
      if (this.rowColumns.includes(c)) throw new Error(`tally: row column ${c} is a standard column`);
      this.rowColumns.push(c);
    }
    this.rowLabels = { winner: [spec.sideNames[0], spec.sideNames[1], 'draw'], ...(spec.rowLabels ?? {}) };
  }

  private blockSpecs(): BlockSpec[] {
    const { spec } = this;
    const n = spec.nouns, sides = [...spec.sideNames], bins = this.binLabels;
    const doc = (name: StandardBlock, text: string): string => spec.docs?.[name] ?? text;
    const out: BlockSpec[] = [
      { name: BLOCK.outcome, dims: [3], labels: [[...sides, 'draw']], doc: 'games won by each side, and draws' },
      { name: BLOCK.score, dims: [2], labels: [sides], doc: doc(BLOCK.score, `sum of ${n.scoreLong} (${n.score})`) },
      { name: BLOCK.scoreSq, dims: [2], labels: [sides], doc: `sum of squared ${n.score}` },
      { name: BLOCK.casualties, dims: [2, this.bins], labels: [sides, bins], doc: doc(BLOCK.casualties, `sum of ${n.units} lost in the ${n.step}`) },
      { name: BLOCK.casualtiesSq, dims: [2, this.bins], labels: [sides, bins], doc: `sum of squared ${n.units} lost in the ${n.step}` },
      { name: BLOCK.cumCasualtiesSq, dims: [2, this.bins], labels: [sides, bins], doc: `sum of squared ${n.units} lost up to the end of the ${n.step}` },
      { name: BLOCK.survivingValue, dims: [2, this.bins], labels: [sides, bins], doc: doc(BLOCK.survivingValue, `sum of the ${n.value} a side holds at the end of the ${n.step}`) },
      { name: BLOCK.survivingValueSq, dims: [2, this.bins], labels: [sides, bins], doc: `sum of the squared ${n.value} a side holds at the end of the ${n.step}` },
      { name: BLOCK.startingValue, dims: [2], labels: [sides], doc: doc(BLOCK.startingValue, `sum of each side's starting ${n.value}`) },
      { name: BLOCK.cumCasualtiesHist, dims: [2, this.bins, CUM_BUCKETS], labels: [sides, bins, Array.from({ length: CUM_BUCKETS }, (_, k) => (k === CUM_BUCKETS - 1 ? `${k}+` : String(k)))], doc: `games by ${n.units} lost up to the end of the ${n.step} (the last bucket: ${CUM_BUCKETS - 1} or more)` },
      { name: BLOCK.valueShareHist, dims: [2, this.bins, SHARE_BUCKETS], labels: [sides, bins, Array.from({ length: SHARE_BUCKETS }, (_, k) => `${5 * k}%`)], doc: `games by the share of its starting ${n.value} a side holds at the end of the ${n.step}, rounded down to 5% (the last bucket: 100% or more)` },
      { name: BLOCK.gameLengthHist, dims: [this.bins], labels: [bins], doc: `games ending in each ${n.step}` },
      { name: BLOCK.endCause, dims: [3, END_CAUSES.length], labels: [[...sides, 'draw'], [...END_CAUSES]], doc: `games by outcome and how they ended: elimination (a side had no ${n.units} left), time (every ${n.step} played), rules (ended sooner by the rules)` },
    ];
    if (spec.types) {
      const t = [...spec.types], K = t.length;
      out.push(
        { name: BLOCK.typeFielded, dims: [2, K], labels: [sides, t], doc: doc(BLOCK.typeFielded, `sum of ${n.units} fielded by side and type`) },
        { name: BLOCK.typeCost, dims: [2, K], labels: [sides, t], doc: doc(BLOCK.typeCost, `sum of the cost (${n.value}) of the ${n.units} fielded, by side and type`) },
        { name: BLOCK.typeCasualties, dims: [2, K, this.bins], labels: [sides, t, bins], doc: doc(BLOCK.typeCasualties, `sum of ${n.units} lost by side, type and ${n.step}`) },
        { name: BLOCK.typeCostLost, dims: [2, K], labels: [sides, t], doc: doc(BLOCK.typeCostLost, `sum of the cost (${n.value}) lost, by side and type`) },
        { name: BLOCK.typeCostLostSteps, dims: [2, K, this.bins], labels: [sides, t, bins], doc: doc(BLOCK.typeCostLostSteps, `sum of the cost (${n.value}) lost, by side, type and ${n.step}`) },
        { name: BLOCK.typeKills, dims: [2, K], labels: [sides, t], doc: doc(BLOCK.typeKills, `sum of enemy ${n.units} taken out by ${n.units} of each side and type`) },
      );
    }
    if (spec.margin) {
      const { width, half } = spec.margin;
      if (!(width > 0) || !Number.isInteger(half) || half < 1) throw new RangeError('tally: margin needs width > 0 and an integer half >= 1');
      const labels = Array.from({ length: 2 * half + 1 }, (_, k) => String(width * (k - half)));
      out.push({ name: BLOCK.marginHist, dims: [2 * half + 1], labels: [labels], doc: doc(BLOCK.marginHist, `games by ${n.score} margin (side 0 minus side 1) in ${width}-${n.score} bins centred on multiples of ${width}, from ${-width * half} to +${width * half} (clamped)`) });
    }
    if (spec.winClasses) {
      out.push({ name: BLOCK.winClass, dims: [2, spec.winClasses.length], labels: [sides, [...spec.winClasses]], doc: doc(BLOCK.winClass, 'games won by each side in each class of win') });
    }
    return [...out, ...(spec.extras ?? [])];
  }
}

/** "turn 1".. with one step per bin; "cards 1–16".. with several. */
function binLabels(binOf: Int32Array, bins: number, n: Nouns): string[] {
  const first = new Array<number>(bins).fill(-1), last = new Array<number>(bins).fill(-1);
  for (let t = 0; t < binOf.length; t++) {
    const b = binOf[t];
    if (first[b] < 0) first[b] = t;
    last[b] = t;
  }
  return first.map((f, b) => (f === last[b] ? `${n.step} ${f + 1}` : `${n.steps} ${f + 1}–${last[b] + 1}`));
}

/** A noun as a column-name part: "VP" → "vp", "victory points" → "victory_points". */
export function slug(s: string): string {
  return s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}
