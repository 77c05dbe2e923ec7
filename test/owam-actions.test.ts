/** Standard Actions: Maneuver, Rally, Entrench, Engineering, Recognition, Terrain; merging and assault (items 40–46, 80–87, 93, R11–R15). */
import { describe, expect, it } from 'vitest';
import { SO_ENTRENCH, SO_MANEUVER, SO_RALLY, GREEN, RED } from '../engine/rulesets/owam/data/cards.ts';
import { T_HILL, T_LAKE, T_ROAD } from '../engine/rulesets/owam/data/terrain.ts';
import { canMoveTo, canPlaceTerrain, canStealth, completeMove, crewAction, discardRedraw, entrenchAction, maneuver, placeTerrain, rallyAction, recognize, stealthAction, transfer } from '../engine/rulesets/owam/rules/actions.ts';
import { additiveMods, canAttack } from '../engine/rulesets/owam/rules/attack.ts';
import { advantage, startAssault, duelCheck } from '../engine/rulesets/owam/rules/assault.ts';
import { gridEntry, suppress, usesAlt } from '../engine/rulesets/owam/rules/fire.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { SUPPRESSED, WOUNDED } from '../engine/rulesets/owam/rules/state.ts';
import { card, cell, find, hand, makeGame, passiveDecisions, put, stack, withDecisions, handN } from './owam-harness.ts';

const OPEN = ['....', '....', '....', '....'];
const passive = (g: ReturnType<typeof makeGame>) => withDecisions(g, passiveDecisions(scriptedDecisions));

