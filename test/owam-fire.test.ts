/** The Firing Sequence and the Attack order (items 34–39, 47–52, R9–R11). */
import { describe, expect, it } from 'vitest';
import { ICON_JAM, ICON_WOUND, SO_ATTACK, RED, GREEN, BLUE } from '../engine/rulesets/owam/data/cards.ts';
import { T_HILL, T_ROAD, T_WOODS } from '../engine/rulesets/owam/data/terrain.ts';
import { additiveMods, attack, ddFlips, pickTarget, targetColour, canAttack, firersFor } from '../engine/rulesets/owam/rules/attack.ts';
import { disciplineCheck } from '../engine/rulesets/owam/rules/checks.ts';
import { inCommand, leaderless, removeSoldier } from '../engine/rulesets/owam/rules/forces.ts';
import { fs, resultOf, R_KILL, R_NONE, R_ROUT, R_SUPPRESS, R_WOUND, sequenceTotal, applyTotal, suppress } from '../engine/rulesets/owam/rules/fire.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { OK, SUPPRESSED, WOUNDED } from '../engine/rulesets/owam/rules/state.ts';
import { card, cell, find, hand, makeGame, passiveDecisions, put, stack, withDecisions, handN } from './owam-harness.ts';

/** Soldier indices: side 0 FT 0 = soldiers 0–3 (#1 Captain SMG, #2 Sgt SMG, #3 Sgt bolt rifle, #4 Cpl MG). */
const SGT_RIFLE = 2;

