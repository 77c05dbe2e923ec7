/**
 * Blunders of the scripted NCO players (issue 12), each with a test that fails on the code
 * that had it. The policies are the measuring instrument of every balance result: a
 * blunder that decides games is as wrong as a wrong rule.
 *
 * Paired comparisons use sim/tournament.ts: both presets in both seats on the same seeds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, place, rect, setOrder, SGT, PVT, WALL } from './nco-harness.ts';
import { chooseOrder, chooseSpecial } from '../engine/rulesets/nco/policy/orders.ts';
import { O_ADVANCE, O_COVER_FIRE, O_DOWN, O_FIRE, O_HOLD, O_RUN, PHASE_SPECIAL, SA_AMBUSH, SA_MEND } from '../engine/rulesets/nco/rules/state.ts';
import { RC_AMBUSH, RC_AMBUSH_SET, RC_HIGH_GROUND, RULE_COUNTERS } from '../engine/rulesets/nco/data/rule-counters.ts';
import { playTournament } from '../sim/tournament.ts';
import { loadConfigObject } from '../sim/config.ts';
import { player } from './play-harness.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import type { NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { analyzeTournament } from '../analysis/tournament.ts';

const ROOT = join(import.meta.dirname, '..');
const DEFAULT = JSON.parse(readFileSync(join(ROOT, 'configs', 'nco', 'default.json'), 'utf8'));

/** Score of entrant 0 against entrant 1 on the default matchup over `seeds` seeds (both seats). */
async function score(p0: unknown, p1: unknown, seeds: number): Promise<{ score: number; lo: number; hi: number }> {
  const play = await playTournament({ base: DEFAULT, baseDir: join(ROOT, 'configs', 'nco'), entrants: [{ name: 'a', policy: p0 }, { name: 'b', policy: p1 }], games: seeds, seed: 12 }, { workers: 0 });
  return analyzeTournament({ names: ['a', 'b'], pairs: play.pairs, seeds, seed: 12, confidence: 0.95, bootstrap: 0 }).pairs[0];
}

describe('issue 12: the long-range Run', () => {
  it('a scripted soldier 32" from every enemy (out of range) Advances toward them, never Runs, at any aggression', () => {
    for (const aggression of [0.5, 0.8, 1]) {
      const h = build({ a: [SGT, PVT], b: [SGT, PVT], policies: [{ id: 'aggressive', aggression }, 'cautious'] });
      const { g, b0 } = h;
      place(g, 0, 8, 2);
      place(g, 1, 14, 2);
      place(g, b0, 8, 34);
      place(g, b0 + 1, 14, 34);
      g.actOrder.set([1, 0, 2, 3]);
      chooseOrder(g, 0);
      expect(g.pickOrder, `aggression ${aggression}`).not.toBe(O_RUN);
      expect(g.pickOrder, `aggression ${aggression}`).toBe(O_ADVANCE);
    }
  });

  it('aggression 0.5 is no longer beaten by 0.45 (was 26% to 74%): their paired score over 250 seeds is within 40–60%', async () => {
    const r = await score({ id: 'aggressive', aggression: 0.5 }, { id: 'aggressive', aggression: 0.45 }, 250);
    expect(r.score).toBeGreaterThan(0.4);
    expect(r.score).toBeLessThan(0.6);
  });
});

describe('issue 12: area fire and friends in the blast', () => {
  // An LMG (Fire resolves as Cover Fire, item 43) 14" from an enemy whose neighbour within
  // 2" is a friend, and 16.5" from another enemy standing alone.
  const scene = (friendClose: boolean) => {
    const h = build({ a: [SGT, { type: 'veteran-lance-corporal', primary: 'lmg' }, PVT], b: [SGT, PVT, PVT], policies: ['aggressive', 'cautious'] });
    const { g, b0 } = h;
    place(g, 0, 34, 2);
    place(g, 1, 18, 6);
    place(g, 2, friendClose ? 13.5 : 2, friendClose ? 20 : 2);
    place(g, b0, 34, 34);
    place(g, b0 + 1, 12, 19);
    place(g, b0 + 2, 26, 21);
    g.actOrder.set([1, 0, 2, 3, 4, 5]);
    chooseOrder(g, 0);
    expect(g.pick).toBe(1);
    return { g, b0 };
  };
  it('an LMG aims at the lone enemy, not at the nearer one standing beside a friend', () => {
    const { g, b0 } = scene(true);
    expect(g.pickTarget).toBe(b0 + 2);
  });
  it('with the friend away, the LMG aims at the nearer enemy (the test sees a real choice)', () => {
    const { g, b0 } = scene(false);
    expect(g.pickTarget).toBe(b0 + 1);
  });
});

