/**
 * `squadsim odds nco --action close-combat | rally` (engine/rulesets/nco/tools/odds-close-combat.ts,
 * odds-rally.ts): (a) the rulebook's worked example and exact values checked by hand,
 * (b) first round vs to the death, "at least" columns, (c) the engine's own closeCombat and
 * Rally (many seeds) agree with the exact distributions, (d) bad input.
 */
import { describe, expect, it } from 'vitest';
import { ncoOdds } from '../engine/rulesets/nco/tools/odds.ts';
import { Rng } from '../engine/rng.ts';
import { ConfigError } from '../engine/errors.ts';
import { stdErr } from './nco-harness.ts';

const cc = (req: Record<string, unknown> = {}) => ncoOdds.compute({ action: 'close-combat', ...req });
const rally = (req: Record<string, unknown> = {}) => ncoOdds.compute({ action: 'rally', ...req });
const exactOf = (rows: readonly { outcome?: unknown; exact?: unknown }[]) => Object.fromEntries(rows.map((o) => [o.outcome, o.exact]));
const tableOf = (r: ReturnType<typeof cc>, title: string) => r.tables!.find((t) => t.title === title)!.rows;

describe('odds nco close combat: exact values checked by hand', () => {
  it('the rulebook example: Corporal (C4) vs Private (C2), both roll 3 → 7 vs 5, the Private loses 2 health', () => {
    // A margin of 2 is die A − die D = 0: the six equal pairs, 6/36 = 1/6.
    const first = exactOf(tableOf(cc({ attacker: 'corporal', defender: 'private' }), 'first round') as never);
    expect(first['defender −2 health']).toBe('1/6');
    // Margin = x + 2 for x = die A − die D (6 − |x| pairs of 36): x ≥ 1 kills (15/36 = 5/12), x = −2 ties (4/36),
    // x = −1 (5/36) → −1, x = −3, −4, −5 (3, 2, 1 of 36) → attacker −1, −2, −3.
    expect(first).toEqual({
      'defender killed': '5/12', 'defender −2 health': '1/6', 'defender −1 health': '5/36', 'tie: both killed': '1/9',
      'attacker −1 health': '1/12', 'attacker −2 health': '1/18', 'attacker −3 health': '1/36',
    });
  });

  it('Sergeant (6, pistol +1 = 7) vs Private: only x = −5 ties; a Private who survives round 1 is at 0 and cannot win', () => {
    const r = cc({ attacker: 'sergeant', defender: 'private' });
    // Round 1: margin x + 5; x = −5 tie (1/36); x = −4, −3 (5/36) leave him at 2 or 1 health, zeroed;
    // round 2 the margin is x + 7 ≥ 2: he dies. So attacker 35/36, both 1/36, 2 rounds 5/36.
    expect(exactOf(r.outcomes)).toEqual({ 'defender killed, attacker −0 health': '35/36', 'both killed': '1/36' });
    expect(tableOf(r, 'rounds fought').map((x) => x.exact)).toEqual(['31/36', '5/36']);
    expect(tableOf(r, 'courage in close combat')[0].courage).toBe(7); // R20: best of rifle and pistol
  });

  it('two Privates at 2 health (to the death over three rounds, by hand)', () => {
    // Round 1: tie 6/36; |x| ≥ 2 kills the loser (10/36 each way); |x| = 1 (5/36 each way) leaves the loser
    // at 1 health, courage 0. From (2, 1): margin x + 2: x ≥ −1 kills him (26/36), x = −2 ties (4/36),
    // x = −4, −5 kill the winner (3/36), x = −3 (3/36) leaves both at 1: round 3 is 5/12, 1/6, 5/12.
    // P(attacker) = 10/36 + 5/36 (26/36 + 3/36·5/12) + 5/36 (3/36 + 3/36·5/12) = 115/288 = P(defender).
    const r = cc({ attacker: 'private', defender: 'private', 'attacker-health': 2, 'defender-health': 2 });
    expect(r.summary!['P(attacker wins)']).toBeCloseTo(115 / 288, 12);
    expect(r.summary!['P(defender wins)']).toBeCloseTo(115 / 288, 12);
    expect(exactOf(r.outcomes)['both killed']).toBe('29/144');
    expect(tableOf(r, 'rounds fought').map((x) => x.exact)).toEqual(['13/18', '55/216', '5/216']);
  });

  it('Walking Wounded and psyche 0 add no courage (items 56, 57); weapons, Fighting Instinct and modifiers add (items 65, 77)', () => {
    // Both at courage 0: a plain D6 against a D6: tie 1/6, else the loser (1 health) dies.
    expect(exactOf(cc({ 'attacker-health': 1, 'defender-health': 1 }).outcomes)).toEqual({
      'defender killed, attacker −0 health': '5/12', 'both killed': '1/6', 'attacker killed, defender −0 health': '5/12',
    });
    const courage = (req: Record<string, unknown>) => tableOf(cc(req), 'courage in close combat').map((x) => x.courage);
    expect(courage({})).toEqual([4, 2]);
    expect(courage({ 'attacker-psyche': 0 })).toEqual([0, 2]);
    expect(courage({ 'attacker-weapon': 'smg', 'attacker-fighting-instinct': true, 'defender-courage-mod': -1 })).toEqual([6, 1]);
    expect(courage({ attacker: 'engineer', 'attacker-weapon': 'lmg', defender: 'engineer', 'defender-weapon': 'lmg', rules: '{"cc_best_weapon":false}' })).toEqual([2, 2]);
    expect(courage({ attacker: 'engineer', 'attacker-weapon': 'lmg' })[0]).toBe(4); // R20: his pistol's +1 beats the LMG's −1
    expect(tableOf(cc({ attacker: 'engineer', 'attacker-weapon': 'he' }), 'courage in close combat')[0].weapon).toBe('pistol'); // item 46
  });

  it('the loser\'s 0 courage for one round only (rules.cc_loser_zero_sticky false) changes the odds', () => {
    const sticky = cc({ attacker: 'corporal', defender: 'corporal' }).summary!;
    const once = cc({ attacker: 'corporal', defender: 'corporal', rules: '{"cc_loser_zero_sticky":false}' }).summary!;
    expect(sticky['P(decided in round 1)']).toBe(once['P(decided in round 1)']);
    expect(once['P(attacker wins)']).not.toBeCloseTo(sticky['P(attacker wins)'], 6);
    expect(once['P(attacker wins)']).toBeCloseTo(once['P(defender wins)'], 12); // equal soldiers: symmetric
  });
});

