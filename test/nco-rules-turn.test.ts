/**
 * NCO turn structure (digest items 3, 9–14, 16–17, 58; R4, R8): the shared bag of order
 * dice, the streak rule, the first side, the Special-phase alternation, and Rally after a
 * breakdown, checked against the engine's own orderPhase / specialPhase / playNco.
 *
 * The policy module is wrapped (vi.mock below) so every decision the engine asks for is
 * logged; the wrapped functions still make the policy's own choice. `ctl.forceOrder`
 * overrides the order face (not the soldier) so a test can keep all orders dice-free.
 * On the WALL map (full-width obscuring, impassable wall) nobody sees or reaches the enemy,
 * so with Down orders the bag is the only thing that draws dice: a fresh Rng replays it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { player } from './play-harness.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { forceDown, kill } from '../engine/rulesets/nco/rules/damage.ts';
import { playNco } from '../engine/rulesets/nco/rules/game.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { orderPhase } from '../engine/rulesets/nco/rules/orders.ts';
import { specialPhase } from '../engine/rulesets/nco/rules/special.ts';
import { O_DOWN, O_NONE, O_RALLY, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { build, newTurn, place, WALL, type Entry } from './nco-harness.ts';

interface Draw { turn: number; side: number; pick: number; order: number; chosen: boolean; marked: boolean; pickMust: number }
const ctl = vi.hoisted(() => ({
  draws: [] as Draw[],
  streaks: [] as { chooser: number; result: number; len: number; side: number }[],
  specials: [] as { turn: number; side: number; pick: number }[],
  nextChosen: false,
  /** Set by a beforeOrder hook to tag the next draw. */
  mark: false,
  forceOrder: 0,
  beforeOrder: null as null | ((g: NcoGame, s: number) => void),
  beforeSpecial: null as null | ((g: NcoGame) => void),
}));

vi.mock('../engine/rulesets/nco/policy/orders.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../engine/rulesets/nco/policy/orders.ts')>();
  return {
    ...m,
    chooseOrder(g: NcoGame, s: number): void {
      ctl.beforeOrder?.(g, s);
      m.chooseOrder(g, s);
      if (ctl.forceOrder && g.pick >= 0 && g.pickOrder !== 8 /* O_HOLD */) g.pickOrder = ctl.forceOrder;
      ctl.draws.push({
        turn: g.turn, side: s, pick: g.pick, order: g.pickOrder, chosen: ctl.nextChosen, marked: ctl.mark,
        pickMust: g.pick >= 0 ? g.mustRally[g.pick] : 0,
      });
      ctl.nextChosen = false;
      ctl.mark = false;
    },
    streakChoice(g: NcoGame, chooser: number): number {
      const r = m.streakChoice(g, chooser);
      ctl.streaks.push({ chooser, result: r, len: g.bag.streakLen, side: g.bag.streakSide });
      ctl.nextChosen = true;
      return r;
    },
    chooseSpecial(g: NcoGame, s: number): void {
      ctl.beforeSpecial?.(g);
      m.chooseSpecial(g, s);
      ctl.specials.push({ turn: g.turn, side: s, pick: g.pick });
    },
  };
});

function clearLog(): void {
  ctl.draws.length = 0;
  ctl.streaks.length = 0;
  ctl.specials.length = 0;
  ctl.nextChosen = false;
  ctl.mark = false;
  ctl.forceOrder = 0;
  ctl.beforeOrder = null;
  ctl.beforeSpecial = null;
}

const ROSTERS = join(import.meta.dirname, '..', 'configs', 'nco', 'rosters');
const A8: Entry[] = [{ type: 'sergeant' }, { type: 'corporal' }, { type: 'veteran-corporal' }, { type: 'private', count: 5 }];
const B8: Entry[] = [{ type: 'sergeant' }, { type: 'corporal' }, { type: 'private', count: 6 }];

/** Two squads of 8 on either side of the wall, every soldier 4" from the next. */
function walled(rules: Record<string, unknown> = {}) {
  const h = build({ a: A8, b: B8, terrain: [WALL], rules });
  for (let i = 0; i < h.g.n; i++) place(h.g, i, 2 + 4 * (i % 8), i < h.b0 ? 4 : 32);
  return h;
}

/**
 * Items 11–13 / R4 written out: blind draws weighted by the dice left in the bag; after
 * `limit` blind draws in a row from one squad the opponent (scripted: himself if he has a
 * die left) picks the next side, and the count starts again. `killAfterFirst` removes one
 * die of the other side after the first draw (item 14).
 */
function modelBag(seed: number, dice: [number, number], limit: number, killAfterFirst = false) {
  const r = new Rng(seed);
  const u = [...dice];
  const out: { side: number; chosen: boolean }[] = [];
  let sSide = -1, len = 0;
  while (u[0] + u[1] > 0) {
    let side: number, chosen = false;
    if (len >= limit) {
      const chooser = 1 - sSide;
      side = u[chooser] > 0 ? chooser : 1 - chooser;
      chosen = true;
      sSide = -1;
      len = 0;
    } else {
      side = r.below(u[0] + u[1]) < u[0] ? 0 : 1;
      if (side === sSide) len++;
      else { sSide = side; len = 1; }
    }
    out.push({ side, chosen });
    u[side]--;
    if (killAfterFirst && out.length === 1) u[1 - side]--;
  }
  return out;
}

