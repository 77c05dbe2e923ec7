/**
 * Scenarios S1–S6 and the alternative deployment (items 8, 9, 104–113, R29–R34): setup,
 * end conditions, objective rules and bonus scoring with hand-computed examples, and exact
 * odds checked against Monte Carlo at ±4 standard errors.
 */
import { describe, expect, it } from 'vitest';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { createNcoGame } from '../engine/rulesets/nco/index.ts';
import { ConfigError } from '../engine/errors.ts';
import { config, place, newTurn, stdErr, SGT, PVT, type BuildOptions, type Entry } from './nco-harness.ts';
import { O_ADVANCE, O_DOWN, O_FIRE, O_RUN, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { takeDie } from '../engine/rulesets/nco/rules/dice-bag.ts';
import { kill } from '../engine/rulesets/nco/rules/damage.ts';
import { moveSoldier } from '../engine/rulesets/nco/rules/movement.ts';
import { playsNextTurn, pilotOrder, syncCarriers, pilotHitTarget } from '../engine/rulesets/nco/scenarios/objectives.ts';
import { placePilot, setupScenario } from '../engine/rulesets/nco/scenarios/setup.ts';
import { missionDone, scoreScenario } from '../engine/rulesets/nco/scenarios/scoring.ts';
import { M_CARRIED, M_GONE, M_OFF, M_TABLE, TARGET_PILOT } from '../engine/rulesets/nco/rules/objective-state.ts';
import { W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { deploy as deployFn } from '../engine/rulesets/nco/rules/setup.ts';

const ENG: Entry = { type: 'engineer' };

/** Builds a scenario game like the harness's build(): edges 0 (side 0) and 1, soldiers along y = 2 / 34. */
function scen(scenario: unknown, o: BuildOptions = {}) {
  const scn = compileNco({ ...config(o), scenario });
  const g = createNcoGame(scn);
  g.rng.seed(o.seed ?? 1);
  g.reset();
  g.edge[0] = 0;
  g.edge[1] = 1;
  g.deployedFirst = 0;
  const b0 = scn.sideStart[1];
  for (let i = 0; i < g.n; i++) place(g, i, 2 + 3 * (i < b0 ? i : i - b0), i < b0 ? 2 : 34);
  newTurn(g, 1);
  return { scn, g, b0 };
}

function bonus(g: NcoGame, s: number, kind: number): number {
  return g.obj.bonus[s * 7 + kind];
}

describe('scenario config', () => {
  it('scenario ids and options compile; an unknown id or bad option is a ConfigError naming path, value and allowed', () => {
    expect(compileNco({ ...config(), scenario: 's1-secure-the-sectors' }).scenario.kind).toBe(1);
    expect(compileNco({ ...config(), scenario: { id: 's6-intel-retrieval', secure_count: 2 } }).scenario.secureCount).toBe(2);
    const bad = (s: unknown) => { try { compileNco({ ...config(), scenario: s }); } catch (e) { return e as ConfigError; } throw new Error('no error'); };
    const e1 = bad('s7-nope');
    expect(e1).toBeInstanceOf(ConfigError);
    expect(e1.path).toBe('scenario');
    expect(e1.allowed).toContain('s3-rescue-mission');
    expect(bad({ id: 'nope' }).path).toBe('scenario.id');
    const e3 = bad({ id: 's1-secure-the-sectors', bonus_centre: 'lots' });
    expect(e3.path).toBe('scenario.bonus_centre');
    expect(bad({ id: 's1-secure-the-sectors', wander_far_in: 3 }).allowed).toContain('wander_far_in');
    expect(bad({ id: 's2-fight-to-the-center', variable_end: { after_turn: 4, continue_on: [3] } }).path).toBe('scenario.variable_end');
  });

  it('item 111: S5 makes the deployment zone 6" deep', () => {
    expect(compileNco({ ...config(), scenario: 's5-search-and-destroy' }).rules.deploy_depth_in).toBe(6);
    expect(compileNco({ ...config(), scenario: 's1-secure-the-sectors' }).rules.deploy_depth_in).toBe(3);
  });
});

describe('104 / R29: S1 Secure the Sectors', () => {
  it('bonuses by sector from each side\'s own edge: centre +25, enemy row +30, own row +10, flank +15; ties score nothing', () => {
    const { g, b0 } = scen('s1-secure-the-sectors', { a: [SGT, PVT, PVT], b: [SGT, PVT, PVT] });
    place(g, 0, 18, 18); // side 0 alone in the centre: +25
    place(g, 1, 6, 30); // side 0 in side 1's deployment row: +30
    place(g, 2, 30, 6); // contested: side 1 also has one here (tie, nobody)
    place(g, b0, 30, 7);
    place(g, b0 + 1, 30, 33); // side 1 in its own row: +10
    place(g, b0 + 2, 12, 18); // x = 12 is the boundary: the middle column (R29: base centre, higher sector)
    // b0+2 stands in the centre sector too: 1 v 1 there, so the centre is a tie and scores nothing
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 0)).toBe(30);
    expect(bonus(g, 1, 0)).toBe(10);
    place(g, b0 + 2, 11.9, 18); // now the middle-left flank: +15 for side 1, centre +25 for side 0
    g.reset(); g.edge[0] = 0; g.edge[1] = 1;
    for (const [i, x, y] of [[0, 18, 18], [1, 6, 30], [2, 30, 6], [b0, 30, 7], [b0 + 1, 30, 33], [b0 + 2, 11.9, 18]]) place(g, i, x, y);
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 0)).toBe(55);
    expect(bonus(g, 1, 0)).toBe(25);
    expect(g.vp[0]).toBe(55);
  });
});

