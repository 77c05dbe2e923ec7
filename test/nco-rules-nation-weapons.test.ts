/**
 * Item 48 / G29 / R22: the optional Nation-Specific weapon table (engine/rulesets/nco/data/nation-weapons.ts).
 * Off by default; when `rules.nation_specific_weapons` is true the ASSUMED table applies:
 * roster pricing and refusals, each weapon's rule in the engine, exact odds vs the engine's
 * shooting, and whole games that play deterministically.
 */
import { describe, expect, it } from 'vitest';
import { player, type Player } from './play-harness.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import type { NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { ncoOdds } from '../engine/rulesets/nco/tools/odds.ts';
import { compileRoster, type RosterRules } from '../engine/rulesets/nco/data/roster.ts';
import { ncoRulesSchema } from '../engine/rulesets/nco/data/params.ts';
import { ccCourage } from '../engine/rulesets/nco/rules/assault.ts';
import { bestWeapon } from '../engine/rulesets/nco/rules/weapon-choice.ts';
import { effectiveRange, F_ADVANCE, F_COVER_ORDER, fireAt, hitDice } from '../engine/rulesets/nco/rules/shooting.ts';
import { O_FIRE, O_NONE } from '../engine/rulesets/nco/rules/state.ts';
import {
  W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_LMG, W_RIFLE, W_SEMI_AUTO, W_SHOTGUN, weaponCode,
} from '../engine/rulesets/nco/data/weapons.ts';
import { build, config, dice, place, seedForFaces, setOrder, stdErr, type Entry } from './nco-harness.ts';
import { configErrorOf } from './config-error.ts';

const ON = { nation_specific_weapons: true };
const RULES: RosterRules = ncoRulesSchema.parse(ON);
const PATH = ['sides', 0, 'roster'];

function roster(soldiers: Entry[], rules: RosterRules = RULES) {
  return compileRoster({ name: 't', nation: 'none', soldiers }, rules, PATH);
}


describe('item 48 / R22: roster pricing and refusals', () => {
  it('R22: free for the Sergeant, at the table cost for Corporals and Lance-Corporals, from vps', () => {
    const r = roster([
      { type: 'sergeant', primary: 'semi-automatic-rifle' },
      { type: 'veteran-corporal', primary: 'assault-rifle' },
      { type: 'corporal', primary: 'automatic-rifle' },
      { type: 'veteran-lance-corporal', primary: 'semi-automatic-rifle' },
      { type: 'lance-corporal', primary: 'shotgun' },
    ]);
    expect(r.soldiers.map((s) => s.primary)).toEqual([W_SEMI_AUTO, W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_SEMI_AUTO, W_SHOTGUN]);
    expect(r.soldiers.map((s) => s.costVps)).toEqual([0, 20 + 5, 18 + 4, 16 + 3, 14 + 2]);
    expect(r.soldiers.every((s) => s.costSps === 0)).toBe(true);
    // The cost is a table parameter.
    const dear = ncoRulesSchema.parse({ ...ON, nation_specific_table: { shotgun: { cost: 9 } } });
    expect(roster([{ type: 'sergeant' }, { type: 'lance-corporal', primary: 'shotgun' }], dear).soldiers[1].costVps).toBe(14 + 9);
    expect(roster([{ type: 'sergeant', primary: 'shotgun' }], dear).soldiers[0].costVps).toBe(0);
  });

  it('R22: refused with a ConfigError naming path, value and what is allowed when the rule is off', () => {
    const off = ncoRulesSchema.parse({});
    expect(off.nation_specific_weapons).toBe(false);
    const e = configErrorOf(() => roster([{ type: 'sergeant' }, { type: 'corporal', primary: 'assault-rifle' }], off));
    expect(e.path).toBe('sides[0].roster.soldiers[1].primary');
    expect(e.message).toContain('"assault-rifle"');
    expect(e.message).toMatch(/not enabled.*rules\.nation_specific_weapons.*"rifle", "smg"/);
  });

  it('R22: refused for ranks without the option and for an unknown name, even when on', () => {
    const p = configErrorOf(() => roster([{ type: 'sergeant' }, { type: 'private', primary: 'shotgun' }]));
    expect(p.path).toBe('sides[0].roster.soldiers[1].primary');
    expect(p.message).toMatch(/Private may not take a Nation-Specific weapon.*"rifle"/);
    expect(configErrorOf(() => roster([{ type: 'sergeant' }, { type: 'engineer', primary: 'assault-rifle' }])).message).toMatch(/Engineer may not/);
    const n = configErrorOf(() => roster([{ type: 'sergeant', primary: 'nation-specific' }]));
    expect(n.message).toMatch(/"semi-automatic-rifle", "assault-rifle", "automatic-rifle", "shotgun"/);
  });

  it('R22: table values are validated under rules.nation_specific_table', () => {
    const e = configErrorOf(() => compileNco(config({ rules: { ...ON, nation_specific_table: { shotgun: { hit_dice: 3 } } } })));
    expect(e.path).toBe('rules.nation_specific_table.shotgun.hit_dice');
    expect(configErrorOf(() => compileNco(config({ rules: { nation_specific_table: { bazooka: {} } } }))).path).toMatch(/nation_specific_table/);
  });
});

