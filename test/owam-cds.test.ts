/** Command Decisions, their windows and the stack; Combat Operations (items 39, 53–79, R7, R16–R18, R22). */
import { describe, expect, it } from 'vitest';
import { CD, SO_ATTACK, SO_MANEUVER, BLUE, RED } from '../engine/rulesets/owam/data/cards.ts';
import { T_BUILDING, T_FIELD } from '../engine/rulesets/owam/data/terrain.ts';
import { maneuver } from '../engine/rulesets/owam/rules/actions.ts';
import { additiveMods, attack, canAttack, ddFlips } from '../engine/rulesets/owam/rules/attack.ts';
import { findCd } from '../engine/rulesets/owam/rules/ccs.ts';
import { flipW3 } from '../engine/rulesets/owam/rules/checks.ts';
import { actOfValor, artillery, attention, coveringFire, doubleTime, drift, fieldDressing, fieldRepairs, grenade, intelligence, lastStand, luckyShot, marchingOrder, onTheRun, regroup, reinforcements, smoke, combatOperation } from '../engine/rulesets/owam/rules/cds.ts';
import { sequenceTotal, suppress, windowW4 } from '../engine/rulesets/owam/rules/fire.ts';
import { explode, smokeAndShells, satchels } from '../engine/rulesets/owam/rules/missions.ts';
import { los } from '../engine/rulesets/owam/rules/map.ts';
import { survives } from '../engine/rulesets/owam/rules/stack.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { SUPPRESSED, WOUNDED, type OwamGame } from '../engine/rulesets/owam/rules/state.ts';
import { card, cell, find, hand, makeGame, passiveDecisions, put, stack, withDecisions, handN } from './owam-harness.ts';

const OPEN = ['....', '....', '....', '....'];
const cdCard = (g: OwamGame, cd: number, skip: number[] = [], colour = -1) => find(g, (c) => g.cat.cd[c] === cd && (colour < 0 || g.cat.cdColour[c] === colour), skip);
const filler = (n: number) => Array.from({ length: n }, () => card(1, 1, 1));
function setup(o: Parameters<typeof makeGame>[0] = {}) {
  const g = makeGame({ layout: OPEN, ...o });
  withDecisions(g, passiveDecisions(scriptedDecisions));
  put(g, 0, 0, 0); put(g, 1, 3, 0); put(g, 4, 0, 2); put(g, 5, 3, 3);
  return g;
}

