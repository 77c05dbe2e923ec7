/**
 * The engine-owned tally: a ruleset reports what happens in a game with a few semantic,
 * allocation-free calls, and the tally derives every standard statistic from them (sums,
 * squares, per-type blocks, time bins, margin histogram, padding after an early end, the
 * standard per-game row). The runner owns it: it attaches each chunk's buffer, begins
 * every game and checks that the game ended.
 *
 * A game, from the ruleset's side:
 *   tally.field(side, type, cost, value)        each unit present at the start
 *   tally.lose / damage / withdraw / kill       as they happen, in the current step
 *   tally.surviving[s] = …; tally.endStep()     at the end of every step played
 *   tally.score[s] = …; tally.endGame(winner)   once, after the last step
 * Doubles go in through the typed arrays `surviving` and `score`, not as arguments: V8
 * boxes a double passed to a call it does not inline. All amounts are integers.
 */
import { BLOCK, CUM_BUCKETS, END_CAUSES, END_ELIMINATION, END_RULES, END_TIME, SHARE_BUCKETS, TallyPlan } from './tally-plan.ts';
export { END_ELIMINATION, END_RULES, END_TIME } from './tally-plan.ts';

/** endGame's winner for a drawn game. */
export const DRAW = 2;

/** What a game was worth to the side in `seat`: a win 1, a draw ½, a loss 0. */
export function seatResult(winner: number, seat: number): number {
  return winner === DRAW ? 0.5 : winner === seat ? 1 : 0;
}

export class Tally {
  readonly plan: TallyPlan;
  /** This chunk's accumulators (the runner attaches a fresh buffer per chunk). */
  acc: Float64Array;
  /** The last game's winner (0, 1 or DRAW) once endGame ran (trace, tests). */
  winner = -1;
  /** This game's row when rows are recorded (`run --record games`), else null. Extras start at plan.rowExtra. */
  row: Float64Array | null = null;
  /**
   * How this game ended (END_ELIMINATION, END_TIME or END_RULES of tally-plan.ts) when the
   * ruleset knows better than the tally: its clock is not the step count (OWAM's deck timer
   * and round cap, Platoon's variable last turn) or its elimination is not "every unit lost".
   * −1 (reset by beginGame): derived at endGame from losses and steps played.
   */
  endedBy = -1;
  /** Each side's final score: written by the ruleset before endGame. */
  readonly score = new Float64Array(2);
  /** The value each side holds now: written by the ruleset before each endStep (and before endGame). */
  readonly surviving = new Float64Array(2);
  /** Units fielded, lost and withdrawn this game, per side (the conformance suite checks them). */
  readonly unitsFielded = new Int32Array(2);
  readonly unitsLost = new Int32Array(2);
  readonly unitsWithdrawn = new Int32Array(2);
  /** The current step (0-based): steps closed so far this game. */
  step = 0;
  /** True once endGame ran for the current game. */
  ended = false;
  private game = 0;
  private readonly binLost = new Float64Array(2);
  /** Each side's value at the start of this game (valueShareHist). */
  private readonly startValue = new Float64Array(2);
  private readonly cumLost = new Float64Array(2);
  /** Steps closed in the current bin that is not flushed yet. */
  private binOpen = false;
  // Block offsets, resolved once.
  private readonly oOutcome: number; private readonly oScore: number; private readonly oScoreSq: number;
  private readonly oCas: number; private readonly oCasSq: number; private readonly oCumSq: number;
  private readonly oSurv: number; private readonly oSurvSq: number; private readonly oStart: number;
  private readonly oFielded: number; private readonly oCost: number; private readonly oTypeCas: number;
  private readonly oCostLost: number; private readonly oCostLostSteps: number; private readonly oKills: number;
  private readonly oMargin: number; private readonly oWinClass: number;
  private readonly oCumHist: number; private readonly oShareHist: number; private readonly oLength: number; private readonly oEnd: number;
  private readonly bins: number; private readonly types: number; private readonly classes: number;
  private readonly mWidth: number; private readonly mHalf: number;