describe('odds nco close combat agrees with an independent recursion over every pair of profiles', () => {
  // P(attacker wins, having lost k health), P(both), P(defender wins), by memoised recursion over
  // (health, health, zeroed, zeroed) with courage 0 at health 1 (item 56) and sticky zeroing (R20).
  function recurse(cA: number, cD: number, hA: number, hD: number): Map<string, number> {
    const memo = new Map<string, Map<string, number>>();
    const go = (a: number, d: number, za: boolean, zd: boolean): Map<string, number> => {
      const key = `${a},${d},${za},${zd}`;
      const seen = memo.get(key);
      if (seen) return seen;
      const out = new Map<string, number>();
      const add = (k: string, p: number) => out.set(k, (out.get(k) ?? 0) + p);
      const addAll = (m: Map<string, number>) => m.forEach((p, k) => add(k, p / 36));
      for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
        const ta = x + (za || a === 1 ? 0 : cA), td = y + (zd || d === 1 ? 0 : cD);
        if (ta === td) add('both killed', 1 / 36);
        else if (ta > td) { if (d - (ta - td) <= 0) add(`defender killed, attacker −${hA - a} health`, 1 / 36); else addAll(go(a, d - (ta - td), za, true)); }
        else if (a - (td - ta) <= 0) add(`attacker killed, defender −${hD - d} health`, 1 / 36);
        else addAll(go(a - (td - ta), d, true, zd));
      }
      memo.set(key, out);
      return out;
    };
    return go(hA, hD, false, false);
  }
  const profiles: [string, number, number][] = [['sergeant', 7, 6], ['veteran-corporal', 5, 5], ['corporal', 4, 5], ['lance-corporal', 3, 4], ['private', 2, 3]]; // courage (Sergeant: pistol +1), health
  it('every outcome of 25 pairs within 1e-12', () => {
    for (const [a, cA, hA] of profiles) for (const [d, cD, hD] of profiles) {
      const want = recurse(cA, cD, hA, hD);
      const got = cc({ attacker: a, defender: d }).outcomes;
      expect(got.length, `${a} vs ${d}`).toBe([...want.values()].filter((p) => p > 0).length);
      for (const o of got) expect(o.probability, `${a} vs ${d}: ${o.outcome}`).toBeCloseTo(want.get(o.outcome) ?? -1, 12);
    }
  });
});