describe('items 11–14 / R4: the order dice bag', () => {
  for (const limit of [4, 2, 99]) {
    it(`items 11–13 / R4: every die is drawn once per alive soldier, blind in proportion to the bag, streak_limit = ${limit}`, () => {
      const h = walled({ streak_limit: limit });
      const g = h.g;
      let triggered = 0;
      for (let k = 1; k <= 300; k++) {
        clearLog();
        ctl.forceOrder = O_DOWN;
        newTurn(g, 1);
        g.rng.seed(k);
        orderPhase(g);
        const want = modelBag(k, [8, 8], limit);
        expect(ctl.draws.map((d) => [d.side, d.chosen])).toEqual(want.map((d) => [d.side, d.chosen]));
        // One die per soldier: 16 draws, 16 different soldiers, each of the drawing side.
        expect(new Set(ctl.draws.map((d) => d.pick)).size).toBe(16);
        for (const d of ctl.draws) expect(g.side[d.pick]).toBe(d.side);
        expect(Array.from(g.unordered)).toEqual([0, 0]);
        for (let i = 0; i < g.n; i++) expect(g.order[i]).toBe(O_DOWN);
        // Item 13: the opponent of the streaking side chooses, after exactly `limit` blind draws.
        for (const s of ctl.streaks) {
          expect(s.len).toBe(limit);
          expect(s.chooser).toBe(1 - s.side);
        }
        // Item 12: the side of the first die is recorded.
        expect(g.firstSide).toBe(ctl.draws[0].side);
        triggered += ctl.streaks.length;
      }
      if (limit < 99) expect(triggered).toBeGreaterThan(0);
      else expect(triggered).toBe(0);
    });
  }
  it('item 14: a soldier removed before his order takes one of his owner\'s dice out of the bag', () => {
    const h = walled();
    const g = h.g;
    for (let k = 1; k <= 200; k++) {
      clearLog();
      ctl.forceOrder = O_DOWN;
      newTurn(g, 1);
      for (let i = 0; i < g.n; i++) g.alive[i] = 1;
      g.recountAlive();
      g.unordered[0] = g.unordered[1] = 8;
      let victim = -1;
      ctl.beforeOrder = (gg, s) => {
        if (victim >= 0) return;
        victim = s === 0 ? h.b0 + 7 : 7; // a Private of the other side, not yet ordered
        kill(gg, victim, -1);
      };
      g.rng.seed(k);
      orderPhase(g);
      const want = modelBag(k, [8, 8], 4, true);
      expect(ctl.draws.map((d) => d.side)).toEqual(want.map((d) => d.side));
      expect(ctl.draws.length).toBe(15);
      expect(ctl.draws.some((d) => d.pick === victim)).toBe(false);
    }
  });
  it('R4: reactive and forced pulls take a die but neither count toward nor reset the streak', () => {
    const h = walled();
    const g = h.g;
    g.bag.streakSide = 0;
    g.bag.streakLen = 3;
    forceDown(g, 1);
    forceDown(g, h.b0 + 1);
    expect([g.bag.streakSide, g.bag.streakLen, g.unordered[0], g.unordered[1]]).toEqual([0, 3, 7, 7]);
  });
  // Regression test for bug B7 (docs/rules/nco.md), fixed: rules.streak_counts_reactive was read nowhere.
  it('R4: with streak_counts_reactive = true a reactive Down counts toward the streak', () => {
    const h = walled({ streak_counts_reactive: true });
    const g = h.g;
    g.bag.streakSide = 0;
    g.bag.streakLen = 3;
    forceDown(g, 1);
    expect(g.bag.streakLen).toBe(4);
  });
});

describe('items 12, 16, 17 / R8: the Special Actions phase', () => {
  it('items 12, 17 / R8: sides alternate starting with the side that did not get the first die; the other side finishes alone', () => {
    const h = walled();
    const g = h.g;
    let starts = [0, 0];
    for (let k = 1; k <= 100; k++) {
      clearLog();
      ctl.forceOrder = O_DOWN;
      newTurn(g, 1);
      g.rng.seed(k);
      orderPhase(g);
      specialPhase(g);
      const first = 1 - g.firstSide;
      starts[first]++;
      expect(ctl.specials[0].side).toBe(first);
      // Model: alternate; a side with nobody left passes; two passes in a row end the phase.
      const left = [3, 2]; // A: Sergeant C6, Veteran Corporal C5, Corporal C4; B: Sergeant, Corporal
      const want: [number, boolean][] = [];
      let side = first, idle = 0;
      while (idle < 2) {
        if (left[side] > 0) { left[side]--; want.push([side, true]); idle = 0; }
        else { want.push([side, false]); idle++; }
        side = 1 - side;
      }
      expect(ctl.specials.map((s) => [s.side, s.pick >= 0])).toEqual(want);
      const picked = ctl.specials.filter((s) => s.pick >= 0).map((s) => s.pick).sort((a, b) => a - b);
      expect(picked).toEqual([0, 1, 2, h.b0, h.b0 + 1]); // item 16: exactly the courage ≥ 4 soldiers
    }
    expect(starts[0] > 0 && starts[1] > 0).toBe(true);
  });
});