  constructor(plan: TallyPlan) {
    this.plan = plan;
    const l = plan.layout, has = (n: string): number => (l.has(n) ? l.offset(n) : -1);
    this.acc = new Float64Array(l.size);
    this.oOutcome = l.offset(BLOCK.outcome); this.oScore = l.offset(BLOCK.score); this.oScoreSq = l.offset(BLOCK.scoreSq);
    this.oCas = l.offset(BLOCK.casualties); this.oCasSq = l.offset(BLOCK.casualtiesSq); this.oCumSq = l.offset(BLOCK.cumCasualtiesSq);
    this.oSurv = l.offset(BLOCK.survivingValue); this.oSurvSq = l.offset(BLOCK.survivingValueSq); this.oStart = l.offset(BLOCK.startingValue);
    this.oFielded = has(BLOCK.typeFielded); this.oCost = has(BLOCK.typeCost); this.oTypeCas = has(BLOCK.typeCasualties);
    this.oCostLost = has(BLOCK.typeCostLost); this.oCostLostSteps = has(BLOCK.typeCostLostSteps); this.oKills = has(BLOCK.typeKills);
    this.oMargin = has(BLOCK.marginHist); this.oWinClass = has(BLOCK.winClass);
    this.oCumHist = l.offset(BLOCK.cumCasualtiesHist); this.oShareHist = l.offset(BLOCK.valueShareHist); this.oLength = l.offset(BLOCK.gameLengthHist); this.oEnd = l.offset(BLOCK.endCause);
    this.bins = plan.bins;
    this.types = plan.typeCount;
    this.classes = plan.spec.winClasses?.length ?? 0;
    this.mWidth = plan.spec.margin?.width ?? 1;
    this.mHalf = plan.spec.margin?.half ?? 0;
  }

  /** Offset of a block in `acc` (for a ruleset's extras: `tally.acc[off + i] += n`). */
  offset(name: string): number {
    return this.plan.layout.offset(name);
  }

  /** Runner: a new chunk buffer. */
  attach(acc: Float64Array): void {
    if (acc.length !== this.plan.layout.size) throw new Error(`tally: buffer of ${acc.length} values, layout needs ${this.plan.layout.size}`);
    this.acc = acc;
  }

  /** Runner: before the ruleset resets and plays game `index`. */
  beginGame(index: number): void {
    this.game = index;
    this.step = 0;
    this.ended = false;
    this.endedBy = -1;
    this.binOpen = false;
    this.binLost[0] = 0; this.binLost[1] = 0;
    this.startValue[0] = 0; this.startValue[1] = 0;
    this.cumLost[0] = 0; this.cumLost[1] = 0;
    this.score[0] = 0; this.score[1] = 0;
    this.surviving[0] = 0; this.surviving[1] = 0;
    this.unitsFielded[0] = 0; this.unitsFielded[1] = 0;
    this.unitsLost[0] = 0; this.unitsLost[1] = 0;
    this.unitsWithdrawn[0] = 0; this.unitsWithdrawn[1] = 0;
  }

  /** A unit present at the start of the game: its cost (paid for it) and value (what its side holds). */
  field(side: number, type: number, cost: number, value: number): void {
    this.acc[this.oStart + side] += value;
    this.startValue[side] += value;
    this.reinforce(side, type, cost);
  }

  /** A unit joining after the start (reinforcements, spawns): fielded, but not in the starting value. */
  reinforce(side: number, type: number, cost: number): void {
    this.unitsFielded[side]++;
    if (this.types === 0) return;
    const k = side * this.types + type;
    this.acc[this.oFielded + k]++;
    this.acc[this.oCost + k] += cost;
  }

  /** A unit of side `side` lost (a casualty) in the current step; `cost` is the cost lost with it now. */
  lose(side: number, type: number, cost: number): void {
    if (this.step >= this.plan.steps) throw new Error('tally: a unit lost after the last step');
    this.unitsLost[side]++;
    this.binLost[side]++;
    if (this.types === 0) return;
    const b = this.plan.binOf[this.step], k = side * this.types + type;
    this.acc[this.oTypeCas + k * this.bins + b]++;
    this.costLost(k, b, cost);
  }

  /** Cost lost without losing the unit (e.g. health points) in the current step. */
  damage(side: number, type: number, cost: number): void {
    if (this.types === 0 || this.step >= this.plan.steps) return;
    this.costLost(side * this.types + type, this.plan.binOf[this.step], cost);
  }

  private costLost(k: number, b: number, cost: number): void {
    this.acc[this.oCostLost + k] += cost;
    this.acc[this.oCostLostSteps + k * this.bins + b] += cost;
  }