describe('odds nco close combat: first round vs to the death, "at least" columns', () => {
  const reqs = [{}, { attacker: 'sergeant', defender: 'veteran-corporal' }, { attacker: 'lance-corporal', defender: 'corporal', 'defender-health': 2 }];
  for (const req of reqs) {
    it(`consistent tables: ${JSON.stringify(req)}`, () => {
      const r = cc(req);
      const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
      expect(sum(r.outcomes.map((o) => o.probability))).toBeCloseTo(1, 10);
      const first = Object.fromEntries(tableOf(r, 'first round').map((x) => [x.outcome, x.probability as number]));
      expect(sum(Object.values(first))).toBeCloseTo(1, 10);
      // What round 1 decides is the rounds table's first row, and a part of the final outcome.
      const decided = (first['defender killed'] ?? 0) + (first['tie: both killed'] ?? 0) + (first['attacker killed'] ?? 0);
      expect(tableOf(r, 'rounds fought')[0].probability).toBeCloseTo(decided, 10);
      expect(r.summary!['P(both killed)']).toBeGreaterThanOrEqual((first['tie: both killed'] ?? 0) - 1e-12);
      expect(r.summary!['P(attacker wins)']).toBeGreaterThanOrEqual((first['defender killed'] ?? 0) - 1e-12);
      for (const title of ['health lost by the defender', 'health lost by the attacker']) {
        const rows = tableOf(r, title);
        for (const when of ['first round', 'to the death']) {
          const eq = rows.map((x) => x[`P(=n), ${when}`] as number), ge = rows.map((x) => x[`P(≥n), ${when}`] as number);
          expect(ge[0]).toBeCloseTo(1, 12);
          ge.forEach((g, n) => {
            expect(g).toBeCloseTo(sum(eq.slice(n)), 10);
            if (n > 0) expect(g).toBeLessThanOrEqual(ge[n - 1] + 1e-12);
          });
          // Killed (the last row) only grows from round 1 to the end of the fight.
          if (when === 'to the death') expect(eq[eq.length - 1]).toBeGreaterThanOrEqual(rows[rows.length - 1]['P(=n), first round'] as number);
        }
      }
      const rounds = tableOf(r, 'rounds fought');
      rounds.forEach((x, k) => expect(x['at least']).toBeCloseTo(sum(rounds.slice(k).map((y) => y.probability as number)), 10));
    });
  }
});