describe('issue 12: the S2 side-edge deployment', () => {
  const S2 = JSON.parse(readFileSync(join(ROOT, 'configs', 'nco', 'scenarios', 's2.json'), 'utf8'));
  /** Soldiers killed in turn 1 per game (both sides), over 150 seeded S2 games. */
  const turn1 = (reach?: number): number => {
    const c = structuredClone(S2);
    if (reach !== undefined) c.scenario = { ...c.scenario, left_edge_reach: reach };
    const scn = loadConfigObject(c, join(ROOT, 'configs', 'nco', 'scenarios')).scn as NcoScenario;
    const p = player(nco, scn);
    let killed = 0;
    for (let k = 0; k < 150; k++) {
      p.play(21, k);
      const g = p.game as NcoGame;
      for (let i = 0; i < g.n; i++) if (g.diedTurn[i] === 1) killed++;
    }
    return killed / 150;
  };
  it('left-edge soldiers deploy on the friendly half of the edge (they used to spread up to the enemy zone), and turn 1 costs far fewer soldiers', () => {
    // 4,000 games: 1.66 + 1.46 soldiers lost in turn 1 with the whole edge, 0.93 + 0.70 on the friendly half (basic: 0.52 a side).
    expect(turn1()).toBeLessThan(0.75 * turn1(1));
  });
});

describe('issue 12: high ground (item 70) comes into play', () => {
  // A Private (rifle, 20", M 5": a 10" Run) at (10, 6), 23" edge to edge from the enemy; a
  // 4" hill whose centre (10, 11) is 5" away (5" + the 4" climb fit in his Run) has him 18" off.
  const scene = (highGroundRun: number, blockView: boolean) => {
    const terrain = [rect(6, 8, 14, 14, { name: 'hill', height: 4, cover: true })];
    if (blockView) terrain.push(rect(0, 20, 36, 22, { name: 'wall', obscuring: true, impassable: true, height: 6 }));
    const h = build({ a: [SGT, PVT], b: [SGT, PVT], terrain, policies: [{ id: 'aggressive', high_ground_run: highGroundRun }, 'aggressive'] });
    const { g, b0 } = h;
    place(g, 0, 30, 2);
    place(g, 1, 10, 6);
    place(g, b0, 34, 34);
    place(g, b0 + 1, 10, 30);
    g.actOrder.set([1, 0, 2, 3]);
    chooseOrder(g, 0);
    expect(g.pick).toBe(1);
    return g;
  };
  it('with high_ground_run on, a soldier with no shot Runs onto the hill that has a view of an enemy below', () => {
    const g = scene(1, false);
    expect(g.pickOrder).toBe(O_RUN);
    expect([g.table.px[g.pickDest], g.table.py[g.pickDest]]).toEqual([10, 11]);
  });
  it('a hill with no enemy in sight is not worth the climb, and high_ground_run 0 (the old players) never climbs', () => {
    expect(scene(1, true).pickOrder).toBe(O_ADVANCE);
    expect(scene(0, false).pickOrder).toBe(O_ADVANCE);
  });
  it('in whole games a player with high_ground_run shoots with the +1 about once a game (the old players: never)', () => {
    const rate = (policy: unknown) => {
      const c = structuredClone(DEFAULT);
      c.sides[1].policy = policy;
      const scn = loadConfigObject(c, join(ROOT, 'configs', 'nco')).scn as NcoScenario;
      const p = player(nco, scn).playRange(4, 0, 200);
      return p.block('rulesInPlay')[RULE_COUNTERS.length + RC_HIGH_GROUND] / 200;
    };
    expect(rate('aggressive')).toBeLessThan(0.02);
    expect(rate({ id: 'aggressive', high_ground_run: 1 })).toBeGreaterThan(0.5);
  });
});

