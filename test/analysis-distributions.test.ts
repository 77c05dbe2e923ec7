/** analysis/distributions.ts: quantiles, P(at least k losses) and game length from the tally's histograms (issue 31). */
import { describe, expect, it } from 'vitest';
import { endCauses, gameLength, histQuantile, lossesAtLeast, sideSpread } from '../analysis/distributions.ts';
import { checkResults } from '../analysis/load.ts';
import { rowsOf } from '../reports/chart.ts';
import { standardOnly, tinyResults } from './results-fixture.ts';

describe('distributions from histograms', () => {
  it('histQuantile is the smallest bucket whose cumulative count reaches q·n', () => {
    expect(histQuantile([1, 1, 2, 0], 0.1)).toBe(0);
    expect(histQuantile([1, 1, 2, 0], 0.5)).toBe(1);
    expect(histQuantile([1, 1, 2, 0], 0.9)).toBe(2);
    expect(histQuantile([0, 0, 0], 0.5)).toBe(0);
  });

  it('gives the fixture games\' quantiles per side and turn (losses so far; share of value held)', () => {
    const rows = rowsOf(sideSpread(checkResults(tinyResults()))!);
    // Blue's losses by turn 2 end: 1, 2, 2, 0 → 10% 0, median 1, 90% 2; held 40, 30, 30, 50 of 50.
    expect(rows.find((x) => x.side === 'Blue' && x.step === 2)).toMatchObject({ lostP10: 0, lostP50: 1, lostP90: 2, shareP10: 0.6, shareP50: 0.6, shareP90: 1 });
    expect(rows.find((x) => x.side === 'Red' && x.step === 1)).toMatchObject({ lostP10: 1, lostP50: 1, lostP90: 1, shareP50: 0.8 });
  });

  it('P(at least k losses by each turn) counts games, down to 0 past the most any game lost', () => {
    const rows = rowsOf(lossesAtLeast(checkResults(tinyResults()))!);
    const p = (side: string, step: number, k: number) => rows.find((x) => x.side === side && x.step === step && x.k === k)?.probability;
    expect(p('Blue', 1, 1)).toBe(0.5);
    expect(p('Blue', 2, 1)).toBe(0.75);
    expect(p('Blue', 2, 2)).toBe(0.5);
    expect(p('Red', 2, 2)).toBe(1);
    expect(p('Red', 1, 2)).toBe(0);
    expect(p('Blue', 2, 3)).toBeUndefined();
  });

  it('game length: every fixture game lasts both turns; older results give null', () => {
    expect(rowsOf(gameLength(checkResults(tinyResults()))!).map((x) => x.share)).toEqual([0, 1]);
    expect(gameLength(checkResults(standardOnly(true)))).toBeNull();
    expect(sideSpread(checkResults(standardOnly(true)))).toBeNull();
  });

  it('endCauses: how games ended, by outcome, with shares of all games (null before the endCause block)', () => {
    const rows = rowsOf(endCauses(checkResults(tinyResults()))!);
    expect(rows.map((x) => [x.outcome, x.cause, x.games, x.share])).toEqual([
      ['Blue won', 'a side wiped out', 1, 0.25], ['Blue won', 'time ran out', 1, 0.25], ['Blue won', 'ended sooner by the rules', 0, 0],
      ['Red won', 'a side wiped out', 0, 0], ['Red won', 'time ran out', 1, 0.25], ['Red won', 'ended sooner by the rules', 0, 0],
      ['draw', 'a side wiped out', 0, 0], ['draw', 'time ran out', 1, 0.25], ['draw', 'ended sooner by the rules', 0, 0],
    ]);
    expect(endCauses(checkResults(standardOnly(true)))).toBeNull();
  });
});