const SQUAD: Entry[] = [
  { type: 'sergeant', primary: 'semi-automatic-rifle' }, // 1
  { type: 'corporal', primary: 'assault-rifle' }, // 2
  { type: 'corporal', primary: 'automatic-rifle' }, // 3
  { type: 'lance-corporal', primary: 'shotgun' }, // 4
  { type: 'corporal', primary: 'semi-automatic-rifle' }, // 5
];

/** Side A: a Private (0) and the squad (1..5); side B: a Sergeant and a Private. */
function nsGame(rules: Record<string, unknown> = ON) {
  return build({ a: [{ type: 'private' }, ...SQUAD], rules });
}

describe('item 48 / R22: the weapons in play', () => {
  it('R22: ranges 20/18/24/8 and 2/2/2/1 dice; the semi-automatic rifle rolls 2 only when not moved', () => {
    const { g } = nsGame();
    expect([W_SEMI_AUTO, W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_SHOTGUN].map((w) => effectiveRange(g, w, 0))).toEqual([20, 18, 24, 8]);
    expect([1, 2, 3, 4].map((i) => hitDice(g, i, g.primary[i]))).toEqual([2, 2, 2, 1]);
    for (const i of [1, 2, 3, 4]) g.moved[i] = 1;
    expect([1, 2, 3, 4].map((i) => hitDice(g, i, g.primary[i]))).toEqual([1, 2, 2, 1]);
    const custom = nsGame({ ...ON, nation_specific_table: { shotgun: { range_in: 10 }, semi_automatic_rifle: { hit_dice_moved: 2 } } }).g;
    custom.moved[1] = 1;
    expect([effectiveRange(custom, W_SHOTGUN, 0), hitDice(custom, 1, W_SEMI_AUTO)]).toEqual([10, 2]);
  });

  it('R22: the dice actually rolled (two sixes queued): semi-automatic 2 hits still, 1 hit after moving', () => {
    const seed = seedForFaces([6, 6]);
    const hitsOf = (moved: boolean) => {
      const { g, b0 } = nsGame();
      const S = 1, T = b0; // the enemy Sergeant: health 6
      place(g, S, 10, 10); place(g, T, 10, 16);
      setOrder(g, T, O_FIRE); // no reactive Down
      g.moved[S] = moved ? 1 : 0;
      g.trackTarget = T; g.trackHits = 0;
      dice(g, seed);
      fireAt(g, S, T, W_SEMI_AUTO, 0);
      return g.trackHits;
    };
    expect([hitsOf(false), hitsOf(true)]).toEqual([2, 1]);
  });

  it('R22: shotgun out of reach beyond 8"; +1 on the wound roll (a hit then a 6 kills: 7+, item 53)', () => {
    const { g, b0 } = nsGame();
    const S = 4, T = b0;
    place(g, S, 10, 10); place(g, T, 10, 10 + 9 + 1); // 9" edge to edge
    expect(bestWeapon(g, S, T, 0)).toBe(0);
    place(g, T, 10, 10 + 6 + 1);
    expect(bestWeapon(g, S, T, 0)).toBe(W_SHOTGUN);
    const seed = seedForFaces([6, 6]);
    const after = (weapon: number) => {
      const h = nsGame();
      place(h.g, S, 10, 10); place(h.g, T, 10, 17);
      setOrder(h.g, T, O_FIRE);
      h.g.health[T] = 6;
      dice(h.g, seed);
      fireAt(h.g, S, T, weapon, 0);
      return [h.g.alive[T], h.g.health[T]];
    };
    expect(after(W_SHOTGUN)).toEqual([0, 0]);
    expect(after(W_RIFLE)).toEqual([1, 3]); // the same 6 unmodified: a Mortal Wound, −3 health
  });

  it('R22: assault rifle +1 close-combat courage (item 65), a table parameter', () => {
    const { g } = nsGame();
    expect([ccCourage(g, 2), ccCourage(g, 3), ccCourage(g, 5)]).toEqual([5, 4, 4]); // Corporal courage 4
    const { g: g2 } = nsGame({ ...ON, nation_specific_table: { assault_rifle: { cc_mod: 2 } } });
    expect(ccCourage(g2, 2)).toBe(6);
  });

  it('R22: the BAR fires during an Advance (unlike the LMG) but cannot Cover Fire once its carrier has moved', () => {
    const { g, b0 } = nsGame();
    const T = b0;
    place(g, 3, 10, 10); place(g, T, 10, 22);
    expect(bestWeapon(g, 3, T, F_COVER_ORDER)).toBe(W_AUTO_RIFLE);
    expect(bestWeapon(g, 3, T, F_ADVANCE)).toBe(W_AUTO_RIFLE);
    g.moved[3] = 1;
    expect(bestWeapon(g, 3, T, F_ADVANCE)).toBe(W_AUTO_RIFLE);
    expect(bestWeapon(g, 3, T, F_COVER_ORDER)).toBe(0);
    // The other R22 weapons keep Cover Fire after moving; the LMG cannot fire in an Advance at all (item 43).
    place(g, 2, 12, 10); g.moved[2] = 1;
    expect(bestWeapon(g, 2, T, F_COVER_ORDER)).toBe(W_ASSAULT_RIFLE);
    const l = build({ a: [{ type: 'sergeant' }, { type: 'lance-corporal', primary: 'lmg' }] });
    place(l.g, 1, 10, 10); place(l.g, l.b0, 10, 22);
    expect([bestWeapon(l.g, 1, l.b0, 0), bestWeapon(l.g, 1, l.b0, F_ADVANCE)]).toEqual([W_LMG, 0]);
    expect(() => ncoOdds.compute({ weapon: 'automatic-rifle', attack: 'cover-fire', moved: true })).toThrow(/R22 BAR/);
    expect(ncoOdds.compute({ weapon: 'automatic-rifle', attack: 'cover-fire' }).outcomes.length).toBeGreaterThan(2);
  });
});