describe('105 / R30: S2 Fight to the Center', () => {
  it('Sergeant +50, regulars +5 per rank pair won (cap 10), specialists +10 (cap 20); equal distances score nothing', () => {
    const { g, b0 } = scen('s2-fight-to-the-center', { a: [SGT, PVT, PVT, PVT, ENG], b: [SGT, PVT, PVT, PVT, ENG] });
    const at = (i: number, d: number) => place(g, i, 18 + d, 18);
    at(0, 2); at(b0, -3); // Sergeants: side 0 closer, +50
    at(1, 1); at(2, 4); at(3, 5); // side 0 regulars sorted: 1, 4, 5
    at(b0 + 1, -2); at(b0 + 2, -3); at(b0 + 3, -5); // side 1: 2, 3, 5 → pairs: 0 wins, 1 wins, tie
    at(4, 6); at(b0 + 4, -6); // specialists tie
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 1)).toBe(50 + 5);
    expect(bonus(g, 1, 1)).toBe(5);
  });

  it('R30: a survivor without a surviving counterpart wins his pair; the regular cap applies', () => {
    const { g, b0 } = scen('s2-fight-to-the-center', { a: [SGT, PVT, PVT, PVT], b: [SGT, PVT, PVT, PVT] });
    for (let i = 0; i < 4; i++) place(g, i, 18, 10 + i);
    kill(g, b0 + 1, 0); kill(g, b0 + 2, 0); kill(g, b0 + 3, 0); kill(g, b0, 0);
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 1)).toBe(50 + 10); // three pairs won, capped at +10
  });

  it('items 105, 110: after turn 4 a 3+ plays turn 5, after turn 5 a 5+ plays turn 6 (Monte Carlo)', () => {
    const { g } = scen('s2-fight-to-the-center');
    expect(playsNextTurn(g, 3)).toBe(true);
    const N = 20000;
    let t5 = 0, t6 = 0;
    for (let k = 0; k < N; k++) {
      g.rng.seed(1000 + k);
      if (playsNextTurn(g, 4)) t5++;
      if (playsNextTurn(g, 5)) t6++;
    }
    expect(Math.abs(t5 / N - 4 / 6)).toBeLessThan(4 * stdErr(4 / 6, N));
    expect(Math.abs(t6 / N - 2 / 6)).toBeLessThan(4 * stdErr(2 / 6, N));
    expect(playsNextTurn(g, 6)).toBe(true); // turn 6 is the hard end: the loop stops there anyway
  });

  it('item 105: each squad sets up along its own edge and the edge to its left', () => {
    const scn = compileNco({ ...config({ a: [SGT, PVT, PVT, PVT], b: [SGT, PVT, PVT, PVT] }), scenario: 's2-fight-to-the-center' });
    const g = createNcoGame(scn);
    for (let seed = 1; seed <= 20; seed++) {
      g.rng.seed(seed); g.reset();
      setupEdges(g);
      setupScenario(g);
      for (let i = 0; i < g.n; i++) {
        const x = g.table.px[i], y = g.table.py[i], e = g.edge[g.side[i]];
        const ownEdge = e === 0 ? y <= 3 : y >= 33;
        const leftEdge = e === 0 ? x <= 3 : x >= 33;
        expect(ownEdge || leftEdge).toBe(true);
      }
      expect(g.table.px[3] <= 3 || g.table.px[3] >= 33).toBe(true); // the last half goes left
    }
  });
});