describe('issue 12: Ambush where it can trigger (item 32)', () => {
  // A cautious Corporal (rifle) in the Special Actions phase with no shot; the enemy 30" off
  // in the open can come into his sight and range, or not, behind a full-width wall.
  const scene = (lookahead: number | undefined, wall: boolean) => {
    const h = build({
      a: [SGT, { type: 'corporal' }], b: [SGT, PVT], terrain: wall ? [WALL] : [],
      policies: [{ id: 'cautious', ambush_preference: 1, ...(lookahead === undefined ? {} : { ambush_lookahead: lookahead }) }, 'aggressive'],
    });
    const { g, b0 } = h;
    place(g, 0, 2, 2);
    place(g, 1, 18, 2);
    place(g, b0, 34, 34);
    place(g, b0 + 1, 18, 32);
    g.turn = 3;
    g.phase = PHASE_SPECIAL;
    for (let i = 0; i < g.n; i++) setOrder(g, i, O_DOWN);
    g.actOrder.set([1, 0, 2, 3]);
    chooseSpecial(g, 0);
    expect(g.pick).toBe(1);
    return g.pickOrder;
  };
  it('an Ambush is set when an enemy Advancing or Running toward the ambusher would cross his view', () => {
    expect(scene(undefined, false)).toBe(SA_AMBUSH);
  });
  it('no Ambush when no enemy can come into view (the action goes to Mend); the old blind Ambush (lookahead 0) set it anyway', () => {
    expect(scene(undefined, true)).toBe(SA_MEND);
    expect(scene(0, true)).toBe(SA_AMBUSH);
  });
  it('next turn, an ambusher with a good shot cancels the Ambush and shoots instead of waiting out his turn (lookahead 0: he holds)', () => {
    const orderOf = (lookahead: number) => {
      const h = build({ a: [SGT, { type: 'corporal' }], b: [SGT, PVT], policies: [{ id: 'cautious', ambush_lookahead: lookahead }, 'aggressive'] });
      const { g, b0 } = h;
      place(g, 1, 18, 2);
      place(g, b0 + 1, 18, 12);
      setOrder(g, 0, O_DOWN);
      g.ambush[1] = 1;
      g.ambushers[0] = 1;
      g.down[1] = 1;
      chooseOrder(g, 0);
      expect(g.pick).toBe(1);
      return g.pickOrder;
    };
    expect([O_FIRE, O_COVER_FIRE]).toContain(orderOf(1));
    expect(orderOf(0)).toBe(O_HOLD);
  });
  it('in whole games cautious triggers a larger share of its Ambushes (the blind ones: 9% in cautious mirror play)', () => {
    const c = structuredClone(DEFAULT);
    c.sides[0].policy = 'cautious';
    c.sides[1].policy = 'aggressive';
    const rate = (lookahead: number) => {
      c.sides[0].policy = { id: 'cautious', ambush_lookahead: lookahead };
      const scn = loadConfigObject(c, join(ROOT, 'configs', 'nco')).scn as NcoScenario;
      const b = player(nco, scn).playRange(4, 0, 300).block('rulesInPlay');
      return b[RC_AMBUSH] / b[RC_AMBUSH_SET];
    };
    expect(rate(1)).toBeGreaterThan(1.3 * rate(0));
  });
});

describe('issue 12: who acts first (fire_first)', () => {
  // The Sergeant is first in activation order but 40" from every enemy; the Private has a
  // rifle shot at 14". The die should go to the shot, before the enemy's next die.
  const pick = (fireFirst: boolean) => {
    const h = build({ a: [SGT, PVT], b: [SGT, PVT], policies: [{ id: 'aggressive', fire_first: fireFirst }, 'aggressive'] });
    const { g, b0 } = h;
    place(g, 0, 2, 2);
    place(g, 1, 28, 16);
    place(g, b0, 34, 34);
    place(g, b0 + 1, 30, 30);
    g.actOrder.set([0, 1, 2, 3]);
    chooseOrder(g, 0);
    return [g.pick, g.pickOrder];
  };
  it('with fire_first the drawn die goes to the soldier with a shot, who Fires; without it, to the first in activation order', () => {
    expect(pick(true)).toEqual([1, O_FIRE]);
    expect(pick(false)[0]).toBe(0);
  });
  it('aggressive with fire_first beats aggressive without it (paired, 300 seeds: the interval is above 50%)', async () => {
    const r = await score({ id: 'aggressive', fire_first: true }, 'aggressive', 300);
    expect(r.lo).toBeGreaterThan(0.5);
  });
});

describe('issue 12: finishing the wounded (target_priority kill)', () => {
  // Two enemy Privates in the open, 10" and 12" from the shooter; the farther one has 1 health left.
  const target = (priority: string) => {
    const h = build({ a: [SGT, PVT], b: [SGT, PVT, PVT], policies: [{ id: 'aggressive', target_priority: priority }, 'aggressive'] });
    const { g, b0 } = h;
    place(g, 0, 2, 2);
    place(g, 1, 18, 10);
    place(g, b0, 34, 34);
    place(g, b0 + 1, 18, 21);
    place(g, b0 + 2, 22, 22);
    g.health[b0 + 2] = 1;
    for (let j = b0; j < g.n; j++) setOrder(g, j, O_FIRE); // they have acted: no Cover Fire pin to win
    g.actOrder.set([1, 0, 2, 3, 4]);
    chooseOrder(g, 0);
    expect(g.pickOrder).toBe(O_FIRE);
    return g.pickTarget - b0;
  };
  it('kill shoots the wounded enemy a hit finishes; nearest shoots the nearer, unhurt one', () => {
    expect(target('kill')).toBe(2);
    expect(target('nearest')).toBe(1);
  });
});