describe('item 48 / R22: exact odds and the engine agree', () => {
  it('R22: odds accept the new weapons: semi-automatic 2 dice, moved or Advance 1 die; shotgun +1 wound', () => {
    const hitsRows = (req: Record<string, unknown>) => ncoOdds.compute(req).tables!.find((t) => t.title === 'hits')!.rows.map((r) => r.exact);
    expect(hitsRows({ weapon: 'semi-automatic-rifle', distance: 12, 'full-psyche': false })).toEqual(['1/9', '4/9', '4/9']); // 3+ twice
    expect(hitsRows({ weapon: 'semi-automatic-rifle', distance: 12, moved: true, 'full-psyche': false })).toEqual(['1/2', '1/2']); // 4+ once
    expect(hitsRows({ weapon: 'semi-automatic-rifle', attack: 'advance', distance: 12, 'full-psyche': false })).toEqual(['1/2', '1/2']); // Advance −1 (the move is that −1): 4+ once
    // Shotgun at 2+ (half range, full psyche): a wound die of 6 becomes 7+ and kills.
    const sg = Object.fromEntries(ncoOdds.compute({ weapon: 'shotgun', distance: 3, health: 9, psyche: 9 }).outcomes.map((o) => [o.outcome, o.exact]));
    expect(sg.killed).toBe('5/36');
    expect(() => ncoOdds.compute({ weapon: 'shotgun', distance: 8.5 })).toThrow(/--distance/);
    expect(() => ncoOdds.compute({ weapon: 'shotgun', distance: 9.5, rules: '{"nation_specific_table":{"shotgun":{"range_in":10}}}' })).not.toThrow();
  });

  it('R22: semi-automatic rifle at 12" vs the engine\'s fireAt (20,000 seeds): every outcome within 4 SE', () => {
    const N = 20000;
    const setup = { distance: 12, health: 5, psyche: 4 };
    const exact = ncoOdds.compute({ weapon: 'semi-automatic-rifle', distance: setup.distance, health: setup.health, psyche: setup.psyche });
    const { g, b0 } = build({ a: [{ type: 'sergeant' }, { type: 'corporal', primary: 'semi-automatic-rifle' }], rules: ON });
    const S = 1, T = b0 + 1;
    place(g, S, 10, 10); place(g, T, 10, 10 + setup.distance + 1);
    g.maxHealth[T] = setup.health; g.maxPsyche[T] = setup.psyche;
    const tally = new Map<string, number>();
    for (let k = 1; k <= N; k++) {
      g.alive[T] = 1; g.health[T] = setup.health; g.psyche[T] = setup.psyche; g.order[T] = O_NONE; g.down[T] = 0;
      g.brokenNow[T] = 0; g.breakdowns[T] = 0; g.unordered[1] = 1; g.recountAlive();
      g.moved[S] = 0; g.psyche[S] = g.maxPsyche[S];
      dice(g, k);
      fireAt(g, S, T, weaponCode('semi-automatic-rifle'), 0);
      const label = !g.alive[T] ? 'killed'
        : g.brokenNow[T] ? `broken down (psyche 0), −${setup.health - g.health[T]} health`
          : g.psyche[T] === setup.psyche && g.health[T] === setup.health ? 'no hit'
            : `−${setup.health - g.health[T]} health, −${setup.psyche - g.psyche[T]} psyche`;
      tally.set(label, (tally.get(label) ?? 0) + 1);
    }
    for (const label of tally.keys()) expect(exact.outcomes.map((o) => o.outcome)).toContain(label);
    expect(exact.outcomes.length).toBeGreaterThan(4);
    for (const o of exact.outcomes) {
      const f = (tally.get(o.outcome) ?? 0) / N;
      expect(Math.abs(f - o.probability), `${o.outcome}: ${f} vs ${o.exact}`).toBeLessThanOrEqual(4 * stdErr(o.probability, N) + 1e-12);
    }
  });
});