/** The normal deployment, as playNcoGame runs it before setupScenario. */
function setupEdges(g: NcoGame): void {
  deployFn(g);
}

describe('106–109 / R31: S3 Rescue Mission', () => {
  it('106: the pilot wanders 1: 3" toward the holder edge, 2–3: 2" toward the rescuer\'s left corner, 4–5 right, 6: 3" home (exact odds vs Monte Carlo)', () => {
    const { g } = scen('s3-rescue-mission'); // side 0 (edge y = 0) deployed first: side 1 rescues from y = 36
    const seen = [0, 0, 0, 0];
    const N = 12000, s2 = Math.SQRT1_2 * 2;
    for (let k = 0; k < N; k++) {
      g.rng.seed(k + 7);
      const roll = placePilot(g);
      const x = g.obj.mx[0], y = g.obj.my[0];
      if (roll === 1) { expect(x).toBeCloseTo(18); expect(y).toBeCloseTo(15); seen[0]++; }
      else if (roll <= 3) { expect(x).toBeCloseTo(18 + s2); expect(y).toBeCloseTo(18 + s2); seen[1]++; } // left of a side facing −y is +x
      else if (roll <= 5) { expect(x).toBeCloseTo(18 - s2); expect(y).toBeCloseTo(18 + s2); seen[2]++; }
      else { expect(x).toBeCloseTo(18); expect(y).toBeCloseTo(21); seen[3]++; }
    }
    const p = [1 / 6, 2 / 6, 2 / 6, 1 / 6];
    for (let k = 0; k < 4; k++) expect(Math.abs(seen[k] / N - p[k])).toBeLessThan(4 * stdErr(p[k], N));
  });

  it('107: a chosen Down in base contact picks him up; the carrier may only Advance or Down; he drops where the carrier dies', () => {
    const { g, b0 } = scen('s3-rescue-mission', { policies: ['random', 'random'] });
    placePilot(g);
    const px = g.obj.mx[0], py = g.obj.my[0];
    place(g, b0 + 1, px + 0.9, py); // within 1.1" (base + token radius + tolerance)
    takeDie(g, b0 + 1, O_DOWN); // a reactive Down does not pick up
    expect(g.obj.mState[0]).toBe(M_TABLE);
    place(g, b0, px - 1.05, py);
    g.pickTarget = -1;
    executeOrder(g, b0, O_DOWN);
    expect(g.obj.mState[0]).toBe(M_CARRIED);
    expect(g.obj.mCarrier[0]).toBe(b0);
    newTurn(g, 2);
    g.pickDest = 0;
    executeOrder(g, b0, O_RUN); // illegal for a carrier: becomes Advance
    expect(g.order[b0]).toBe(O_ADVANCE);
    const x = g.table.px[b0], y = g.table.py[b0];
    kill(g, b0, 0);
    syncCarriers(g);
    expect(g.obj.mState[0]).toBe(M_TABLE);
    expect([g.obj.mx[0], g.obj.my[0]]).toEqual([x, y]);
  });

  it('108: from turn 3 only the holder\'s Sergeant may kill him; a Fire hits on the to-hit number with the pilot Down (Monte Carlo)', () => {
    const { g, b0 } = scen('s3-rescue-mission', { a: [{ type: 'sergeant', primary: 'rifle' }, PVT] });
    g.obj.markers = 1; g.obj.mState[0] = M_TABLE; g.obj.mx[0] = 18; g.obj.my[0] = 18;
    place(g, 0, 18, 2.5); // 15.5" centre to centre: 14.5" edge to edge, beyond half range of a rifle
    expect(g.primary[0]).toBe(W_RIFLE);
    // −1 Down, +1 full psyche, no half range: 3+ → 4/6
    expect(pilotHitTarget(g, 0, W_RIFLE)).toBe(3);
    g.turn = 2;
    g.pickTarget = TARGET_PILOT;
    pilotOrder(g, 0, O_FIRE, 10);
    expect(g.obj.mState[0]).toBe(M_TABLE); // too early
    g.turn = 3;
    g.pickTarget = TARGET_PILOT;
    pilotOrder(g, 1, O_FIRE, 10); // a Private may not
    expect(g.obj.mState[0]).toBe(M_TABLE);
    g.pickTarget = TARGET_PILOT;
    pilotOrder(g, b0, O_FIRE, 10); // nor the rescuer's Sergeant
    expect(g.obj.mState[0]).toBe(M_TABLE);
    const N = 6000;
    let kills = 0;
    for (let k = 0; k < N; k++) {
      g.obj.mState[0] = M_TABLE;
      g.obj.bonus.fill(0);
      g.rng.seed(50 + k);
      g.pickTarget = TARGET_PILOT;
      pilotOrder(g, 0, O_FIRE, 10);
      if (g.obj.mState[0] === M_GONE) { kills++; expect(bonus(g, 0, 2)).toBe(15); }
    }
    expect(Math.abs(kills / N - 4 / 6)).toBeLessThan(4 * stdErr(4 / 6, N));
  });

  it('109: a carrier touching his own edge ends the game: rescued +75 to the rescuer', () => {
    const { g, b0 } = scen('s3-rescue-mission');
    g.obj.markers = 1; g.obj.mState[0] = M_CARRIED; g.obj.mCarrier[0] = b0; g.obj.carrying[b0] = 1;
    place(g, b0, 18, 32);
    const slot = g.sp + 5;
    g.table.setPoint(slot, 18, 35.5);
    g.router.arg[0] = 0;
    g.order[b0] = O_ADVANCE;
    expect(moveSoldier(g, b0, slot, 5, false)).toBe(false);
    expect(g.over).toBe(true);
    expect(g.obj.mState[0]).toBe(M_OFF);
    expect(bonus(g, 1, 2)).toBe(75);
  });
});

