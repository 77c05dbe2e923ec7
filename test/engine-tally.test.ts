import { describe, expect, it } from 'vitest';
import { DRAW, END_TIME, Tally } from '../engine/tally.ts';
import { BLOCK, CUM_BUCKETS, SHARE_BUCKETS, TallyPlan, slug, type Nouns, type TallySpec } from '../engine/tally-plan.ts';

const NOUNS: Nouns = { unit: 'soldier', units: 'soldiers', value: 'points', score: 'VP', scoreLong: 'victory points', step: 'turn', steps: 'turns' };

function spec(over: Partial<TallySpec> = {}): TallySpec {
  return { sideNames: ['A', 'B'], nouns: NOUNS, steps: 4, types: ['private', 'sergeant'], margin: { width: 10, half: 3 }, winClasses: ['narrow', 'clear'], ...over };
}

function read(t: Tally, name: string): number[] {
  const b = t.plan.layout.block(name);
  return Array.from(t.acc.subarray(b.offset, b.offset + b.size));
}

/** A 2-step game (of 4): side 1 loses a sergeant in step 1 and a private in step 2, then the game ends. */
function shortGame(t: Tally): void {
  t.beginGame(7);
  t.field(0, 0, 10, 10); t.field(0, 1, 30, 55);
  t.field(1, 0, 10, 10); t.field(1, 1, 30, 55);
  t.lose(1, 1, 30); t.kill(0, 0);
  t.surviving[0] = 65; t.surviving[1] = 10;
  t.endStep();
  t.lose(1, 0, 10); t.kill(0, 1);
  t.surviving[0] = 65; t.surviving[1] = 0;
  t.endStep();
  t.score[0] = 65; t.score[1] = 0;
  t.endGame(0, 1);
}

describe('TallyPlan', () => {
  it('lays out every standard block, the type blocks, the margin histogram, win classes and extras', () => {
    const plan = new TallyPlan(spec({ extras: [{ name: 'actions', dims: [2, 3] }] }));
    const names = plan.layout.blocks.map((b) => b.name);
    expect(names).toEqual([
      'outcome', 'score', 'scoreSq', 'casualties', 'casualtiesSq', 'cumCasualtiesSq', 'survivingValue', 'survivingValueSq', 'startingValue', 'cumCasualtiesHist', 'valueShareHist', 'gameLengthHist', 'endCause',
      'typeFielded', 'typeCost', 'typeCasualties', 'typeCostLost', 'typeCostLostSteps', 'typeKills', 'marginHist', 'winClass', 'actions',
    ]);
    expect(plan.layout.block(BLOCK.typeCasualties).dims).toEqual([2, 2, 4]);
    expect(plan.layout.block(BLOCK.marginHist).labels![0]).toEqual(['-30', '-20', '-10', '0', '10', '20', '30']);
    expect(plan.layout.block(BLOCK.casualties).labels![1]).toEqual(['turn 1', 'turn 2', 'turn 3', 'turn 4']);
    expect(plan.layout.block(BLOCK.casualties).doc).toBe('sum of soldiers lost in the turn');
  });

  it('bins a long clock into equal bins labelled with their step ranges', () => {
    const plan = new TallyPlan(spec({ steps: 192, bins: 12, nouns: { ...NOUNS, step: 'card', steps: 'cards' } }));
    expect(plan.binLabels[0]).toBe('cards 1–16');
    expect(plan.binLabels[11]).toBe('cards 177–192');
    expect(plan.layout.block(BLOCK.casualties).dims).toEqual([2, 12]);
    expect(Array.from(plan.lastOfBin).reduce((a, b) => a + b, 0)).toBe(12);
  });

  it('names the standard row columns from the nouns and appends the ruleset extras', () => {
    const plan = new TallyPlan(spec({ rowExtras: ['margin_class'], rowLabels: { margin_class: ['a', 'b'] } }));
    expect(plan.rowColumns).toEqual(['game', 'winner', 'margin', 'turns', 'side0_vp', 'side1_vp', 'side0_casualties', 'side1_casualties', 'side0_surviving_points', 'side1_surviving_points', 'margin_class']);
    expect(plan.rowExtra).toBe(10);
    expect(plan.rowLabels.winner).toEqual(['A', 'B', 'draw']);
    expect(slug('victory points')).toBe('victory_points');
  });

  it('refuses bins that do not fit the steps', () => {
    expect(() => new TallyPlan(spec({ bins: 5 }))).toThrow(/bins/);
    expect(() => new TallyPlan(spec({ steps: 0 }))).toThrow(/steps/);
  });
});