describe('item 48 / R22: whole games', () => {
  const squad = (name: string) => ({
    name, nation: 'none',
    soldiers: [...SQUAD, { type: 'private-1st-class' }], // 88 vps
  });
  const play = (rules: Record<string, unknown>, roster: unknown, from: number, games: number, reuse?: Player<NcoScenario, NcoGame>) => {
    const scn = compileNco({
      ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules,
      sides: [{ name: 'A', roster, policy: 'cautious' }, { name: 'B', roster, policy: 'aggressive' }],
    });
    const w = (reuse ?? player(nco, scn)).clear().playRange(11, from, from + games);
    return { acc: Array.from(w.acc), w, scn };
  };

  it('R22: a whole game with the table on plays deterministically, independent of earlier games, and differs from rifles', () => {
    const a = play(ON, squad('A'), 0, 30);
    expect(Array.from(a.scn.primary.subarray(0, 5))).toEqual([W_SEMI_AUTO, W_ASSAULT_RIFLE, W_AUTO_RIFLE, W_SHOTGUN, W_SEMI_AUTO]);
    play(ON, squad('A'), 400, 5, a.w);
    expect(play(ON, squad('A'), 0, 30, a.w).acc).toEqual(a.acc);
    const out = a.scn.plan.layout.offset('outcome');
    expect(a.acc[out] + a.acc[out + 1] + a.acc[out + 2]).toBe(30);
    const rifles = { ...squad('A'), soldiers: squad('A').soldiers.map((s) => ('primary' in s ? { ...s, primary: 'rifle' } : s)) };
    expect(play({}, rifles, 0, 30).acc).not.toEqual(a.acc);
  });
});
