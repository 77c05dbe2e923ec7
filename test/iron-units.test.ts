/**
 * Iron Squad units and their abilities (digest items 10, 27–31, 35, 41, 53–63; R1, R2, R6,
 * R10–R17, R23), on small hand-made boards with units placed by hand (iron-harness.ts).
 */
import { describe, expect, it } from 'vitest';
import { AC_OPP, AC_SPAWN, VS_BACKFIRE, canShoot, captainRally, damage, heal, immobile, medicPatient, mpAvailable, resolveAttack } from '../engine/rulesets/iron-squad/rules/actions.ts';
import { explore, forgetClearedPaths, inSniperArea, preparePath, walk } from '../engine/rulesets/iron-squad/rules/moving.ts';
import { activate, medicsReact, pickTarget } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { playTurn } from '../engine/rulesets/iron-squad/rules/game.ts';
import { UNREACHED } from '../engine/geometry/hex-path.ts';
import { WX_FOG, WX_RAIN } from '../engine/rulesets/iron-squad/rules/time.ts';
import { TYPE_WEAPON, UNIT_IDS, W_GRENADE, W_GUN, W_MG, W_RIFLE, W_SNIPER } from '../engine/rulesets/iron-squad/data/units.ts';
import { build, openBoard, refreshRanges, setTerrain } from './iron-harness.ts';

