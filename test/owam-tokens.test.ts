/** Cards used one way, passing, tokens by border colour, Random-Effect icons (items 1, 3, 7–9, 23, 46, 50, 96–101, 110). */
import { describe, expect, it } from 'vitest';
import { CD, DECK_SIZE, ICON_RANDOM, SO_MANEUVER, SO_ATTACK } from '../engine/rulesets/owam/data/cards.ts';
import { GRID_LEN, RANK_RESOLVE, RANK_VITALITY, RANK_DISCIPLINE, WEAPONS, rosterOf, gridString } from '../engine/rulesets/owam/data/soldiers.ts';
import { maneuver, completeMove } from '../engine/rulesets/owam/rules/actions.ts';
import { coveringFire } from '../engine/rulesets/owam/rules/cds.ts';
import { findCd, findSo } from '../engine/rulesets/owam/rules/ccs.ts';
import { fs, sequenceTotal } from '../engine/rulesets/owam/rules/fire.ts';
import { smokeAndShells } from '../engine/rulesets/owam/rules/missions.ts';
import { playCd } from '../engine/rulesets/owam/rules/stack.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { ACTIONS } from '../engine/rulesets/owam/data/counters.ts';
import { card, cell, find, hand, makeGame, passiveDecisions, put, stack, withDecisions, handN } from './owam-harness.ts';

describe('owam cards and tokens', () => {
  it('1 3 the core deck holds only Order and Terrain cards; missions, soldiers, tokens and the Artillery card live outside it', () => {
    const g = makeGame();
    expect(g.deck.count).toBe(DECK_SIZE);
    for (let c = 0; c < DECK_SIZE; c++) expect(g.cat.terrain[c] >= 0 || g.cat.so[c] > 0).toBe(true);
    expect(g.scn.n).toBe(16); // soldier cards are the roster, not deck cards
  });

  it('7 an Order card is used for its Standing Order or its Command Decision, never both', () => {
    const g = makeGame();
    withDecisions(g, passiveDecisions(scriptedDecisions));
    const c = find(g, (x) => g.cat.so[x] === SO_MANEUVER && g.cat.cd[x] === CD.covering_fire);
    hand(g, 0, [c]);
    expect(findSo(g, 0, SO_MANEUVER, -1)).toBe(0);
    expect(findCd(g, 0, CD.covering_fire)).toBe(0);
    playCd(g, 0, 0);
    expect(handN(g, 0)).toBe(0);
    expect(findSo(g, 0, SO_MANEUVER, -1)).toBe(-1);
  });

  it('8 9 23 cards carry their data: terrain modifiers and icons; an empty position is Field 0/0; soldier cards have Resolve, Vitality, Discipline and a grid', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    expect(g.terrain[cell(g, 2, 2)]).toBe(0);
    expect(g.placed[cell(g, 2, 2)]).toBe(0);
    put(g, 0, 1, 1);
    g.fDest[0] = cell(g, 2, 2);
    completeMove(g, 0);
    expect(g.placed[cell(g, 2, 2)]).toBe(1); // a Field card is laid when an FT moves into a blank position
    expect([RANK_RESOLVE[4], RANK_VITALITY[4], RANK_DISCIPLINE[4]]).toEqual([9, 12, 0]); // Eisenberg's Captain template
    expect(gridString(WEAPONS.indexOf('smg'), false, 4)).toBe('');
    expect(GRID_LEN.length).toBe(WEAPONS.length * 2 * 7);
    expect(rosterOf('germany')[0].traits).toEqual(['command_radius', 'foolhardy']);
    expect(rosterOf('red_army')[6]).toMatchObject({ rank: 'pfc', weapon: 'sniper', traits: ['camouflage', 'fatalist'] });
  });

  it('31 46 an FT may pass one or both Standard Actions', () => {
    const g = makeGame();
    withDecisions(g, passiveDecisions(scriptedDecisions));
    hand(g, 0, []);
    const drawn = g.deck.drawn;
    scriptedDecisions.activate(g, 0); // nothing in hand: both actions passed
    expect(g.deck.drawn).toBe(drawn);
    expect(ACTIONS.every((_, k) => g.count.actions.get(0, k) === 0)).toBe(true);
  });

  it('50 a Random-Effect icon during lethality counts its value (no printed trait defines an effect, R20)', () => {
    const g = makeGame({ rules: { icon_counts: { jam: 0, wound: 0, random_effect: 12 } } });
    const re = find(g, (c) => g.cat.icon[c] === ICON_RANDOM);
    stack(g, [re, card(1, 3, 1), card(1, 1, 1)]);
    expect(sequenceTotal(g, 2, 2, 0, 1, false)).toBe(g.cat.value[re * 3 + 2] + 3 - 1);
    expect(fs.jam).toBe(0);
  });

  it('96 97 98 99 100 101 tokens by border colour: Covering Fire travels until the move ends; Star Shell yellow → red → gone; Stealth travels', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    withDecisions(g, passiveDecisions(scriptedDecisions));
    put(g, 0, 0, 0); put(g, 4, 3, 3);
    const m = find(g, (c) => g.cat.so[c] === SO_MANEUVER), cf = find(g, (c) => g.cat.cd[c] === CD.covering_fire && g.cat.so[c] !== SO_MANEUVER);
    hand(g, 0, [m, cf]);
    maneuver(g, 0, cell(g, 1, 1), 0);
    coveringFire(g, 0, 0, 0);
    expect([g.fDest[0], g.fCover[0]]).toEqual([cell(g, 1, 1), 1]); // green side: on the move
    completeMove(g, 0);
    expect(g.fCover[0]).toBe(0);
    g.star[cell(g, 2, 2)] = 2;
    smokeAndShells(g);
    expect(g.star[cell(g, 2, 2)]).toBe(1);
    smokeAndShells(g);
    expect(g.star[cell(g, 2, 2)]).toBe(0);
    g.fStealth[0] = 1;
    g.fDest[0] = cell(g, 2, 1);
    completeMove(g, 0);
    expect(g.fStealth[0]).toBe(1); // Stealth travels with the FT
    void SO_ATTACK;
  });
});