describe('110 / R32: S4 Extermination Order', () => {
  it('missions are 1/3 each (Monte Carlo over setup rolls)', () => {
    const { g } = scen('s4-extermination-order');
    const seen = [0, 0, 0];
    const N = 9000;
    for (let k = 0; k < N; k++) { g.rng.seed(k + 3); setupScenario(g); seen[g.obj.mission[0]]++; }
    for (let m = 0; m < 3; m++) expect(Math.abs(seen[m] / N - 1 / 3)).toBeLessThan(4 * stdErr(1 / 3, N));
  });

  it('completion: half the regulars (rounded up), 3 specialists, the enemy Sergeant with our Sergeant unhurt; +60 and a correct guess +15', () => {
    const { g, b0 } = scen('s4-extermination-order', { a: [SGT, PVT], b: [SGT, PVT, PVT, PVT, ENG, ENG, ENG], rules: { roster_sps: 60 } });
    kill(g, b0 + 1, 0);
    expect(missionDone(g, 0, 0)).toBe(false); // 1 of 3 regulars; needs 2
    kill(g, b0 + 2, 0);
    expect(missionDone(g, 0, 0)).toBe(true);
    kill(g, b0 + 4, 0); kill(g, b0 + 5, 0);
    expect(missionDone(g, 0, 1)).toBe(false);
    kill(g, b0 + 6, 0);
    expect(missionDone(g, 0, 1)).toBe(true);
    kill(g, b0, 0);
    g.health[0] = g.maxHealth[0] - 1;
    expect(missionDone(g, 0, 2)).toBe(false);
    g.health[0] = g.maxHealth[0];
    expect(missionDone(g, 0, 2)).toBe(true);
    g.obj.mission[0] = 0; g.obj.mission[1] = 2;
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 3)).toBe(60);
    expect(bonus(g, 1, 3)).toBe(0);
    // side 1 saw all three missions done against it: a tie goes to the lowest, mission 0 (correct)
    expect(g.obj.guess[1]).toBe(0);
    expect(bonus(g, 1, 4)).toBe(15);
    // side 0 lost nobody: nothing to go on, it guesses 0, but side 1's mission was the Sergeant
    expect(bonus(g, 0, 4)).toBe(0);
  });
});