describe('odds nco rally: exact values', () => {
  it('a Corporal at psyche 2 of 5: +1 (face 1), +2 (2–3), +3 (4–6, the +3 and +4 capped)', () => {
    const r = rally({ soldier: 'corporal', regain: 'psyche', current: 2 });
    expect(exactOf(r.outcomes)).toEqual({ '+1 psyche': '1/6', '+2 psyche': '1/3', '+3 psyche': '1/2' });
    const rows = tableOf(r, 'psyche regained');
    expect(rows.map((x) => x['at least'])).toEqual([1, 1, 5 / 6, 0.5].map((p) => Math.round(p * 1e12) / 1e12));
    expect(r.summary!['P(back to max)']).toBe(0.5);
  });

  it('in breakdown (psyche 0) a Sergeant regains the full table: 1/6, 1/3, 1/3, 1/6 (items 21, 58)', () => {
    expect(exactOf(rally({ soldier: 'sergeant', current: 0 }).outcomes)).toEqual({ '+1 psyche': '1/6', '+2 psyche': '1/3', '+3 psyche': '1/3', '+4 psyche': '1/6' });
  });

  it('Medic health +3 and Chaplain psyche +2 roll no die (items 78, 79); a Medic\'s psyche Rally does', () => {
    expect(exactOf(rally({ soldier: 'medic', regain: 'health', current: 1 }).outcomes)).toEqual({ '+2 health': '1' }); // +3 capped at 3
    expect(exactOf(rally({ soldier: 'chaplain', regain: 'psyche', current: 1 }).outcomes)).toEqual({ '+2 psyche': '1' });
    expect(rally({ soldier: 'medic', regain: 'psyche', current: 1 }).outcomes).toHaveLength(4);
  });
});

describe('odds nco close combat and rally agree with the engine (Monte Carlo, ±4 SE)', () => {
  // ncoOdds.sample plays rules/assault.ts → closeCombat and rules/orders.ts → executeOrder(Rally) (tools/odds-sample-melee.ts).
  const N = 20000;
  const examples = ncoOdds.examples.filter((e) => e.action === 'close-combat' || e.action === 'rally');
  it('has close-combat and rally examples', () => expect(examples.length).toBeGreaterThanOrEqual(4));
  for (const req of examples) {
    it(`every outcome within 4 SE of the engine: ${JSON.stringify(req)}`, () => {
      const exact = ncoOdds.compute(req);
      const counts = ncoOdds.sample(req, new Rng(11), N);
      exact.outcomes.forEach((o, k) => {
        const f = counts[k] / N;
        expect(Math.abs(f - o.probability), `${o.outcome}: ${f} vs ${o.exact}`).toBeLessThanOrEqual(4 * stdErr(o.probability, N) + 1e-12);
      });
    });
  }
});

describe('odds nco close combat and rally: bad input', () => {
  it('throws ConfigError naming the flag, the value and what is allowed', () => {
    expect(() => cc({ attacker: 'colonel' })).toThrow(ConfigError);
    expect(() => cc({ 'attacker-weapon': 'lmg' })).toThrow(/--attacker-weapon: got "lmg"; is not a primary weapon of a Corporal; allowed: "rifle", "smg"/);
    expect(() => cc({ 'defender-health': 4 })).toThrow(/--defender-health: got 4; expected 1 to 3/);
    expect(() => cc({ 'attacker-psyche': -1 })).toThrow(/--attacker-psyche/);
    expect(() => cc({ defender: 'private', 'defender-fighting-instinct': true })).toThrow(/--defender-fighting-instinct.*no skill slot/);
    expect(() => cc({ distance: 4 })).toThrow(/--distance: got 4; does not apply to --action close-combat/);
    expect(() => rally({ weapon: 'smg' })).toThrow(/--weapon.*does not apply to --action rally/);
    expect(() => ncoOdds.compute({ attacker: 'corporal' })).toThrow(/--attacker.*does not apply to --action shoot/);
    expect(() => rally({ current: 6 })).toThrow(/--current: got 6; expected 0 to 5/);
    expect(() => rally({ regain: 'health', current: 0 })).toThrow(/--current: got 0; expected 1 to 5/);
    expect(() => ncoOdds.compute({ action: 'melee' })).toThrow(/--action: got "melee"/);
  });
});