  /** A unit leaving play without being a casualty (carried off the table, routed off). */
  withdraw(side: number): void {
    this.unitsWithdrawn[side]++;
  }

  /** A unit of side `side` and type `type` took an enemy unit out. */
  kill(side: number, type: number): void {
    if (this.types !== 0) this.acc[this.oKills + side * this.types + type]++;
  }

  /** Closes the current step; `surviving` must hold the value each side holds now. */
  endStep(): void {
    const t = this.step;
    if (t >= this.plan.steps) throw new Error(`tally: more than ${this.plan.steps} steps`);
    this.step = t + 1;
    this.binOpen = true;
    if (this.plan.lastOfBin[t] === 1) this.flushBin(this.plan.binOf[t]);
  }

  private flushBin(b: number): void {
    const acc = this.acc, B = this.bins;
    for (let s = 0; s < 2; s++) {
      const c = this.binLost[s], cum = this.cumLost[s] + c, v = this.surviving[s], i = s * B + b;
      this.cumLost[s] = cum;
      this.binLost[s] = 0;
      acc[this.oCas + i] += c;
      acc[this.oCasSq + i] += c * c;
      acc[this.oCumSq + i] += cum * cum;
      acc[this.oSurv + i] += v;
      acc[this.oSurvSq + i] += v * v;
      acc[this.oCumHist + i * CUM_BUCKETS + (cum < CUM_BUCKETS - 1 ? cum : CUM_BUCKETS - 1)]++;
      const st = this.startValue[s];
      let q = st > 0 ? Math.floor((20 * v) / st) : SHARE_BUCKETS - 1;
      q = q < 0 ? 0 : q > SHARE_BUCKETS - 1 ? SHARE_BUCKETS - 1 : q;
      acc[this.oShareHist + i * SHARE_BUCKETS + q]++;
    }
    this.binOpen = false;
  }

  /**
   * Ends the game: `score` holds the final scores and `surviving` the final values. Winner
   * 0 or 1, or DRAW; `winClass` the class of the win (a winClasses index), or −1. Bins after
   * an early end are padded: no further losses, the final value held.
   */
  endGame(winner: number, winClass: number): void {
    if (this.ended) throw new Error('tally: endGame called twice');
    this.winner = winner;
    const plan = this.plan, acc = this.acc;
    let b = this.step > 0 ? plan.binOf[this.step - 1] + 1 : 0;
    acc[this.oLength + (b > 0 ? b - 1 : 0)]++;
    if (this.binOpen) this.flushBin(b - 1); // a bin cut short by the end
    for (; b < this.bins; b++) this.flushBin(b);
    const a = this.score[0], z = this.score[1];
    acc[this.oOutcome + winner]++;
    const wiped = this.endedBy >= 0 ? false : (this.unitsFielded[0] > 0 && this.unitsLost[0] + this.unitsWithdrawn[0] >= this.unitsFielded[0])
      || (this.unitsFielded[1] > 0 && this.unitsLost[1] + this.unitsWithdrawn[1] >= this.unitsFielded[1]);
    acc[this.oEnd + winner * END_CAUSES.length + (this.endedBy >= 0 ? this.endedBy : wiped ? END_ELIMINATION : this.step >= plan.steps ? END_TIME : END_RULES)]++;
    acc[this.oScore] += a; acc[this.oScore + 1] += z;
    acc[this.oScoreSq] += a * a; acc[this.oScoreSq + 1] += z * z;
    if (this.oMargin >= 0) {
      let m = Math.round((a - z) / this.mWidth) + this.mHalf;
      m = m < 0 ? 0 : m > 2 * this.mHalf ? 2 * this.mHalf : m;
      acc[this.oMargin + m]++;
    }
    if (winClass >= 0 && winner !== DRAW && this.classes > 0) acc[this.oWinClass + winner * this.classes + winClass]++;
    const row = this.row;
    if (row !== null) {
      row[0] = this.game; row[1] = winner; row[2] = a - z; row[3] = this.step;
      row[4] = a; row[5] = z;
      row[6] = this.unitsLost[0]; row[7] = this.unitsLost[1];
      row[8] = this.surviving[0]; row[9] = this.surviving[1];
    }
    this.ended = true;
  }
}