describe('111 / R33: S5 Search and Destroy', () => {
  it('drops touch their own edge ≥ 6" from the side edges; no soldier starts within 6" of his own drop', () => {
    const scn = compileNco({ ...config({ a: [SGT, PVT, PVT, PVT, PVT], b: [SGT, PVT, PVT, PVT, PVT], policies: ['random', 'aggressive'] }), scenario: 's5-search-and-destroy' });
    const g = createNcoGame(scn);
    for (let seed = 1; seed <= 40; seed++) {
      g.rng.seed(seed); g.reset();
      deployFn(g);
      setupScenario(g);
      for (let s = 0; s < 2; s++) {
        const x = g.obj.mx[s], y = g.obj.my[s];
        expect(x).toBeGreaterThanOrEqual(6.5 - 1e-9);
        expect(x).toBeLessThanOrEqual(29.5 + 1e-9);
        expect(g.edge[s] === 0 ? y : 36 - y).toBeCloseTo(0.5);
        expect(scn.specialist[g.obj.bomber[s]]).toBe(0);
      }
      for (let i = 0; i < g.n; i++) {
        const s = g.side[i], dx = g.table.px[i] - g.obj.mx[s], dy = g.table.py[i] - g.obj.my[s];
        expect(Math.sqrt(dx * dx + dy * dy)).toBeGreaterThanOrEqual(7);
        expect(g.edge[s] === 0 ? g.table.py[i] : 36 - g.table.py[i]).toBeLessThanOrEqual(6);
      }
    }
  });

  it('the Bomber\'s chosen Down in contact destroys the enemy drop: +75 and the game ends at once; others and reactive Downs do not', () => {
    const { g, b0 } = scen('s5-search-and-destroy');
    const o = g.obj;
    o.markers = 2; o.mx[1] = 18; o.my[1] = 35.5; o.mx[0] = 18; o.my[0] = 0.5; o.mOwner[0] = 0; o.mOwner[1] = 1;
    o.bomber[0] = 1; o.bomber[1] = b0 + 1;
    place(g, 0, 18, 34.5); // the Sergeant is not the Bomber
    executeOrder(g, 0, O_DOWN);
    expect(o.mState[1]).toBe(M_TABLE);
    place(g, 1, 17.2, 35); // 0.94" from the drop's centre: base contact
    takeDie(g, 1, O_DOWN);
    expect(o.mState[1]).toBe(M_TABLE);
    newTurn(g, 2);
    executeOrder(g, 1, O_DOWN);
    expect(o.mState[1]).toBe(M_GONE);
    expect(g.over).toBe(true);
    expect(bonus(g, 0, 5)).toBe(75);
  });

  it('R33: a move that would end within 6" of the own drop stops at the zone\'s edge', () => {
    const { g } = scen('s5-search-and-destroy');
    const o = g.obj;
    o.markers = 2; o.mx[0] = 18; o.my[0] = 0.5; o.mx[1] = 18; o.my[1] = 35.5;
    place(g, 1, 18, 16);
    const slot = g.sp + 5;
    g.table.setPoint(slot, 18, 4);
    g.router.arg[0] = 0;
    moveSoldier(g, 1, slot, 10, true);
    expect(g.table.py[1] - 0.5).toBeGreaterThanOrEqual(7 - 1e-6); // 6" + base and token radii
    expect(g.table.py[1] - 0.5).toBeLessThan(7.01);
  });
});