describe('owam actions', () => {
  it('41 a Maneuver puts the FT on the move; a second completes it; an open move completes free at its next turn', () => {
    const g = makeGame({ layout: OPEN });
    passive(g);
    put(g, 0, 0, 0); put(g, 4, 3, 3); put(g, 1, 3, 0); put(g, 5, 0, 3);
    const m1 = find(g, (c) => g.cat.so[c] === SO_MANEUVER), m2 = find(g, (c) => g.cat.so[c] === SO_MANEUVER, [m1]);
    hand(g, 0, [m1, m2]);
    maneuver(g, 0, cell(g, 1, 1), 0);
    expect(g.fDest[0]).toBe(cell(g, 1, 1));
    expect(g.fCell[0]).toBe(cell(g, 0, 0)); // R12: still in its origin
    maneuver(g, 0, cell(g, 1, 1), 0);
    expect(g.fCell[0]).toBe(cell(g, 1, 1));
    expect(g.fDest[0]).toBe(-1);
    g.fDest[0] = cell(g, 2, 2);
    completeMove(g, 0); // what the round loop does at the start of its next turn
    expect(g.fCell[0]).toBe(cell(g, 2, 2));
  });

  it('41 fast-move terrain is entered with one Maneuver; the Lake cannot be entered; suppressed soldiers stop the FT', () => {
    const g = makeGame({ layout: ['....', '....', '....', '....'] });
    passive(g);
    put(g, 0, 0, 0); put(g, 4, 3, 3); put(g, 1, 3, 0); put(g, 5, 0, 3);
    g.terrain[cell(g, 1, 0)] = T_ROAD;
    g.terrain[cell(g, 0, 1)] = T_LAKE;
    expect(canMoveTo(g, 0, cell(g, 0, 1))).toBe(false);
    const m = find(g, (c) => g.cat.so[c] === SO_MANEUVER);
    hand(g, 0, [m]);
    maneuver(g, 0, cell(g, 1, 0), 0);
    expect(g.fCell[0]).toBe(cell(g, 1, 0));
    suppress(g, g.member(0, 1));
    expect(canMoveTo(g, 0, cell(g, 2, 0))).toBe(false);
    expect(canMoveTo(g, 0, cell(g, 3, 3))).toBe(false); // not adjacent
  });

  it('R12 a destination that became illegal cancels the move', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 0, 0); put(g, 4, 3, 3); put(g, 1, 3, 0); put(g, 5, 0, 3);
    g.fDest[0] = cell(g, 1, 1);
    g.terrain[cell(g, 1, 1)] = T_LAKE;
    completeMove(g, 0);
    expect(g.fCell[0]).toBe(cell(g, 0, 0));
    expect(g.fDest[0]).toBe(-1);
  });

  it('42 Rally flips its colour and stands that many suppressed soldiers up', () => {
    const g = makeGame({ layout: OPEN });
    passive(g);
    put(g, 0, 0, 0);
    for (let k = 0; k < 4; k++) suppress(g, g.member(0, k));
    const r = find(g, (c) => g.cat.so[c] === SO_RALLY && g.cat.soColour[c] === RED);
    hand(g, 0, [r]);
    stack(g, [card(3, 1, 1)]);
    rallyAction(g, 0, 0);
    let n = 0;
    for (let k = 0; k < 4; k++) if (g.cond[g.member(0, k)] === SUPPRESSED) n++;
    expect(n).toBe(1);
    expect(g.cond[g.member(0, 0)]).toBe(0); // the Captain first (highest rank)
  });

  it('24 Fatalist (Colonel level) needs two Rally Orders to lose suppression', () => {
    const g = makeGame({ layout: OPEN, rules: { level: 'colonel' }, nations: ['red_army', 'germany'], fts: [[[1, 7]], [[1, 2]]] });
    passive(g);
    put(g, 0, 0, 0);
    const vas = g.member(0, 1); // #7: Vasiliev's template (Camouflage, Fatalist)
    suppress(g, vas);
    const r1 = find(g, (c) => g.cat.so[c] === SO_RALLY && g.cat.soColour[c] === GREEN), r2 = find(g, (c) => g.cat.so[c] === SO_RALLY && g.cat.soColour[c] === GREEN, [r1]);
    hand(g, 0, [r1, r2]);
    stack(g, [card(1, 6, 1), card(1, 6, 1)]);
    rallyAction(g, 0, 0);
    expect(g.cond[vas]).toBe(SUPPRESSED);
    rallyAction(g, 0, 0);
    expect(g.cond[vas]).toBe(0);
  });

  it('40 R15 Entrench: +1 attack and +1 defense, one per terrain, it stays; an FT entering must find it with a Discipline Check', () => {
    const g = makeGame({ layout: OPEN });
    passive(g);
    put(g, 0, 0, 0); put(g, 4, 2, 2); put(g, 1, 3, 0); put(g, 5, 0, 3);
    const e = find(g, (c) => g.cat.so[c] === SO_ENTRENCH);
    hand(g, 0, [e]);
    entrenchAction(g, 0, 0);
    expect(g.entrench[cell(g, 0, 0)]).toBe(1);
    expect(additiveMods(g, 0, 4)).toBe(1);
    g.fCell[0] = cell(g, 1, 0); g.fEntrenched[0] = 0;
    expect(g.entrench[cell(g, 0, 0)]).toBe(1); // stays when the FT leaves
    g.fDest[0] = cell(g, 0, 0);
    stack(g, [card(3, 1, 1)]); // Captain's red check: 3 fails
    completeMove(g, 0);
    expect(g.fEntrenched[0]).toBe(0);
    g.fCell[0] = cell(g, 1, 0); g.fDest[0] = cell(g, 0, 0);
    stack(g, [card(2, 1, 1)]);
    completeMove(g, 0);
    expect(g.fEntrenched[0]).toBe(1);
  });

  it('43 R11 Crewing: the crewed grid applies from the next round; the FT cannot move; suppression un-crews', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 0, 0); put(g, 4, 3, 3);
    const mg = g.member(0, 3), asst = g.member(0, 2);
    hand(g, 0, [card(1, 1, 1)]);
    crewAction(g, 0, mg, asst, 0);
    expect(handN(g, 0)).toBe(0);
    expect(usesAlt(g, mg)).toBe(false);
    g.round = 2;
    expect(usesAlt(g, mg)).toBe(true);
    expect(gridEntry(4, true, 3)).not.toBe(gridEntry(4, false, 3));
    expect(canMoveTo(g, 0, cell(g, 1, 1))).toBe(false);
    suppress(g, asst);
    expect(usesAlt(g, mg)).toBe(false);
    expect(g.feeds[asst]).toBe(-1);
  });

  it('43 Discard and Redraw swaps 1–3 cards; Stealth is paid with a card, refused on no-stealth terrain or after an attack here', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 0, 0); put(g, 4, 0, 2);
    hand(g, 0, [card(1, 1, 1), card(2, 1, 1), card(3, 1, 1)]);
    stack(g, [card(4, 4, 4), card(4, 5, 5)]);
    g.tmp[0] = 2; g.tmp[1] = 0;
    discardRedraw(g, 0, g.tmp, 2);
    expect(handN(g, 0)).toBe(3);
    expect(Array.from(g.hand.subarray(0, 3)).sort()).toEqual([card(2, 1, 1), card(4, 4, 4), card(4, 5, 5)].sort());
    expect(canStealth(g, 0)).toBe(true);
    stealthAction(g, 0, 0);
    expect(g.fStealth[0]).toBe(1);
    expect(canAttack(g, 4, 0)).toBe(false); // until Recognized
    g.fStealth[0] = 0;
    g.fAttackedRound[0] = g.round; g.fAttackedCell[0] = g.fCell[0];
    expect(canStealth(g, 0)).toBe(false);
    g.fAttackedRound[0] = -1;
    g.terrain[g.fCell[0]] = 5; // Building: no-stealth
    expect(canStealth(g, 0)).toBe(false);
  });

  it('44 R14 Recognition: an in-command Discipline Check removes Stealth; one try per enemy FT per turn', () => {
    const g = makeGame({ layout: OPEN });
    passive(g);
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    g.fStealth[4] = 1;
    stack(g, [card(3, 1, 1), card(1, 1, 1)]);
    expect(recognize(g, 0, 4)).toBe(false);
    expect(recognize(g, 0, 4)).toBe(false); // second try this turn refused, no card used
    expect(g.deck.drawn).toBe(1);
    g.round = 2;
    expect(recognize(g, 0, 4)).toBe(true);
    expect(g.fStealth[4]).toBe(0);
  });

  it('43 Transfer: a soldier (one card) to an adjacent friendly FT, once per round', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 0, 0); put(g, 1, 1, 0);
    hand(g, 0, [card(1, 1, 1), card(2, 1, 1)]);
    const s = g.member(0, 3);
    expect(transfer(g, 0, 1, s, 0)).toBe(true);
    expect(g.ftOf[s]).toBe(1);
    expect([g.fSize[0], g.fSize[1]]).toEqual([3, 5]);
    expect(transfer(g, 1, 0, s, 0)).toBe(false);
  });

  it('43 52 a suppressed soldier cannot be transferred (he cannot move) unless rules.transfer_suppressed', () => {
    for (const allowed of [false, true]) {
      const g = makeGame({ layout: OPEN, rules: { transfer_suppressed: allowed } });
      put(g, 0, 0, 0); put(g, 1, 1, 0);
      hand(g, 0, [card(1, 1, 1)]);
      const s = g.member(0, 3);
      suppress(g, s);
      expect(transfer(g, 0, 1, s, 0)).toBe(allowed);
      expect(g.ftOf[s]).toBe(allowed ? 1 : 0);
      expect(handN(g, 0)).toBe(allowed ? 0 : 1); // a refused Transfer costs nothing
    }
  });

  it('84 the stealth advantage ("was or is in stealth") lasts for the assault it began in, or for the round, not for the rest of the game', () => {
    const stealthed = (mode: string) => {
      const g = makeGame({ layout: OPEN, rules: { stealth_advantage: mode, assault_max_rounds: 1 } });
      passive(g);
      put(g, 0, 0, 0); put(g, 4, 1, 1);
      hand(g, 0, [card(1, 1, 1)]);
      stealthAction(g, 0, 0); // round 1
      g.fMovedRound[0] = g.round; // on the move: not established, so stealth is the only source
      return g;
    };
    for (const mode of ['assault', 'round']) {
      const g = stealthed(mode);
      expect(advantage(g, 0, 4)).toBe(1);
      g.fStealth[0] = 0; // recognised in round 1
      expect(advantage(g, 0, 4)).toBe(mode === 'round' ? 1 : 0);
      g.round = 2; g.fMovedRound[0] = 2;
      expect(advantage(g, 0, 4)).toBe(0); // gone by the next round either way
    }
    // "assault": a stealthed trigger keeps the advantage after its stealth breaks in round 1 of the assault.
    const g = stealthed('assault');
    stack(g, Array.from({ length: 60 }, () => card(4, 6, 8))); // every duel check fails
    startAssault(g, 0, 4, cell(g, 0, 1));
    expect(g.fStealth[0]).toBe(0);
    g.fMovedRound[0] = g.round;
    expect(advantage(g, 0, 4)).toBe(1);
  });

  it('45 72 the Terrain action lays a card next to laid terrain and in LOS; Recon anywhere in a friendly FT\'s LOS', () => {
    const g = makeGame({ layout: ['H...', '....', '....', '....'] });
    put(g, 0, 0, 1); put(g, 4, 3, 3); put(g, 1, 3, 1); put(g, 5, 2, 3);
    g.placed.set(g.scn.placed); // only the Hill is laid (setup laid Field cards under the start tokens)
    g.placed[cell(g, 0, 1)] = 1;
    const t = find(g, (c) => g.cat.terrain[c] === T_HILL);
    hand(g, 0, [t]);
    expect(canPlaceTerrain(g, 0, cell(g, 3, 0), false)).toBe(false); // not next to laid terrain
    expect(canPlaceTerrain(g, 0, cell(g, 1, 0), false)).toBe(true);
    expect(canPlaceTerrain(g, 0, cell(g, 3, 0), true)).toBe(true);
    passive(g);
    placeTerrain(g, 0, 0, cell(g, 1, 0), false);
    expect(g.terrain[cell(g, 1, 0)]).toBe(T_HILL);
    expect(g.placed[cell(g, 1, 0)]).toBe(1);
  });

  it('93 an FT entering a friendly FT\'s terrain merges with it if the total stays at 8 or fewer', () => {
    const g = makeGame({ layout: OPEN, rules: { squad_points: 120 }, fts: [[[1, 2, 3], [4, 5, 6, 7, 8, 9]], [[1, 2]]] });
    put(g, 0, 0, 0); put(g, 1, 1, 0); put(g, 4, 3, 3);
    expect(canMoveTo(g, 0, cell(g, 1, 0))).toBe(false); // 3 + 6 = 9
    const h = makeGame({ layout: OPEN, fts: [[[1, 2], [4, 5, 6, 7, 8, 9]], [[1, 2]]] });
    put(h, 0, 0, 0); put(h, 1, 1, 0); put(h, 4, 3, 3);
    h.fDest[0] = cell(h, 1, 0);
    completeMove(h, 0);
    expect(h.fAlive[0]).toBe(0);
    expect(h.fSize[1]).toBe(8);
  });

  it('83 85 duels: success on 1–2; a suppressed soldier needs two in a row; a leaderless FT keeps the worse of two', () => {
    const g = makeGame({ layout: OPEN });
    stack(g, [card(2, 1, 1)]);
    expect(duelCheck(g, 0, false)).toBe(true);
    suppress(g, 0);
    stack(g, [card(1, 1, 1), card(3, 1, 1)]);
    expect(duelCheck(g, 0, false)).toBe(false);
    g.cond[0] = 0;
    stack(g, [card(1, 1, 1), card(4, 1, 1)]);
    expect(duelCheck(g, 0, true)).toBe(false);
  });

  it('80 84 86 an assault: paired duels; the loser dies; a retreating FT is suppressed; the trigger\'s turn ends', () => {
    const g = makeGame({ layout: OPEN, fts: [[[1, 2]], [[3, 10]]] });
    const d = { ...passiveDecisions(scriptedDecisions), retreat: (_g: unknown, ft: number) => ft === 4 };
    withDecisions(g, d);
    put(g, 0, 1, 1); put(g, 4, 1, 1);
    g.fMovedRound[0] = g.round; // the trigger is on the move this round; the defender is established: advantage
    // Duel 1: Sgt #3 (defender, advantage) flips 1: Captain #1 dies. Duel 2: Sgt #2 vs Pvt #10: defender flips first (advantage) 5 fails, then #2 flips 1 and #10 dies.
    stack(g, [card(1, 1, 1), card(1, 1, 5), card(1, 1, 1), card(1, 1, 1), card(1, 1, 1)]);
    startAssault(g, 0, 4, cell(g, 0, 0));
    expect(g.turnOver).toBe(true);
    expect(g.alive[0]).toBe(0);
    expect(g.fSize[0]).toBe(1);
    expect(g.fCell[4]).not.toBe(cell(g, 1, 1)); // the defender retreated
    expect(g.cond[g.member(4, 0)]).toBe(SUPPRESSED);
    void WOUNDED;
  });
});