describe('Iron Squad units', () => {
  it('10 several units, friend and foe, share a hex; each is attacked on its own', () => {
    const { g, add } = build();
    const a = add(0, 'rifleman', 5, 3);
    const t1 = add(1, 'captain', 5, 4), t2 = add(1, 'medic', 5, 4), f = add(0, 'medic', 5, 4);
    expect(g.hex[t1]).toBe(g.hex[t2]);
    resolveAttack(g, a, t2, 8); // rifle at 1 hex: 35 − 4 + 65 = 96 -> D −3H −4MP
    expect([g.hp[t1], g.hp[t2], g.hp[f]]).toEqual([5, 2, 5]);
  });

  it('27 R1 MP: 12 per type, −2 in Rain, −4 with a marker, never below 0', () => {
    const { g, add } = build({ rules: { mp_by_type: { sniper: 5 } } });
    const u = add(0, 'rifleman', 5, 5), s = add(0, 'sniper', 6, 5);
    expect(mpAvailable(g, u)).toBe(12);
    g.weather = WX_RAIN;
    expect(mpAvailable(g, u)).toBe(10);
    g.markerNow[u] = 1;
    g.markerNow[s] = 1;
    expect(mpAvailable(g, u)).toBe(6);
    expect(mpAvailable(g, s)).toBe(0); // 5 − 2 − 4 < 0
  });

  it('28 Immobilized (Health 1): no MP, no reveal, still fires', () => {
    const { g, add } = build();
    const u = add(0, 'rifleman', 5, 5), t = add(1, 'captain', 5, 7);
    g.hp[u] = 1;
    expect(immobile(g, u)).toBe(true);
    expect(mpAvailable(g, u)).toBe(0);
    const before = g.hex[u];
    activate(g, u);
    expect(g.hex[u]).toBe(before);
    expect(g.fired[u]).toBe(1);
    expect(t).toBeGreaterThan(0);
  });

  it('29 R13 a −4MP result marks the defender for its next turn only; markers do not stack', () => {
    const { g, add } = build({ policies: ['farm', 'farm'] });
    const a = add(1, 'rifleman', 5, 6), d = add(0, 'captain', 5, 5);
    resolveAttack(g, a, d, 4); // 35 − 4 + 13 = 44 -> D −1H −4MP
    expect(g.hp[d]).toBe(4);
    expect(g.markerNext[d]).toBe(1);
    resolveAttack(g, a, d, 4);
    expect(g.markerNext[d]).toBe(1); // R13: no stacking
    playTurn(g, 1); // the enemy's turn does not use it up
    expect(g.markerNext[d]).toBe(1);
    g.markerNow[d] = g.markerNext[d];
    g.hp[d] = 5; g.alive[d] = 1; // the German turn may have shot him again
    expect(mpAvailable(g, d)).toBe(8);
    g.markerNow[d] = 0;
    playTurn(g, 0);
    expect(g.markerNext[d]).toBe(0);
    expect(g.markerNow[d]).toBe(0);
  });

  it('30 Rain −2 MP for the round', () => {
    const { g, add } = build({ rules: { rain_mp_penalty: 3 } });
    const u = add(0, 'medic', 1, 1);
    g.weather = WX_RAIN;
    expect(mpAvailable(g, u)).toBe(9);
  });

  it('31 59 R10 enemy units may not enter or cross the MG frontal hexes; friends may', () => {
    const { g, add, at } = build();
    const mg = add(1, 'machine-gunner', 5, 5);
    g.facing[mg] = 0; // vertex 0: the N and NE neighbours
    const foe = add(0, 'rifleman', 5, 2), friend = add(1, 'rifleman', 5, 2);
    const nb = g.board.grid.nb;
    const n0 = nb[at(5, 5) * 6 + 0], n1 = nb[at(5, 5) * 6 + 1];
    preparePath(g, foe);
    g.board.path.reach(g.hex[foe], 12);
    expect(g.board.path.cost[n0]).toBe(UNREACHED);
    expect(g.board.path.cost[n1]).toBe(UNREACHED);
    expect(g.board.path.cost[at(5, 5)]).toBe(12); // round the front: 4 steps of 3
    preparePath(g, friend);
    g.board.path.reach(g.hex[friend], 12);
    expect(g.board.path.cost[n0]).toBe(6);
  });

  it('35 the Grenade Thrower ignores LOS; others need it beyond 1 hex', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'F');
    const { g, add, at } = build({ board: spec });
    const gr = add(0, 'grenade-thrower', 5, 3), ri = add(0, 'rifleman', 5, 3);
    expect(canShoot(g, gr, at(5, 3), at(5, 5))).toBe(true);
    expect(canShoot(g, ri, at(5, 3), at(5, 5))).toBe(false);
    expect(canShoot(g, ri, at(5, 3), at(5, 4))).toBe(true); // adjacent always (item 37)
  });

  it('41 one target per attack; the lowest-hp rule picks among a hex’s units (ties by priority)', () => {
    const { g, add } = build({ policies: ['bot', 'bot'] });
    const a = add(0, 'rifleman', 5, 3);
    const eng = add(1, 'engineer', 5, 4), cap = add(1, 'captain', 5, 4), med = add(1, 'medic', 5, 4);
    g.hp[eng] = 3; g.hp[cap] = 3; g.hp[med] = 3;
    // pickTarget reads the foe list that activate() builds; list the three here.
    const listed = [eng, cap, med];
    g.foeCount = 3;
    listed.forEach((u, i) => { g.foes[i] = u; g.foeHex[i] = g.hex[u]; });
    expect(pickTarget(g, a, g.hex[a])).toBe(cap); // Captain before Medic before Engineer
    g.hp[eng] = 2;
    expect(pickTarget(g, a, g.hex[a])).toBe(eng); // lowest HP first
  });

  it('53 health 5..1, 0 = killed and removed; kills score 3 VP', () => {
    const { g, add } = build();
    const a = add(0, 'sniper', 5, 3), d = add(1, 'rifleman', 5, 4);
    damage(g, d, 3, a, 0, 3);
    expect([g.hp[d], g.alive[d], g.vp[0]]).toEqual([2, 1, 3]);
    damage(g, d, 3, a, 0, 3); // only 2 health left to lose
    expect([g.hp[d], g.alive[d], g.vp[0], g.casRound[12]]).toEqual([0, 0, 2 + 3 + 3, 1]);
    const kills = g.scn.plan.layout.block('typeKills');
    expect(g.tally.acc[kills.offset + g.type[a]]).toBe(1); // side 0's Sniper is credited
  });

  it('54 R6 an explored (Local) unit: 3 health, Rifle, range 3, immobile only if local_immobile_at_1', () => {
    const { g, add } = build();
    const l = add(0, 'local', 5, 5);
    expect([g.maxHp[l], TYPE_WEAPON[g.type[l]], g.rangeNow[l]]).toEqual([3, W_RIFLE, 3]);
    g.hp[l] = 1;
    expect(immobile(g, l)).toBe(false);
    const b = build({ rules: { local_immobile_at_1: true } });
    const l2 = b.add(0, 'local', 5, 5);
    b.g.hp[l2] = 1;
    expect(immobile(b.g, l2)).toBe(true);
  });

  it('55 63 R2 the seven types, their weapon rows and ranges (Gun 2, Rifle 3, MG 3, Grenade 2, Sniper 4)', () => {
    expect(UNIT_IDS).toEqual(['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer', 'sniper', 'medic']);
    expect(Array.from(TYPE_WEAPON.slice(0, 7))).toEqual([W_GUN, W_RIFLE, W_MG, W_GRENADE, W_GUN, W_SNIPER, W_GUN]);
    const { g, add } = build();
    const r = UNIT_IDS.map((t, i) => g.rangeNow[add(0, t, i, 5)]);
    expect(r).toEqual([2, 3, 3, 2, 2, 4, 2]);
  });

  it('R14 Fog takes 1 off every range, at least 1', () => {
    const { g, add } = build({ rules: { range_by_type: { medic: 1 } } });
    const s = add(0, 'sniper', 1, 1), m = add(0, 'medic', 2, 1);
    g.weather = WX_FOG;
    refreshRanges(g);
    expect([g.rangeNow[s], g.rangeNow[m]]).toEqual([3, 1]);
  });

  it('56 R16 the Captain rallies Shaken (4) units on his and adjacent hexes to 5 at turn start', () => {
    const { g, add } = build();
    const c = add(0, 'captain', 5, 5);
    const near = add(0, 'rifleman', 5, 6), far = add(0, 'medic', 5, 8), hurt = add(0, 'sniper', 5, 4), foe = add(1, 'rifleman', 5, 5);
    g.hp[c] = 4; g.hp[near] = 4; g.hp[far] = 4; g.hp[hurt] = 3; g.hp[foe] = 4;
    captainRally(g, 0);
    expect([g.hp[c], g.hp[near], g.hp[far], g.hp[hurt], g.hp[foe]]).toEqual([5, 5, 4, 3, 4]);
  });

  it('56 R16 captain_rally_phase "activation": the rally comes with the Captain\'s own activation, before he moves', () => {
    for (const phase of ['turn_start', 'activation'] as const) {
      const { g, add } = build({ rules: { captain_rally_phase: phase } });
      const c = add(0, 'captain', 5, 5), near = add(0, 'rifleman', 5, 6);
      add(1, 'rifleman', 5, 9);
      g.hp[near] = 4;
      activate(g, c);
      expect(g.hp[near]).toBe(phase === 'activation' ? 5 : 4);
    }
  });

  it('57 R17 hexes the Engineer entered cost friends at most 3 this round; he pays full; Road stays 2', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'F');
    setTerrain(spec, 5, 3, 'H');
    const { g, add, at } = build({ board: spec });
    const e = add(0, 'engineer', 5, 5), f = add(0, 'medic', 5, 5), foe = add(1, 'medic', 5, 5);
    preparePath(g, e);
    g.board.path.reach(g.hex[e], 12);
    expect(g.board.path.cost[at(5, 3)]).toBe(9); // Forest 4 + Hills 5
    const len = g.board.path.pathTo(at(5, 3), g.path);
    walk(g, e, len);
    preparePath(g, f);
    g.board.path.reach(g.hex[f], 12);
    expect(g.board.path.cost[at(5, 3)]).toBe(6);
    preparePath(g, foe);
    g.board.path.reach(g.hex[foe], 12);
    expect(g.board.path.cost[at(5, 3)]).toBe(9);
    forgetClearedPaths(g); // end of round
    preparePath(g, f);
    g.board.path.reach(g.hex[f], 12);
    expect(g.board.path.cost[at(5, 3)]).toBe(9);
  });

  it('58 R12 grenade: target FA, same hex FA − 13, adjacent FA − 20, friends too, one die; no VP for friends', () => {
    const { g, add } = build();
    const gr = add(1, 'grenade-thrower', 5, 7);
    const t = add(0, 'rifleman', 5, 5), same = add(0, 'medic', 5, 5), adjFoe = add(0, 'sniper', 5, 4), adjFriend = add(1, 'rifleman', 5, 6), far = add(0, 'captain', 5, 3);
    // Grenade at Clear, 2 hexes: 35 + 5 − 10 = 30; face 5 (+26) = 56 -> D −2H; 43 -> D −1H −4MP; 36 -> D −1H.
    resolveAttack(g, gr, t, 5);
    expect([g.hp[t], g.hp[same], g.hp[adjFoe], g.hp[adjFriend], g.hp[far]]).toEqual([3, 4, 4, 4, 5]);
    expect(g.markerNext[same]).toBe(1);
    expect(g.vp[1]).toBe(4); // 2 + 1 + 1 on enemies, none for the friend
    // Face 1: 4 -> A −1H for the thrower; splash results "A" are no effect (R12).
    resolveAttack(g, gr, t, 1);
    expect([g.hp[gr], g.hp[t], g.hp[same], g.hp[adjFriend]]).toEqual([4, 3, 4, 4]);
  });

  it('60 R15 the Medic heals 2 on his or an adjacent hex, once per round, capped at 5 (Local 3), himself too', () => {
    const { g, add } = build();
    const m = add(0, 'medic', 5, 5), u = add(0, 'rifleman', 5, 6), l = add(0, 'local', 5, 4);
    g.hp[u] = 2; g.hp[l] = 2; g.hp[m] = 4;
    expect(medicPatient(g, m)).toBe(u);
    heal(g, m, u);
    expect(g.hp[u]).toBe(4);
    expect(medicPatient(g, m)).toBe(-1); // once per round
    g.round = 1;
    heal(g, m, l);
    expect(g.hp[l]).toBe(3);
    g.round = 2;
    expect(medicPatient(g, m)).toBe(m); // 1 missing each for himself and u: the first found
    heal(g, m, m);
    expect(g.hp[m]).toBe(5);
  });

  it('60 R15 medic_reactive: a Medic unused this round heals during the enemy turn; off by default', () => {
    for (const reactive of [false, true]) {
      const { g, add } = build({ rules: { medic_reactive: reactive } });
      const m = add(0, 'medic', 5, 0), u = add(0, 'rifleman', 5, 1), w = add(0, 'captain', 6, 0);
      add(1, 'medic', 0, 9);
      const u1 = add(1, 'rifleman', 1, 9);
      const e = add(1, 'sniper', 11, 9);
      g.hp[e] = 1; // immobilised, out of range: its activation changes nothing
      g.hp[u] = 3; g.hp[w] = 4; // 2 down (healed mid-turn), 1 down (only when the round closes)
      g.hp[u1] = 4; // side 1's Medic waits for his own turn
      playTurn(g, 1); // side 1 plays second: its turn closes the round
      expect(g.hp[u]).toBe(reactive ? 5 : 3);
      expect(g.hp[w]).toBe(4); // one heal per round, spent on u
      expect(g.medicRound[m]).toBe(reactive ? 0 : -1);
    }
    const { g, add } = build({ rules: { medic_reactive: true } });
    const m1 = add(1, 'medic', 0, 9), u1 = add(1, 'rifleman', 1, 9);
    g.hp[u1] = 4;
    medicsReact(g, 1, false); // mid-turn, or at the end of a turn that does not close the round
    expect([g.hp[u1], g.medicRound[m1]]).toEqual([4, -1]);
    medicsReact(g, 1, true); // the round closes: use the heal or lose it
    expect([g.hp[u1], g.medicRound[m1]]).toEqual([5, 0]);
  });

  it('61 the Rifleman pays at most 4 MP per hex (Hills 4)', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'H');
    const { g, add, at } = build({ board: spec });
    const r = add(0, 'rifleman', 5, 5), c = add(0, 'captain', 5, 5);
    preparePath(g, r);
    g.board.path.reach(g.hex[r], 12);
    expect(g.board.path.cost[at(5, 4)]).toBe(4);
    preparePath(g, c);
    g.board.path.reach(g.hex[c], 12);
    expect(g.board.path.cost[at(5, 4)]).toBe(5);
  });

  it('62 R10 Sniper area: 14 hexes in front of the facing vertex, depth 4', () => {
    const { g, at } = build();
    let n = 0;
    for (let h = 0; h < g.board.size; h++) if (inSniperArea(g, at(5, 5), 0, h, 4)) n++;
    expect(n).toBe(14);
    expect(inSniperArea(g, at(5, 9), 5, at(5, 5), 4)).toBe(true); // straight north, 4 away
    expect(inSniperArea(g, at(5, 9), 5, at(5, 4), 4)).toBe(false); // 5 away
  });

  it('62 R10 opportunity attack: on entering the area in LOS, D8 1–4 (exact 1/2 vs Monte Carlo), once per enemy turn', () => {
    const { g, add, at } = build();
    const s = add(1, 'sniper', 5, 9);
    g.facing[s] = 5; // N and NW
    const m = add(0, 'rifleman', 5, 4);
    const N = 4000;
    let fired = 0;
    for (let i = 0; i < N; i++) {
      g.hex[m] = at(5, 4); g.hp[m] = 5; g.alive[m] = 1; g.oppUsed[s] = 0;
      g.hp[s] = 5; g.alive[s] = 1; // a backfire (A −1H) would wear the Sniper down
      g.path[0] = at(5, 5); g.path[1] = at(5, 6);
      const before = g.count.actions.get(1, AC_OPP);
      walk(g, m, 2);
      expect(g.oppUsed[s]).toBe(1); // entering at (5,5) used the one try, hit or miss
      fired += g.count.actions.get(1, AC_OPP) - before;
    }
    expect(Math.abs(fired / N - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / N));
    // Already inside at the start: moving within the area is not entering.
    g.oppUsed[s] = 0; g.hex[m] = at(5, 6); g.hp[m] = 5;
    g.path[0] = at(5, 7);
    walk(g, m, 1);
    expect(g.oppUsed[s]).toBe(0);
  });

  it('R11 "A −1H": the attacker loses 1 Health and the defender’s side scores 1 VP', () => {
    const { g, add } = build();
    const a = add(0, 'rifleman', 5, 5), d = add(1, 'captain', 5, 6);
    const backfire0 = g.count.vpSource.get(1, VS_BACKFIRE);
    resolveAttack(g, a, d, 1); // 31 − 26 = 5
    expect([g.hp[a], g.hp[d], g.vp[0], g.vp[1], g.count.vpSource.get(1, VS_BACKFIRE) - backfire0]).toEqual([4, 5, 0, 1, 1]);
  });

  it('R23 units never block movement or LOS', () => {
    const { g, add, at } = build();
    const u = add(0, 'medic', 5, 6);
    add(1, 'rifleman', 5, 5); add(1, 'captain', 5, 5);
    preparePath(g, u);
    g.board.path.reach(g.hex[u], 12);
    expect(g.board.path.cost[at(5, 4)]).toBe(6);
    expect(g.los(at(5, 6), at(5, 3))).toBe(true);
  });

  it('18 R6 a hostile Explore unit attacks the explorer at once and ends his move; a friendly one joins the turn', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'B');
    setTerrain(spec, 7, 4, 'B');
    const { g, add, at } = build({ board: spec });
    const u = add(0, 'rifleman', 5, 5);
    // Stack the deck: a German unit, then a US one.
    g.deck.stack([2, 1]);
    g.orderLen = 0;
    const spawns0 = g.count.actions.get(1, AC_SPAWN);
    const stop = explore(g, u, at(5, 4), at(5, 5));
    expect(stop).toBe(true);
    const l = g.n - 1;
    expect([g.side[l], g.type[l], g.hex[l], g.hp[l]]).toEqual([1, 7, at(5, 4), 3]);
    expect(g.hp[u] < 5 || g.hp[l] < 3 || g.vp[1] === 0).toBe(true);
    expect(g.count.actions.get(1, AC_SPAWN) - spawns0).toBe(1);
    const u2 = add(0, 'medic', 7, 5);
    expect(explore(g, u2, at(7, 4), at(7, 5))).toBe(false);
    expect(g.side[g.n - 1]).toBe(0);
    expect(g.order[0]).toBe(g.n - 1); // plays this turn
  });
});