describe('112–113 / R34: S6 Intel Retrieval', () => {
  it('five tokens: centre, then alternately ≥ 4" from the centre and each other and ≥ 8" from both deployment edges', () => {
    const scn = compileNco({ ...config({ policies: ['random', 'aggressive'] }), scenario: 's6-intel-retrieval' });
    const g = createNcoGame(scn);
    for (let seed = 1; seed <= 30; seed++) {
      g.rng.seed(seed); g.reset();
      deployFn(g);
      setupScenario(g);
      const o = g.obj;
      expect(o.markers).toBe(5);
      expect([o.mx[0], o.my[0]]).toEqual([18, 18]);
      const first = 1 - g.deployedFirst;
      expect([o.mOwner[1], o.mOwner[2], o.mOwner[3], o.mOwner[4]]).toEqual([first, 1 - first, first, 1 - first]);
      for (let k = 1; k < 5; k++) {
        expect(o.my[k]).toBeGreaterThanOrEqual(8);
        expect(o.my[k]).toBeLessThanOrEqual(28);
        for (let m = 0; m < k; m++) expect(Math.hypot(o.mx[k] - o.mx[m], o.my[k] - o.my[m])).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it('R34: constraints relax 1" at a time when no spot is legal', () => {
    const scn = compileNco({ ...config(), scenario: { id: 's6-intel-retrieval', min_from_deploy_edge_in: 18, min_from_centre_in: 0 } });
    const g = createNcoGame(scn);
    g.rng.seed(1); g.reset(); deployFn(g); setupScenario(g);
    for (let k = 1; k < 5; k++) expect(Math.min(g.obj.my[k], 36 - g.obj.my[k])).toBeGreaterThanOrEqual(18 - 3);
  });

  it('112: pick up with a chosen Down; carry off across the own edge: out of the game, not a casualty; 113: scoring', () => {
    const { g, b0 } = scen('s6-intel-retrieval', { a: [SGT, PVT, PVT], b: [SGT, PVT] });
    const o = g.obj;
    o.markers = 5;
    const spots = [[18, 18], [10, 12], [26, 12], [10, 24], [26, 24]];
    spots.forEach(([x, y], k) => { o.mx[k] = x; o.my[k] = y; o.mState[k] = M_TABLE; });
    place(g, 1, 18, 19);
    executeOrder(g, 1, O_DOWN);
    expect(o.mState[0]).toBe(M_CARRIED);
    place(g, 2, 10, 12.5);
    executeOrder(g, 2, O_DOWN);
    place(g, 0, 26, 12.5);
    executeOrder(g, 0, O_DOWN);
    newTurn(g, 2);
    place(g, 1, 18, 3);
    const slot = g.sp + 5;
    g.table.setPoint(slot, 18, 0.5);
    g.router.arg[0] = 0;
    g.order[1] = O_RUN;
    moveSoldier(g, 1, slot, 10, true);
    expect(o.left[1]).toBe(1);
    expect(g.alive[1]).toBe(0);
    expect(o.mState[0]).toBe(M_OFF);
    expect(g.vp[1]).toBe(0); // not a casualty
    g.turn = 6;
    scoreScenario(g);
    expect(bonus(g, 0, 6)).toBe(45 + 30); // 3 secured (1 off, 2 held), the centre token carried off
    expect(bonus(g, 1, 6)).toBe(0);
    expect(b0).toBe(3);
  });
});

describe('8: alternative deployment', () => {
  it('every model starts off the table and enters in turn 1 with Advance or Run, measured from his edge', async () => {
    const { playNco } = await import('../engine/rulesets/nco/rules/game.ts');
    const scn = compileNco({ ...config({ policies: ['random', 'aggressive'], rules: { turns: 1 } }), scenario: { id: 'basic', deployment: 'alternative' } });
    const g = createNcoGame(scn);
    for (let seed = 1; seed <= 30; seed++) {
      playNco(g, seed);
      for (let i = 0; i < g.n; i++) {
        expect(g.obj.offTable[i]).toBe(0);
        if (g.alive[i]) expect([O_ADVANCE, O_RUN]).toContain(g.order[i]);
        const fromEdge = g.edge[g.side[i]] === 0 ? g.table.py[i] : 36 - g.table.py[i];
        expect(fromEdge).toBeLessThanOrEqual(0.5 + 2 * 5 + 1e-6);
      }
    }
  });
});