describe('Tally', () => {
  it('derives sums, squares, per-type blocks and the padding after an early end', () => {
    const t = new Tally(new TallyPlan(spec()));
    t.row = new Float64Array(t.plan.rowColumns.length);
    shortGame(t);
    expect(read(t, BLOCK.outcome)).toEqual([1, 0, 0]);
    expect(read(t, BLOCK.score)).toEqual([65, 0]);
    expect(read(t, BLOCK.scoreSq)).toEqual([65 * 65, 0]);
    expect(read(t, BLOCK.startingValue)).toEqual([65, 65]);
    // Steps 3 and 4 were not played: no losses, the final value held, cumulative losses carried.
    expect(read(t, BLOCK.casualties)).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
    expect(read(t, BLOCK.casualtiesSq)).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
    expect(read(t, BLOCK.cumCasualtiesSq)).toEqual([0, 0, 0, 0, 1, 4, 4, 4]);
    expect(read(t, BLOCK.survivingValue)).toEqual([65, 65, 65, 65, 10, 0, 0, 0]);
    expect(read(t, BLOCK.survivingValueSq)).toEqual([65 * 65, 65 * 65, 65 * 65, 65 * 65, 100, 0, 0, 0]);
    expect(read(t, BLOCK.typeFielded)).toEqual([1, 1, 1, 1]);
    expect(read(t, BLOCK.typeCost)).toEqual([10, 30, 10, 30]);
    // [side][type][step]: side 1's sergeant in step 1, its private in step 2.
    expect(read(t, BLOCK.typeCasualties)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]);
    expect(read(t, BLOCK.typeCostLost)).toEqual([0, 0, 10, 30]);
    expect(read(t, BLOCK.typeKills)).toEqual([1, 1, 0, 0]);
    // Margin 65 → bin round(6.5) + 3 = 10, clamped to 6.
    expect(read(t, BLOCK.marginHist)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(read(t, BLOCK.winClass)).toEqual([0, 1, 0, 0]);
    expect(Array.from(t.row!)).toEqual([7, 0, 65, 2, 65, 0, 0, 2, 65, 0]);
    expect(Array.from(t.unitsLost)).toEqual([0, 2]);
    expect(Array.from(t.unitsFielded)).toEqual([2, 2]);
  });

  it('records distributions, not only means: losses so far, share of value held and game length, per game', () => {
    const t = new Tally(new TallyPlan(spec()));
    shortGame(t);
    const cum = read(t, BLOCK.cumCasualtiesHist), share = read(t, BLOCK.valueShareHist);
    const at = (h: number[], B: number, s: number, bin: number) => h.slice((s * 4 + bin) * B, (s * 4 + bin + 1) * B).indexOf(1);
    // Side 1 lost 1 by the end of step 1, 2 from step 2 on (steps 3-4 are the padding after the end).
    expect([0, 1, 2, 3].map((b) => at(cum, CUM_BUCKETS, 1, b))).toEqual([1, 2, 2, 2]);
    expect([0, 1, 2, 3].map((b) => at(cum, CUM_BUCKETS, 0, b))).toEqual([0, 0, 0, 0]);
    // Side 1 holds 10 of 65 (15%, bucket 3) after step 1, then nothing; side 0 all of its 65.
    expect([0, 1, 2, 3].map((b) => at(share, SHARE_BUCKETS, 1, b))).toEqual([3, 0, 0, 0]);
    expect([0, 1, 2, 3].map((b) => at(share, SHARE_BUCKETS, 0, b))).toEqual([20, 20, 20, 20]);
    expect(cum.reduce((a, b) => a + b, 0)).toBe(8); // one count per side and bin
    // Two steps were played: the game ends in bin 2 (index 1).
    expect(read(t, BLOCK.gameLengthHist)).toEqual([0, 1, 0, 0]);
    shortGame(t);
    expect(read(t, BLOCK.gameLengthHist)).toEqual([0, 2, 0, 0]);
    // Side 1 lost both its units: side 0 won by elimination (twice).
    expect(read(t, BLOCK.endCause)).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('records how each game ended: elimination, time (every step played) or the rules, by outcome', () => {
    const t = new Tally(new TallyPlan(spec({ steps: 2, bins: 2, types: undefined, margin: undefined, winClasses: undefined })));
    const game = (steps: number, lost: number, winner: number) => {
      t.beginGame(0);
      t.field(0, 0, 1, 1); t.field(1, 0, 1, 1); t.field(1, 0, 1, 1);
      t.surviving[0] = 1; t.surviving[1] = 2;
      for (let k = 0; k < lost; k++) t.lose(1, 0, 1);
      for (let k = 0; k < steps; k++) t.endStep();
      t.endGame(winner, -1);
    };
    game(2, 0, 2); // a draw at the end of the clock: time
    game(1, 0, 1); // side 1 wins after one of two steps, nobody wiped out: the rules
    game(2, 2, 0); // side 1 wiped out on the last step: elimination, not time
    game(2, 1, 0); // side 1 down to one unit when time runs out: time
    // [outcome][cause]: rows side 0 won, side 1 won, draw; columns elimination, time, rules.
    expect(read(t, BLOCK.endCause)).toEqual([1, 1, 0, 0, 0, 1, 0, 1, 0]);
    // A ruleset whose clock is not the step count says so (OWAM's deck timer, Platoon's last turn).
    t.beginGame(9);
    expect(t.endedBy).toBe(-1);
    t.field(0, 0, 1, 1); t.field(1, 0, 1, 1);
    t.endStep();
    t.endedBy = END_TIME;
    t.endGame(1, -1);
    expect(read(t, BLOCK.endCause)).toEqual([1, 1, 0, 0, 1, 1, 0, 1, 0]);
  });

  it('flushes a bin cut short by the end of the game, and sums bins of several steps', () => {
    const t = new Tally(new TallyPlan(spec({ steps: 6, bins: 2, types: undefined, margin: undefined, winClasses: undefined })));
    t.beginGame(0);
    t.field(0, 0, 1, 1); t.field(0, 0, 1, 1); t.field(1, 0, 1, 1);
    t.surviving[0] = 2; t.surviving[1] = 1;
    t.lose(0, 0, 1); t.surviving[0] = 1; t.endStep(); // step 1 (bin 1)
    t.lose(0, 0, 1); t.surviving[0] = 0; t.endStep(); // step 2 (bin 1)
    t.score[1] = 5;
    t.endGame(1, -1); // bin 1 had 2 of its 3 steps
    expect(read(t, BLOCK.casualties)).toEqual([2, 0, 0, 0]);
    expect(read(t, BLOCK.casualtiesSq)).toEqual([4, 0, 0, 0]);
    expect(read(t, BLOCK.cumCasualtiesSq)).toEqual([4, 4, 0, 0]);
    expect(read(t, BLOCK.survivingValue)).toEqual([0, 0, 1, 1]);
    expect(read(t, BLOCK.outcome)).toEqual([0, 1, 0]);
  });

  it('records cost lost by damage without a casualty, and a draw', () => {
    const t = new Tally(new TallyPlan(spec()));
    t.beginGame(0);
    t.field(0, 1, 5, 5); t.field(1, 1, 5, 5);
    t.damage(0, 1, 2);
    t.surviving[0] = 3; t.surviving[1] = 5;
    for (let s = 0; s < 4; s++) t.endStep();
    t.endGame(DRAW, 0);
    expect(read(t, BLOCK.typeCostLost)).toEqual([0, 2, 0, 0]);
    expect(read(t, BLOCK.casualties)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(read(t, BLOCK.outcome)).toEqual([0, 0, 1]);
    expect(read(t, BLOCK.winClass)).toEqual([0, 0, 0, 0]); // a draw has no win class
    expect(read(t, BLOCK.marginHist)).toEqual([0, 0, 0, 1, 0, 0, 0]);
  });

  it('refuses steps past the end, losses after the last step and a second endGame', () => {
    const t = new Tally(new TallyPlan(spec()));
    t.beginGame(0);
    for (let s = 0; s < 4; s++) t.endStep();
    expect(() => t.endStep()).toThrow(/more than 4 steps/);
    expect(() => t.lose(0, 0, 1)).toThrow(/after the last step/);
    t.endGame(0, -1);
    expect(() => t.endGame(0, -1)).toThrow(/twice/);
  });

  it('begins every game afresh: a game after another adds exactly what it adds alone', () => {
    const a = new Tally(new TallyPlan(spec()));
    shortGame(a);
    const alone = Array.from(a.acc);
    const b = new Tally(new TallyPlan(spec()));
    b.beginGame(0);
    b.field(0, 0, 10, 10); b.lose(0, 0, 10); b.endStep(); b.score[1] = 3; b.endGame(1, 0);
    const before = Array.from(b.acc);
    shortGame(b);
    expect(Array.from(b.acc).map((v, i) => v - before[i])).toEqual(alone);
  });
});