describe('items 3, 9, 11, 58: whole games', () => {
  it('items 3, 9, 11: each turn every alive soldier gets exactly one die; the game lasts 6 turns', () => {
    const scn = compileNco({
      ruleset: 'nco', scenario: 'basic', map: { name: 'walled', size: [36, 36], terrain: [WALL] }, rules: {},
      sides: [
        { name: 'A', roster: { name: 'A', nation: 'none', soldiers: A8 }, policy: 'aggressive' },
        { name: 'B', roster: { name: 'B', nation: 'none', soldiers: B8 }, policy: 'cautious' },
      ],
    });
    const w = player(nco, scn);
    for (let k = 1; k <= 20; k++) {
      clearLog();
      playNco(w.clear().game, k);
      expect(w.game.turn).toBe(6);
      for (let t = 1; t <= 6; t++) {
        const picks = ctl.draws.filter((d) => d.turn === t).map((d) => d.pick);
        expect(picks.length).toBe(16);
        expect(new Set(picks).size).toBe(16);
      }
      expect(ctl.draws.length).toBe(96);
    }
  });
  it('item 18 / R5: Ambush tokens survive the End phase: the ambusher starts the next turn still waiting and Down; then the token expires', () => {
    const rosters = ['us-army-100.json', 'german-heer-100.json'].map((f) => JSON.parse(readFileSync(join(ROSTERS, f), 'utf8')));
    const scn = compileNco({
      ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules: {},
      sides: [{ name: 'US', roster: rosters[0], policy: 'random' }, { name: 'DE', roster: rosters[1], policy: 'cautious' }],
    });
    const w = player(nco, scn);
    const n = w.game.n;
    const endAmbush = new Int32Array(n);
    let carried = 0, expired = 0;
    for (let k = 1; k <= 100; k++) {
      clearLog();
      let turn = 0;
      ctl.beforeSpecial = (g) => endAmbush.set(g.ambush);
      ctl.beforeOrder = (g) => {
        if (g.turn === turn) return;
        if (turn > 0) for (let i = 0; i < n; i++) if (g.alive[i]) {
          if (endAmbush[i] === 2) { expect([g.ambush[i], g.down[i], g.order[i]]).toEqual([1, 1, O_NONE]); carried++; }
          if (endAmbush[i] === 1) { expect(g.ambush[i]).toBe(0); expired++; }
        }
        turn = g.turn;
      };
      playNco(w.clear().game, k);
    }
    expect(carried).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
  });
  it('item 58: the turn after a breakdown, the broken soldier gets his side\'s first die, for a psyche Rally (random policies, 200 games)', () => {
    const rosters = ['us-army-100.json', 'german-heer-100.json'].map((f) => JSON.parse(readFileSync(join(ROSTERS, f), 'utf8')));
    const scn = compileNco({
      // Events off: Victor and X-ray can break a soldier in the End phase, after this test's last look.
      ruleset: 'nco', scenario: 'basic', map: { generate: { mirrored: true } }, rules: { events: false },
      sides: [{ name: 'US', roster: rosters[0], policy: 'random' }, { name: 'DE', roster: rosters[1], policy: 'random' }],
    });
    const w = player(nco, scn);
    const n = w.game.n;
    const endBroken = new Uint8Array(n), endMust = new Uint8Array(n);
    let rallied = 0, carried = 0;
    for (let k = 1; k <= 200; k++) {
      clearLog();
      let turn = 0;
      ctl.beforeSpecial = (g) => { endBroken.set(g.brokenNow); endMust.set(g.mustRally); };
      ctl.beforeOrder = (g, s) => {
        if (g.turn !== turn) {
          // First die of a new turn: broken (or not yet rallied) soldiers now must Rally.
          if (turn > 0) for (let i = 0; i < n; i++) if (g.alive[i]) {
            expect(g.mustRally[i]).toBe(endBroken[i] || endMust[i] ? 1 : 0);
            if (endBroken[i]) carried++;
          }
          turn = g.turn;
        }
        let must = -1;
        for (let i = 0; i < n; i++) if (g.side[i] === s && g.alive[i] && g.order[i] === O_NONE && g.mustRally[i]) must = i;
        ctl.mark = must >= 0;
      };
      playNco(w.clear().game, k);
      // Every draw that found a must-Rally soldier on its side gave that kind of soldier a Rally.
      for (const d of ctl.draws) if (d.marked) {
        expect([d.order, d.pickMust]).toEqual([O_RALLY, 1]);
        rallied++;
      }
    }
    expect(carried).toBeGreaterThan(0);
    expect(rallied).toBeGreaterThan(0);
  });
});
