/**
 * Issue 14: toHitNumber takes hitTargetFor's answer from a table filled on first use per
 * (weapon, situation bits) (rules/shooting.ts → targetNumber). hitTargetFor reads only
 * those two and the constant weapon tables, so every entry must equal a fresh call: checked
 * for every weapon code and every situation, when filled and when read back.
 */
import { describe, expect, it } from 'vitest';
import { targetNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import { hitTargetFor } from '../engine/rulesets/nco/rules/tohit.ts';
import { W_RANGE } from '../engine/rulesets/nco/data/weapons.ts';

describe('targetNumber (issue 14)', () => {
  it('equals hitTargetFor for every weapon and situation, filled and read back', () => {
    let bad = 0, checked = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let w = 0; w < W_RANGE.length; w++) {
        for (let sit = 0; sit < 1 << 16; sit++) {
          if (targetNumber(w, sit) !== hitTargetFor(w, sit)) bad++;
          checked++;
        }
      }
    }
    expect(bad).toBe(0);
    expect(checked).toBe(2 * W_RANGE.length * (1 << 16));
    expect(W_RANGE.length).toBeLessThanOrEqual(16); // the table's weapon codes
    expect(targetNumber(3, 1 << 16)).toBe(hitTargetFor(3, 1 << 16)); // beyond the table: asked directly
  });
});