describe('owam firing sequence', () => {
  it('36 the rulebook example: Evans at range 3 flips G + B, minus his red Discipline, +3 from a Hill, −1 at a Road', () => {
    // A Sergeant with a bolt rifle (range 3 = B G on the R3 grid, Discipline red) stands in for PFC Evans.
    const g = makeGame({ layout: ['H...', '....', '....', 'R...'] });
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    stack(g, [card(1, 2, 6), card(1, 5, 1), card(3, 1, 1)]); // B = 6, G = 5, R = 3
    const mod = additiveMods(g, 0, 4);
    expect(mod).toBe(3 - 1);
    expect(sequenceTotal(g, SGT_RIFLE, 3, mod, 1, false)).toBe(6 + 5 - 3 + 3 - 1);
  });

  it('38 R10 results: kill at Vitality, suppress at Resolve, rout a suppressed soldier, wound on a Wound icon', () => {
    // A Private: Resolve 6, Vitality 10.
    expect(resultOf(10, 6, 10, OK, false, true)).toBe(R_KILL);
    expect(resultOf(9, 6, 10, OK, false, true)).toBe(R_SUPPRESS);
    expect(resultOf(5, 6, 10, OK, false, true)).toBe(R_NONE);
    expect(resultOf(6, 6, 10, SUPPRESSED, false, true)).toBe(R_ROUT);
    expect(resultOf(6, 6, 10, SUPPRESSED, true, true)).toBe(R_ROUT); // rout before wound
    expect(resultOf(6, 6, 10, OK, true, true)).toBe(R_WOUND);
    expect(resultOf(3, 6, 10, OK, true, true)).toBe(R_NONE); // wound_requires_resolve
    expect(resultOf(3, 6, 10, OK, true, false)).toBe(R_WOUND); // the icon reading (l. 1138 vs the glossary)
    expect(resultOf(0, 6, 10, OK, true, false)).toBe(R_NONE); // a wound needs a positive total
    expect(resultOf(9, 6, 10, WOUNDED, false, true)).toBe(R_NONE); // a wounded soldier only dies
    expect(resultOf(10, 6, 10, WOUNDED, false, true)).toBe(R_KILL);
  });

  it('49 a Jam icon stops the lethality flips: that card does not count, Discipline still applies, the weapon is jammed', () => {
    const g = makeGame({ rules: { icon_counts: { jam: 12, wound: 24, random_effect: 12 } } });
    const jam = find(g, (c) => g.cat.icon[c] === ICON_JAM);
    const plain = find(g, (c) => g.cat.icon[c] === 0);
    stack(g, [plain, jam, card(2, 1, 1)]);
    // Bolt rifle at range 2: B G. First card counts (blue), the jam card stops; Discipline red 2.
    const total = sequenceTotal(g, SGT_RIFLE, 2, 0, 1, false);
    expect(fs.jam).toBe(1);
    expect(total).toBe(g.cat.value[plain * 3 + BLUE] - 2);
    expect(g.deck.drawn - 0).toBeGreaterThan(0);
  });

  it('10 39 a Wound icon counts only during Lethality at Range', () => {
    const g = makeGame({ rules: { icon_counts: { jam: 12, wound: 24, random_effect: 12 } } });
    const w = find(g, (c) => g.cat.icon[c] === ICON_WOUND);
    const plain = find(g, (c) => g.cat.icon[c] === 0);
    const plain2 = find(g, (c) => g.cat.icon[c] === 0, [plain]);
    stack(g, [plain, plain2, w]); // the wound card is the Discipline flip
    sequenceTotal(g, SGT_RIFLE, 2, 0, 1, false);
    expect(fs.woundIcon).toBe(0);
    stack(g, [w, plain, plain2]);
    sequenceTotal(g, SGT_RIFLE, 2, 0, 1, false);
    expect(fs.woundIcon).toBe(1);
  });

  it('37 R9 Double Discipline subtracts two flips; sources do not stack unless dd_stacks', () => {
    const g = makeGame();
    stack(g, [card(1, 3, 4), card(1, 3, 4), card(2, 1, 1), card(3, 1, 1)]);
    expect(sequenceTotal(g, SGT_RIFLE, 2, 0, 2, false)).toBe(4 + 3 - 2 - 3);
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    g.fDest[0] = cell(g, 1, 0); // firing FT on the move
    g.cond[SGT_RIFLE] = SUPPRESSED; // firer suppressed
    expect(ddFlips(g, 0, SGT_RIFLE, 4, 3)).toBe(2);
    const h = makeGame({ rules: { dd_stacks: true }, layout: ['....', '....', '....', '....'] });
    put(h, 0, 0, 0); put(h, 4, 0, 3);
    h.fDest[0] = cell(h, 1, 0); h.cond[SGT_RIFLE] = SUPPRESSED; h.fCover[4] = 1;
    expect(ddFlips(h, 0, SGT_RIFLE, 4, 3)).toBe(4);
  });

  it('37 every modifier: moving target +2, entrenchment ±1, stealth +2, flanking +1, Covering Fire and range limits DD, Last Stand −R', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    put(g, 0, 1, 0); put(g, 4, 1, 1); put(g, 1, 3, 0);
    put(g, 5, 3, 3);
    expect(additiveMods(g, 0, 4)).toBe(0);
    g.fDest[4] = cell(g, 2, 1);
    expect(additiveMods(g, 0, 4)).toBe(2);
    g.fDest[4] = -1;
    g.fEntrenched[0] = 1; g.fEntrenched[4] = 1;
    expect(additiveMods(g, 0, 4)).toBe(0);
    g.fEntrenched[4] = 0; g.fEntrenched[0] = 0;
    g.fStealth[0] = 1;
    expect(additiveMods(g, 0, 4)).toBe(2);
    g.fStealth[0] = 0;
    // Flanking: FTs at (1,0) and (2,2) around the target at (1,1): 90° or more and under 180°.
    put(g, 1, 2, 2);
    expect(additiveMods(g, 0, 4)).toBe(1);
    put(g, 1, 1, 2); // straight across: 180°, no flank
    expect(additiveMods(g, 0, 4)).toBe(0);
    g.fCover[4] = 1;
    expect(ddFlips(g, 0, SGT_RIFLE, 4, 1)).toBe(2);
    g.fCover[4] = 0;
    g.terrain[cell(g, 1, 1)] = T_WOODS; // range limit 2
    expect(ddFlips(g, 0, SGT_RIFLE, 4, 3)).toBe(2);
    expect(ddFlips(g, 0, SGT_RIFLE, 4, 2)).toBe(1);
    stack(g, [card(1, 3, 4), card(1, 3, 4), card(2, 1, 1), card(3, 1, 1)]);
    expect(sequenceTotal(g, SGT_RIFLE, 2, 0, 1, true)).toBe(4 + 3 - 2 - 3);
    void T_HILL; void T_ROAD;
  });

  it('21 22 the highest rank is in command; an FT that loses all its Leaders uses Double Discipline', () => {
    const g = makeGame({ fts: [[[1, 10], [2, 11]], [[1, 2, 3, 4]]], layout: ['....', '....', '....', '....'] });
    put(g, 0, 0, 0); put(g, 1, 1, 0); put(g, 4, 0, 3);
    expect(inCommand(g, 1)).toBe(2); // the Sergeant #2
    expect(ddFlips(g, 1, 3, 4, 3)).toBe(1);
    removeSoldier(g, 2, true, -1);
    expect(leaderless(g, 1)).toBe(true);
    expect(ddFlips(g, 1, 3, 4, 3)).toBe(2);
    expect(ddFlips(g, 0, 1, 4, 3)).toBe(1);
  });

  it('35 R10 targeting: R for 4 or fewer, G for 5–6, B for 7–8; re-flips above the size; 2 soldiers by odd/even; 1 still burns a card', () => {
    expect([targetColour(4), targetColour(5), targetColour(6), targetColour(7), targetColour(8)]).toEqual([RED, GREEN, GREEN, BLUE, BLUE]);
    const g = makeGame({ fts: [[[1, 2, 3, 4]], [[1, 2, 3], [4, 5], [6]]] });
    put(g, 4, 0, 3); put(g, 5, 1, 3); put(g, 6, 2, 3);
    stack(g, [card(4, 1, 1), card(2, 1, 1)]); // 4 > 3: re-flip; then #2
    expect(pickTarget(g, 4)).toBe(g.member(4, 1));
    expect(g.deck.drawn).toBe(2);
    stack(g, [card(3, 1, 1)]); // odd = #1
    expect(pickTarget(g, 5)).toBe(g.member(5, 0));
    stack(g, [card(4, 1, 1)]); // even = #2
    expect(pickTarget(g, 5)).toBe(g.member(5, 1));
    stack(g, [card(2, 1, 1)]);
    expect(pickTarget(g, 6)).toBe(g.member(6, 0));
    expect(g.deck.drawn).toBe(1);
    // Item 52: a soldier suppressed this round is re-flipped; none left: one card burned, no target.
    suppress(g, g.member(6, 0));
    stack(g, [card(1, 1, 1)]);
    expect(pickTarget(g, 6)).toBe(-1);
    expect(g.deck.drawn).toBe(1);
  });

  it('35 the targeting flip with re-flips picks each of 3 soldiers with probability exactly 1/3 (engine Monte Carlo within 4.5 SE)', () => {
    const g = makeGame({ fts: [[[1, 2, 3, 4]], [[1, 2, 3], [4, 5]]] });
    const n = 30000, counts = [0, 0, 0];
    for (let k = 0; k < n; k++) {
      g.rng.seed(k + 1);
      g.deck.reset(g.rng);
      const t = pickTarget(g, 4);
      for (let j = 0; j < 3; j++) if (g.member(4, j) === t) counts[j]++;
    }
    const se = Math.sqrt((1 / 3) * (2 / 3) / n);
    for (const c of counts) expect(Math.abs(c / n - 1 / 3)).toBeLessThanOrEqual(4.5 * se);
  });

  it('34 R11 an Attack: the count flip caps the firers at the eligible; the same enemy FT cannot be attacked twice in a turn', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    withDecisions(g, passiveDecisions(scriptedDecisions));
    put(g, 0, 0, 0); put(g, 4, 0, 2); put(g, 1, 3, 0); put(g, 5, 3, 3);
    g.jammed[0] = 1; // the Captain is jammed
    expect(firersFor(g, 0, 2)).toBe(3);
    const atk = find(g, (c) => g.cat.so[c] === SO_ATTACK && g.cat.soColour[c] === BLUE);
    hand(g, 0, [atk]);
    g.active = 0;
    // Count flip B = 8 → capped at 3 firers; each: a target flip, 2 lethality, 1 Discipline.
    const filler = Array.from({ length: 40 }, () => card(1, 1, 1));
    stack(g, [card(1, 1, 8), ...filler]);
    attack(g, 0, 4, 0);
    expect(g.deck.drawn).toBe(1 + 3 * 4); // SMG/rifle at range 2 = 2 dice; MG 2 dice
    expect(canAttack(g, 0, 4)).toBe(false);
    expect(handN(g, 0)).toBe(0);
  });

  it('47 R9 a Discipline Check succeeds on 1–2; under Double Discipline both flips must', () => {
    const g = makeGame();
    withDecisions(g, passiveDecisions(scriptedDecisions));
    stack(g, [card(2, 1, 1)]);
    expect(disciplineCheck(g, 0, false, 0, 2)).toBe(true); // Captain: red
    stack(g, [card(3, 1, 1)]);
    expect(disciplineCheck(g, 0, false, 0, 2)).toBe(false);
    stack(g, [card(1, 1, 1), card(3, 1, 1)]);
    expect(disciplineCheck(g, 0, true, 0, 2)).toBe(false);
    stack(g, [card(1, 1, 1), card(2, 1, 1)]);
    expect(disciplineCheck(g, 0, true, 0, 2)).toBe(true);
  });

  it('51 52 applying results: a wounded soldier cannot fire; a suppressed one stops his FT moving and cannot be shot again this round', () => {
    const g = makeGame();
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    g.fDest[4] = cell(g, 1, 3);
    const t = g.member(4, 3);
    applyTotal(g, t, 9, false, 0); // Corporal: Resolve 8, Vitality 11
    expect(g.cond[t]).toBe(SUPPRESSED);
    expect(g.fDest[4]).toBe(-1);
    expect(g.suppRound[t]).toBe(g.round);
    const w = g.member(0, 2);
    applyTotal(g, w, 9, true, 4); // Sergeant Resolve 9: wounded
    expect(g.cond[w]).toBe(WOUNDED);
    expect(firersFor(g, 0, 1)).toBe(3);
    const pts = g.pts[1];
    applyTotal(g, t, 11, false, 0);
    expect(g.alive[t]).toBe(0);
    expect(g.pts[1]).toBe(pts - 9);
  });
});
