/**
 * Issue 14: toHitNumber builds the situation bits with few branches: against the if-chain
 * it had (toHitPlain below), on random states of a game. (hitTargetFor's own table is checked
 * against hitTargetPlain in nco-perf-policy.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { dirname, resolve } from 'node:path';
import { effectiveRange, F_ADVANCE, F_COVER_ORDER, F_FOCUS, F_RESPONSE, toHitNumber } from '../engine/rulesets/nco/rules/shooting.ts';
import {
  hitTargetFor, SIT_ADVANCE, SIT_AREA, SIT_COVER, SIT_COVER_ORDER, SIT_COVERT, SIT_DEADEYE, SIT_DOWN, SIT_FOCUS,
  SIT_FULL_PSYCHE, SIT_HALF, SIT_HIGH, SIT_LMG_FOCUS_COVER, SIT_MOVED, SIT_RESPONSE, SIT_SCOPED_STACKS, SIT_WW,
} from '../engine/rulesets/nco/rules/tohit.ts';
import { W_NO_MODIFIERS, W_RANGE } from '../engine/rulesets/nco/data/weapons.ts';
import { S_COVERT, S_DEADEYE } from '../engine/rulesets/nco/data/roster-types.ts';
import { GameEnv } from '../engine/env.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import { loadConfigObject } from '../sim/config.ts';

/** toHitNumber as it stood: the situation bits by an if-chain, hitTargetFor asked directly. */
function toHitPlain(g: NcoGame, shooter: number, target: number, weapon: number, flags: number, area: boolean, cover: boolean): number {
  if (W_NO_MODIFIERS[weapon]) return hitTargetFor(weapon, 0);
  const rules = g.scn.rules;
  let sit = area ? SIT_AREA : 0;
  if ((flags & F_COVER_ORDER) !== 0) sit |= SIT_COVER_ORDER;
  if ((flags & F_FOCUS) !== 0) sit |= SIT_FOCUS;
  if ((flags & F_ADVANCE) !== 0) sit |= SIT_ADVANCE;
  if ((flags & F_RESPONSE) !== 0) sit |= SIT_RESPONSE;
  if (cover) sit |= SIT_COVER;
  if (g.down[target]) sit |= (g.scn.skills[target] & S_COVERT) !== 0 ? SIT_DOWN | SIT_COVERT : SIT_DOWN;
  if (g.moved[shooter]) sit |= SIT_MOVED;
  if (g.health[shooter] === 1) sit |= SIT_WW;
  if (g.psyche[shooter] === g.maxPsyche[shooter]) sit |= SIT_FULL_PSYCHE;
  const range = effectiveRange(g, weapon, flags);
  const d = g.rd[shooter * g.n + target];
  if (rules.half_range_inclusive ? d <= range / 2 : d < range / 2) sit |= SIT_HALF;
  if (g.elevC[shooter] - g.elevC[target] >= rules.high_ground_in) sit |= SIT_HIGH;
  if ((g.scn.skills[shooter] & S_DEADEYE) !== 0) sit |= SIT_DEADEYE;
  if (rules.lmg_focus_ignores_cover) sit |= SIT_LMG_FOCUS_COVER;
  if (rules.scoped_half_range_stacks) sit |= SIT_SCOPED_STACKS;
  return hitTargetFor(weapon, sit);
}

describe('toHitNumber situation bits (issue 14)', () => {
  it('toHitNumber equals the if-chain on random states', () => {
    const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
    const bad: string[] = [];
    let checked = 0;
    let x = 31337;
    const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (const rules of [{}, { half_range_inclusive: true, lmg_focus_ignores_cover: true, scoped_half_range_stacks: true, high_ground_in: 0.5 }]) {
      const raw = {
        ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules,
        sides: [
          { name: 'A', roster: 'rosters/us-airborne-100.json', policy: 'cautious' },
          { name: 'B', roster: 'rosters/german-heer-100.json', policy: 'aggressive' },
        ],
      };
      const scn = loadConfigObject(raw, resolve(ROOT, 'configs/nco')).scn as unknown as NcoScenario;
      const g = new NcoGame(scn, scriptedDecisions, scenarioRules, new GameEnv(scn.plan));
      prepareGame(g);
      for (let round = 0; round < 3000; round++) {
        const a = Math.floor(rnd() * g.n), b = Math.floor(rnd() * g.n);
        g.down[b] = rnd() < 0.4 ? 1 : 0;
        g.moved[a] = rnd() < 0.5 ? 1 : 0;
        g.health[a] = 1 + Math.floor(rnd() * 2);
        g.psyche[a] = rnd() < 0.5 ? g.maxPsyche[a] : g.maxPsyche[a] - 1;
        g.rd[a * g.n + b] = rnd() < 0.1 ? 6 : rnd() * 30; // 6: exactly half a 12" range
        g.elevC[a] = rnd() < 0.5 ? 0 : 3 * rnd();
        g.elevC[b] = rnd() < 0.5 ? 0 : 3 * rnd();
        if (rnd() < 0.2) { g.elevC[b] = 0; g.elevC[a] = g.scn.rules.high_ground_in; } // exactly high enough
        for (let w = 1; w < W_RANGE.length; w++) {
          const flags = Math.floor(rnd() * 16), area = rnd() < 0.3, cover = rnd() < 0.5;
          const fast = toHitNumber(g, a, b, w, flags, area, cover), plain = toHitPlain(g, a, b, w, flags, area, cover);
          if (fast !== plain && bad.length < 10) bad.push(`${a}->${b} w ${w} flags ${flags}: ${fast} / ${plain}`);
          checked++;
        }
      }
    }
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(50000);
  });
});