describe('owam command decisions', () => {
  it('64 75 R7 F.U.B.A.R. cancels the card under it; a F.U.B.A.R. on the F.U.B.A.R. lets it through (top-down stack)', () => {
    const g = setup();
    const atk = find(g, (c) => g.cat.so[c] === SO_ATTACK);
    const f1 = cdCard(g, CD.fubar), f2 = cdCard(g, CD.fubar, [f1]);
    let answers = 0;
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), respondToCard: (gg, side) => (answers++ < 2 ? findCd(gg, side, CD.fubar) : -1) });
    hand(g, 1, [f1]); hand(g, 0, [f2]);
    expect(survives(g, 0, atk)).toBe(true); // side 1 F.U.B.A.R.s it, side 0 F.U.B.A.R.s that
    expect([handN(g, 0), handN(g, 1)]).toEqual([0, 0]);
    hand(g, 1, [f1]); hand(g, 0, []); answers = 0;
    expect(survives(g, 0, atk)).toBe(false);
    // An Attack card F.U.B.A.R.ed: no flips at all.
    hand(g, 0, [atk]); hand(g, 1, [f1]); answers = 0;
    const drawn = g.deck.drawn;
    attack(g, 0, 4, 0);
    expect(g.deck.drawn).toBe(drawn);
  });

  it('64 34 an Attack cancelled by F.U.B.A.R. did not happen: the FT may still attack that target this turn', () => {
    const g = setup();
    const atk = find(g, (c) => g.cat.so[c] === SO_ATTACK);
    hand(g, 0, [atk]); hand(g, 1, [cdCard(g, CD.fubar)]);
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), respondToCard: (gg, side) => findCd(gg, side, CD.fubar) });
    expect(canAttack(g, 0, 4)).toBe(true);
    attack(g, 0, 4, 0);
    expect(handN(g, 1)).toBe(0); // the F.U.B.A.R. went in
    expect(g.attackedNow[4]).toBe(0);
    expect(canAttack(g, 0, 4)).toBe(true);
  });

  it('11 12 at Private level no Command Decision can be played', () => {
    const g = setup({ rules: { level: 'private' } });
    hand(g, 0, [cdCard(g, CD.fubar)]);
    expect(findCd(g, 0, CD.fubar)).toBe(-1);
    const h = setup();
    hand(h, 0, [cdCard(h, CD.fubar)]);
    expect(findCd(h, 0, CD.fubar)).toBe(0);
  });

  it('61 R7 W4 Evade cuts the total by one flip of its colour; F.U.B.A.R. on the Discipline card adds it back', () => {
    const g = setup();
    const ev = cdCard(g, CD.evade, [], BLUE);
    hand(g, 1, [ev]);
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), evade: (gg, side) => findCd(gg, side, CD.evade) });
    stack(g, [card(1, 1, 5)]);
    expect(windowW4(g, 0, g.member(4, 0), 12)).toBe(7);
    const h = setup();
    hand(h, 0, [cdCard(h, CD.fubar)]);
    withDecisions(h, { ...passiveDecisions(scriptedDecisions), fubarDiscipline: (gg, side) => findCd(gg, side, CD.fubar) });
    stack(h, [card(1, 3, 4), card(1, 3, 4), card(3, 1, 1)]);
    const t = sequenceTotal(h, 2, 2, 0, 1, false); // B4 + G3 − R3
    expect(windowW4(h, 0, h.member(4, 0), t)).toBe(7);
  });

  it('57 R7 W3 Chain of Command cancels the last CCS value outside a Firing Sequence and re-flips the same colour', () => {
    const g = setup();
    hand(g, 1, [cdCard(g, CD.chain_of_command)]);
    g.active = 0;
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), chainOfCommand: (gg, side, _c, v, good) => (side !== good && v >= 3 ? findCd(gg, side, CD.chain_of_command) : -1) });
    stack(g, [card(4, 1, 1), card(1, 1, 1)]);
    expect(flipW3(g, RED, 0)).toBe(1);
    expect(handN(g, 1)).toBe(0);
  });

  it('59 60 Covering Fire gives attackers Double Discipline until the move ends; Double Time completes it at once', () => {
    const g = setup();
    const m = find(g, (c) => g.cat.so[c] === SO_MANEUVER);
    hand(g, 0, [m, cdCard(g, CD.covering_fire), cdCard(g, CD.double_time)]);
    maneuver(g, 0, cell(g, 1, 0), 0);
    coveringFire(g, 0, findCd(g, 0, CD.covering_fire), 0);
    expect(g.fCover[0]).toBe(1);
    expect(ddFlips(g, 4, g.member(4, 2), 0, 2)).toBe(2);
    doubleTime(g, 0, findCd(g, 0, CD.double_time), 0);
    expect(g.fCell[0]).toBe(cell(g, 1, 0));
    expect(g.fCover[0]).toBe(0);
    expect(g.reconBlocked[cell(g, 1, 0)]).toBe(g.round);
  });

  it('56 73 69 R22 Attention rallies an FT and moves it to the front of the queue; Regroup swaps slots; Marching Order reshuffles', () => {
    const g = setup();
    g.trackLen = 4; g.track.set([0, 4, 1, 5]);
    g.fActed[0] = 1;
    suppress(g, g.member(5, 0));
    hand(g, 1, [cdCard(g, CD.attention), cdCard(g, CD.regroup), cdCard(g, CD.marching_order)]);
    attention(g, 1, findCd(g, 1, CD.attention), 5);
    expect(Array.from(g.track.subarray(0, 4))).toEqual([0, 5, 4, 1]); // first among those yet to act
    expect(g.cond[g.member(5, 0)]).toBe(0);
    regroup(g, 1, findCd(g, 1, CD.regroup), 4, 0);
    expect(Array.from(g.track.subarray(0, 4))).toEqual([4, 5, 0, 1]);
    expect(g.fActed[0]).toBe(1); // an FT that has acted keeps its status
    marchingOrder(g, 1, findCd(g, 1, CD.marching_order));
    expect(Array.from(g.track.subarray(0, 4)).sort()).toEqual([0, 1, 4, 5]);
  });

  it('56 R22 Attention on an FT that has acted puts it at the top of the track (it leads the next round) without a second turn', () => {
    const g = setup();
    g.trackLen = 4; g.track.set([0, 4, 1, 5]);
    g.fActed[0] = 1; g.fActed[4] = 1; g.fActed[1] = 1;
    hand(g, 0, [cdCard(g, CD.attention)]);
    attention(g, 0, 0, 1);
    expect(Array.from(g.track.subarray(0, 4))).toEqual([1, 0, 4, 5]);
    expect(g.fActed[1]).toBe(1);
  });

  it('65 R18 a Grenade thrown back keeps the original strength flips and adds the terrain attack of the defender who throws it back', () => {
    const thrownBack = (hillAt: [number, number]) => {
      const h = setup();
      put(h, 4, 1, 1);
      h.terrain[cell(h, hillAt[0], hillAt[1])] = 1; // Hill +3
      hand(h, 0, [cdCard(h, CD.grenade, [], RED)]);
      hand(h, 1, [cdCard(h, CD.grenade, [h.hand[0]])]);
      withDecisions(h, { ...passiveDecisions(scriptedDecisions), throwBack: (gg, side) => findCd(gg, side, CD.grenade) });
      stack(h, [card(4, 1, 1), card(4, 1, 1), card(1, 1, 1), card(1, 1, 1)]);
      grenade(h, 0, 0, 0, 4);
      return h.cond[h.member(0, 0)]; // the first thrower's Captain: Resolve 9, Vitality 12
    };
    expect(thrownBack([1, 1])).toBe(SUPPRESSED); // R4 + R4 + 3 from the defender's Hill = 11
    expect(thrownBack([0, 0])).toBe(0); // the first thrower's Hill does not count: 8 < 9
  });

  it('65 R18 Grenade: two flips of its colour plus the thrower\'s terrain attack, hits by size flips; a held Grenade throws it back', () => {
    const g = setup();
    put(g, 4, 1, 1);
    g.terrain[cell(g, 0, 0)] = 1; // Hill +3
    hand(g, 0, [cdCard(g, CD.grenade, [], RED)]);
    // strength = R4 + R4 + 3 = 11 ≥ Vitality 11–12? Captain/Sgt 12, Cpl 11: hits = R1 → 1 victim = #1 (R1).
    stack(g, [card(4, 1, 1), card(4, 1, 1), card(1, 1, 1), card(1, 1, 1)]);
    grenade(g, 0, 0, 0, 4);
    expect(g.cond[g.member(4, 0)]).toBe(SUPPRESSED); // Captain: Resolve 9 ≤ 11 < 12
    const h = setup();
    put(h, 4, 1, 1);
    hand(h, 0, [cdCard(h, CD.grenade, [], RED)]);
    const back = cdCard(h, CD.grenade, [h.hand[0]]);
    hand(h, 1, [back]);
    withDecisions(h, { ...passiveDecisions(scriptedDecisions), throwBack: (gg, side) => findCd(gg, side, CD.grenade) });
    stack(h, [card(4, 1, 1), card(4, 1, 1), card(1, 1, 1), card(1, 1, 1)]);
    grenade(h, 0, 0, 0, 4);
    expect(h.cond[h.member(0, 0)]).toBe(0); // 8 < Resolve 9 of the thrower's Captain
    expect(handN(h, 1)).toBe(0);
  });

  it('55 62 63 66 67 68 71 Act of Valor, Field Dressing, Field Repairs, Intelligence, Last Stand, Lucky Shot, On the Run', () => {
    const g = setup();
    const s = g.member(0, 2);
    suppress(g, s);
    hand(g, 0, [cdCard(g, CD.act_of_valor)]);
    stack(g, [card(2, 1, 1), ...filler(20)]); // R2: two sequences
    const drawn = g.deck.drawn;
    actOfValor(g, 0, 0, s, 4);
    expect(g.cond[s]).toBe(0);
    expect(g.deck.drawn - drawn).toBe(1 + 2 * 4); // R flip, then 2 × (target, B, G, Discipline)
    g.cond[s] = WOUNDED; g.jammed[s] = 1;
    hand(g, 0, [cdCard(g, CD.field_dressing), cdCard(g, CD.field_repairs)]);
    fieldDressing(g, 0, findCd(g, 0, CD.field_dressing), s);
    fieldRepairs(g, 0, findCd(g, 0, CD.field_repairs), s);
    expect([g.cond[s], g.jammed[s]]).toEqual([0, 0]);
    hand(g, 1, [card(1, 1, 1), card(2, 2, 2)]);
    hand(g, 0, [cdCard(g, CD.intelligence)]);
    intelligence(g, 0, 0, 1);
    expect(handN(g, 1)).toBe(1);
    hand(g, 1, [cdCard(g, CD.last_stand)]);
    suppress(g, g.member(4, 1));
    lastStand(g, 1, 0, 4);
    expect(g.cond[g.member(4, 1)]).toBe(0);
    stack(g, [card(1, 3, 4), card(1, 3, 4), card(3, 1, 1), card(2, 1, 1)]);
    expect(sequenceTotal(g, 2, 2, 0, 1, g.fLastStand[4] === g.round)).toBe(4 + 3 - 3 - 2);
    hand(g, 0, [cdCard(g, CD.lucky_shot)]);
    stack(g, [card(3, 1, 1)]);
    luckyShot(g, 0, 0, 0, 4);
    expect(g.cond[g.member(4, 2)]).toBe(SUPPRESSED);
    const h = setup();
    hand(h, 0, [cdCard(h, CD.on_the_run)]);
    h.fManeuvers[0] = 1;
    const d0 = h.deck.drawn;
    onTheRun(h, 0, 0, 0, 4);
    expect(h.deck.drawn).toBe(d0); // needs 2 successful Maneuvers first
    h.fManeuvers[0] = 2;
    hand(h, 0, [cdCard(h, CD.on_the_run)]);
    stack(h, [card(1, 1, 1), ...filler(10)]);
    onTheRun(h, 0, 0, 0, 4);
    expect(h.deck.drawn).toBe(1 + 1 + 2 + 2); // stack() restarts the count // R = 1 attacker: target flip, 2 dice, Double Discipline
  });

  it('74 R16 Smoke: a yellow token blocks LOS and gives +2 defense; in Assessment it drifts with the wind, then turns red (+1)', () => {
    const g = setup();
    hand(g, 1, [cdCard(g, CD.smoke)]);
    g.fStealth[4] = 1;
    smoke(g, 1, 0, 4, cell(g, 0, 1));
    expect(los(g, cell(g, 0, 0), cell(g, 0, 2))).toBe(false);
    expect(g.fStealth[4]).toBe(0); // a hostile act ends Stealth (item 43)
    hand(g, 1, [cdCard(g, CD.smoke)]);
    smoke(g, 1, 0, 4, cell(g, 3, 0)); // not the FT's own or an adjacent card: no token
    expect(g.smoke[cell(g, 3, 0)]).toBe(0);
    g.smoke[cell(g, 0, 1)] = 0; g.smoke[cell(g, 0, 2)] = 2;
    expect(additiveMods(g, 0, 4)).toBe(-2);
    stack(g, [card(1, 6, 1)]); // wind green 6: no drift
    smokeAndShells(g);
    expect(g.smoke[cell(g, 0, 2)]).toBe(1);
    expect(additiveMods(g, 0, 4)).toBe(-1);
    stack(g, [card(1, 6, 1)]);
    smokeAndShells(g);
    expect(g.smoke[cell(g, 0, 2)]).toBe(0);
  });

  it('53 76 R17 Artillery: strength 1 → B, 2–3 → G, 4–6 → R; wind 1–4 drifts N/E/S/W, 5–8 on target; two flips per victim; entrenchment destroyed', () => {
    const g = setup();
    expect(drift(g, cell(g, 1, 1), 1)).toBe(cell(g, 1, 0));
    expect(drift(g, cell(g, 1, 1), 2)).toBe(cell(g, 2, 1));
    expect(drift(g, cell(g, 1, 1), 3)).toBe(cell(g, 1, 2));
    expect(drift(g, cell(g, 1, 1), 4)).toBe(cell(g, 0, 1));
    expect(drift(g, cell(g, 0, 0), 1)).toBe(-1);
    g.entrench[cell(g, 0, 2)] = 1;
    g.artyLoaded = 1;
    // Strength G1 → blue; wind (green) 6: on target; FT of 4: R2 victims; #1, #2; each B8 + B8.
    stack(g, [card(1, 1, 1), card(1, 6, 1), card(2, 1, 1), card(1, 1, 1), card(1, 1, 2), card(2, 1, 1), card(1, 1, 8), card(1, 1, 8), card(1, 1, 8), card(1, 1, 8)]);
    artillery(g, cell(g, 0, 2));
    expect(g.artyLoaded).toBe(0);
    expect(g.entrench[cell(g, 0, 2)]).toBe(0);
    expect(g.fSize[4]).toBe(2);
  });

  it('76 R17 61 Evade applies to Artillery: each victim\'s two flips (after Last Stand) are offered to Evade, and the Evade flip comes off', () => {
    const g = setup();
    g.artyLoaded = 1;
    hand(g, 1, [cdCard(g, CD.evade, [], BLUE)]);
    const offered: number[][] = [];
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), evade: (gg, side, target, total) => { offered.push([side, target, total]); return findCd(gg, side, CD.evade); } });
    // Strength G1 → blue; wind G6 on target; R1 victim; #1; B3 + B3 = 6; Evade blue 5 → 1.
    stack(g, [card(1, 1, 1), card(1, 6, 1), card(1, 1, 1), card(1, 1, 1), card(1, 1, 3), card(1, 1, 3), card(1, 1, 5)]);
    const victim = g.member(4, 0);
    artillery(g, cell(g, 0, 2));
    expect(offered).toEqual([[1, victim, 6]]);
    expect(handN(g, 1)).toBe(0);
    expect([g.alive[victim], g.cond[victim]]).toEqual([1, 0]); // 6 − 5 = 1: no effect
  });

  it('58 77 78 79 Combat Operations: Satchel Charge explodes at the next top of round; Star Shell; Reinforcements draw up to 7', () => {
    const g = setup();
    g.terrain[cell(g, 0, 2)] = T_BUILDING;
    const op = cdCard(g, CD.combat_operation);
    hand(g, 0, [op]);
    (g.scn as { combatOp: number }).combatOp = 3;
    put(g, 0, 0, 1); // item 78: the FT's own or an adjacent terrain
    combatOperation(g, 0, 0, 0, cell(g, 0, 2));
    expect(g.satchel[cell(g, 0, 2)]).toBe(1);
    suppress(g, g.member(4, 0));
    g.cond[g.member(4, 1)] = WOUNDED;
    satchels(g);
    expect(g.fSize[4]).toBe(3); // the wounded one died
    for (let k = 0; k < 3; k++) expect(g.cond[g.member(4, k)]).toBe(WOUNDED);
    expect(g.terrain[cell(g, 0, 2)]).toBe(T_FIELD);
    explode(g, cell(g, 3, 3), -1);
    (g.scn as { combatOp: number }).combatOp = 2;
    hand(g, 0, [op]);
    combatOperation(g, 0, 0, 0, cell(g, 3, 3)); // Star Shell: any terrain, no LOS
    expect(g.star[cell(g, 3, 3)]).toBe(2);
    (g.scn as { combatOp: number }).combatOp = 4;
    hand(g, 0, [op]);
    reinforcements(g, 0);
    expect(handN(g, 0)).toBe(7);
  });
});
