/**
 * NCO Event Chart (digest items 18, 90–100; R11, R12): the 2D6 chart and its odds, when it
 * is rolled, and each of the ten events. Events are applied with applyEvent (the part that
 * happens at the roll) and startTurnEffects (the part that holds for the next turn), the
 * two calls game.ts makes; dice are set with the harness's seed search.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { player } from './play-harness.ts';
import { playNco } from '../engine/rulesets/nco/rules/game.ts';
import {
  applyEvent, endOfTurnEvent, EV_ABLE, EV_BAKER, EV_CHARLIE, EV_DOG, EV_EASY, EV_FOX, EV_MIKE, EV_ROGER,
  EV_VICTOR, EV_XRAY, EVENT_BY_SUM, EVENT_IDS, rollEvent, startTurnEffects,
} from '../engine/rulesets/nco/rules/events.ts';
import { executeOrder } from '../engine/rulesets/nco/rules/orders.ts';
import { executeDrawn } from '../engine/rulesets/nco/rules/leader.ts';
import { chooseOrder, orderFor } from '../engine/rulesets/nco/policy/orders.ts';
import { qualifiesForSpecial } from '../engine/rulesets/nco/rules/special.ts';
import { bestWeapon } from '../engine/rulesets/nco/rules/weapon-choice.ts';
import { effectiveRange } from '../engine/rulesets/nco/rules/shooting.ts';
import { ableChoice, easyChoice } from '../engine/rulesets/nco/policy/events.ts';
import { W_LMG, W_PISTOL, W_RIFLE } from '../engine/rulesets/nco/data/weapons.ts';
import { O_COVER_FIRE, O_DOWN, O_FIRE, O_RUN } from '../engine/rulesets/nco/rules/state.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { build, config, dice, newTurn, place, seedForFaces, stdErr, type Entry } from './nco-harness.ts';

/** The chart as printed in the rulebook: row = first die, column = second die. */
const PRINTED = [
  ['able', 'baker', 'charlie', 'dog', 'easy', 'fox'],
  ['baker', 'charlie', 'dog', 'easy', 'fox', 'mike'],
  ['charlie', 'dog', 'easy', 'fox', 'mike', 'roger'],
  ['dog', 'easy', 'fox', 'mike', 'roger', 'victor'],
  ['easy', 'fox', 'mike', 'roger', 'victor', 'x-ray'],
  ['fox', 'mike', 'roger', 'victor', 'x-ray', 'able'],
];
/** Items 91–100: the rulebook odds in 36ths, Able … X-ray. */
const ODDS36 = [2, 2, 3, 4, 5, 6, 5, 4, 3, 2];

/** Moves the game to the start of turn `t` the way game.ts does, with this turn's event effects. */
function nextTurn(g: ReturnType<typeof build>['g'], t: number): void {
  newTurn(g, t);
  g.easyJam.fill(0);
  g.dogEvent = false;
  g.moveMod = 0;
  g.rangeMod = 0;
  startTurnEffects(g);
}

describe('item 90: the Event Chart', () => {
  it('item 90: every first/second die pair gives the printed event, through the engine\'s own roll', () => {
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const h = build({ rules: { events: true } });
        dice(h.g, seedForFaces([a, b]));
        rollEvent(h.g);
        expect(EVENT_IDS[h.g.event]).toBe(PRINTED[a - 1][b - 1]);
      }
    }
  });
  it('item 90: exact odds over the 36 outcomes: 2, 2, 3, 4, 5, 6, 5, 4, 3, 2 in 36ths (Able … X-ray)', () => {
    const count = new Array(11).fill(0);
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) count[EVENT_BY_SUM[a + b]]++;
    expect(count.slice(1)).toEqual(ODDS36);
    expect(count[0]).toBe(0);
  });
  it('item 90: Monte Carlo frequencies of rolled events match the odds within 4 standard errors', () => {
    const h = build({ rules: { events: true } });
    const g = h.g;
    const N = 30000;
    const count = new Array(11).fill(0);
    g.rng.seed(90);
    for (let k = 0; k < N; k++) {
      g.reset(); // effects (X-ray deaths) must not pile up; the rng is not reset
      rollEvent(g);
      count[g.event]++;
    }
    for (let e = 1; e <= 10; e++) {
      const p = ODDS36[e - 1] / 36;
      expect(Math.abs(count[e] / N - p)).toBeLessThan(4 * stdErr(p, N));
    }
  });
});

describe('item 18, R11: when events are rolled', () => {
  it('R11: an event is rolled at the end of turns 1..N−1, none after the final turn (event_after_final_turn turns it on)', () => {
    for (const after of [false, true]) {
      const h = build({ rules: { turns: 6, event_after_final_turn: after } });
      const g = h.g;
      for (let t = 1; t <= 6; t++) {
        g.reset();
        g.turn = t;
        const before = Array.from(g.rng.s);
        endOfTurnEvent(g, t === 6);
        const rolled = g.event !== 0;
        expect(rolled).toBe(t < 6 || after);
        if (!rolled) expect(Array.from(g.rng.s)).toEqual(before); // not even a die
      }
    }
  });
  it('item 18: rules.events = false switches the chart off; events default to on', () => {
    expect(compileNco(config()).rules.events).toBe(true);
    const h = build({ rules: { events: false } });
    h.g.turn = 2;
    endOfTurnEvent(h.g, false);
    expect(h.g.event).toBe(0);
  });
  it('R11: no event before turn 1 unless event_before_turn1', () => {
    for (const before of [false, true]) {
      const h = build({ rules: { event_before_turn1: before } });
      nextTurn(h.g, 1);
      expect(h.g.event !== 0).toBe(before);
    }
  });
  it('item 18 / R11: in whole games the End phase rolls (the last turn leaves no event unless asked)', () => {
    for (const after of [false, true]) {
      const scn = compileNco(config({ map: { generate: { mirrored: true } }, rules: { event_after_final_turn: after } }));
      const w = player(nco, scn);
      let full = 0;
      for (let k = 1; k <= 20; k++) {
        playNco(w.game, k);
        if (w.game.over) continue;
        full++;
        expect(w.game.event !== 0).toBe(after);
      }
      expect(full).toBeGreaterThan(0);
    }
  });
  it('item 18: events change the game (events on and off differ for the same seeds)', () => {
    const results: string[] = [];
    for (const events of [true, false]) {
      const scn = compileNco(config({ map: { generate: { mirrored: true } }, rules: { events } }));
      const w = player(nco, scn);
      for (let k = 1; k <= 30; k++) playNco(w.game, k);
      results.push(Array.from(w.acc).join(','));
    }
    expect(results[0]).not.toBe(results[1]);
  });
});

describe('items 91–100: the ten events', () => {
  it('item 91 / R12: Able: each side\'s lowest-ranked (lowest base cost) soldier gains +1 courage and +1 psyche (current and maximum), for good', () => {
    const a: Entry[] = [{ type: 'sergeant' }, { type: 'corporal' }, { type: 'private' }, { type: 'private' }];
    const h = build({ a });
    const g = h.g;
    g.psyche[3] = 1;
    applyEvent(g, EV_ABLE);
    expect([g.courage[2], g.psyche[2], g.maxPsyche[2]]).toEqual([3, 4, 4]); // Private C2 P3 → C3 P4/4
    expect([g.courage[3], g.psyche[3]]).toEqual([2, 1]); // the tie went to one Private only
    expect([g.courage[1], g.courage[0]]).toEqual([4, 6]);
    expect([g.courage[h.b0 + 1], g.maxPsyche[h.b0 + 1]]).toEqual([3, 4]); // side B's Private
    nextTurn(g, 2);
    expect([g.courage[2], g.maxPsyche[2]]).toEqual([3, 4]); // permanent
  });
  it('R12: with able_raises_max_psyche off, Able cannot lift psyche past the maximum', () => {
    const h = build({ rules: { able_raises_max_psyche: false } });
    applyEvent(h.g, EV_ABLE);
    expect([h.g.courage[1], h.g.psyche[1], h.g.maxPsyche[1]]).toEqual([3, 3, 3]);
  });
  it('R12: Able ties are the policy\'s choice: scripted prefers one lifted to courage 4, random picks among the tied', () => {
    const a: Entry[] = [{ type: 'sergeant' }, { type: 'private-1st-class' }, { type: 'scout' }];
    const h = build({ a }); // PFC 10 vps; Scout 8 sps is cheaper
    expect(ableChoice(h.g, 0)).toBe(2);
    const t = build({ a: [{ type: 'sergeant' }, { type: 'private' }, { type: 'private', items: ['service-medal'] }] });
    expect(ableChoice(t.g, 0)).toBe(2); // C3 + 1 reaches the special-action threshold
    const r = build({ a: [{ type: 'sergeant' }, { type: 'private', count: 3 }], policies: ['random', 'aggressive'] });
    const seen = new Set<number>();
    for (let k = 0; k < 60; k++) seen.add(ableChoice(r.g, 0));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
  it('item 92: Baker: −1 courage this turn for everyone but the Sergeants (a Corporal drops below the special-action threshold)', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    const g = h.g;
    expect(qualifiesForSpecial(g, 1)).toBe(true);
    applyEvent(g, EV_BAKER);
    nextTurn(g, 2);
    expect([g.courageMod[0], g.courageMod[1], g.courageMod[h.b0], g.courageMod[h.b0 + 1]]).toEqual([0, -1, 0, -1]);
    expect(qualifiesForSpecial(g, 1)).toBe(false);
    g.event = 0;
    nextTurn(g, 3);
    expect(g.courageMod[1]).toBe(0); // this turn only
  });
  it('item 93 / R12: Charlie: a D6 per soldier at courage 3 or less; on 1–2 he is drawn normally but must take Down', () => {
    const h = build();
    const g = h.g; // soldiers 1 and b0+1 are Privates (C2); the Sergeants (C6) do not roll
    dice(g, seedForFaces([2, 3]));
    applyEvent(g, EV_CHARLIE);
    nextTurn(g, 2);
    expect([g.mustDown[0], g.mustDown[1], g.mustDown[h.b0], g.mustDown[h.b0 + 1]]).toEqual([0, 1, 0, 0]);
    g.actOrder.set([1, 0, 2, 3]);
    chooseOrder(g, 0);
    expect([g.pick, g.pickOrder]).toEqual([1, O_DOWN]);
    executeDrawn(g, 0, O_FIRE); // the engine enforces it too: Fire given to a forced soldier becomes Down
    executeDrawn(g, 1, O_FIRE);
    expect(g.order[1]).toBe(O_DOWN);
    nextTurn(g, 3);
    expect(g.mustDown[1]).toBe(0);
  });
  it('item 93: Charlie\'s forced Down still lets him use items', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'private', items: ['tobacco'] }] });
    const g = h.g;
    g.psyche[1] = 1;
    dice(g, seedForFaces([1, 6]));
    applyEvent(g, EV_CHARLIE);
    nextTurn(g, 2);
    orderFor(g, 1);
    executeDrawn(g, 1, g.pickOrder);
    expect([g.order[1], g.psyche[1], g.courageMod[1]]).toEqual([O_DOWN, 2, 1]);
  });
  it('item 94: Dog: no Cover Fire orders this turn (the random policy never picks one)', () => {
    const counts: number[] = [];
    for (const dog of [false, true]) {
      const h = build({ policies: ['random', 'random'] });
      const g = h.g;
      place(g, 1, 18, 10);
      place(g, h.b0 + 1, 18, 24);
      if (dog) applyEvent(g, EV_DOG);
      nextTurn(g, 2);
      let cover = 0;
      for (let k = 0; k < 400; k++) { orderFor(g, 1); if (g.pickOrder === O_COVER_FIRE) cover++; }
      counts.push(cover);
    }
    expect(counts[0]).toBeGreaterThan(20);
    expect(counts[1]).toBe(0);
  });
  it('item 95 / R12: Easy: each side jams one enemy specialist\'s primary weapon this turn; his pistol still fires', () => {
    const h = build({ b: [{ type: 'sergeant' }, { type: 'medic' }, { type: 'engineer', primary: 'lmg' }] });
    const g = h.g, E = h.b0 + 2;
    expect(easyChoice(g, 0)).toBe(E); // the LMG rather than the Medic's pistol
    expect(easyChoice(g, 1)).toBe(-1); // side A has no specialist
    place(g, E, 18, 20);
    place(g, 0, 18, 10); // 9": pistol range
    place(g, 1, 30, 2);
    expect(bestWeapon(g, E, 0, 0)).toBe(W_LMG);
    applyEvent(g, EV_EASY);
    nextTurn(g, 2);
    expect(g.easyJam[E]).toBe(1);
    expect(bestWeapon(g, E, 0, 0)).toBe(W_PISTOL);
    g.event = 0;
    nextTurn(g, 3);
    expect(bestWeapon(g, E, 0, 0)).toBe(W_LMG);
  });
  it('item 96: Fox: every weapon range loses 3" this turn (a rifle no longer reaches 18")', () => {
    const h = build();
    const g = h.g;
    place(g, 1, 18, 10);
    place(g, h.b0 + 1, 18, 29); // 18" edge to edge
    expect(bestWeapon(g, 1, h.b0 + 1, 0)).toBe(W_RIFLE);
    applyEvent(g, EV_FOX);
    nextTurn(g, 2);
    expect(effectiveRange(g, W_RIFLE, 0)).toBe(17);
    expect(bestWeapon(g, 1, h.b0 + 1, 0)).toBe(0);
  });
  it('item 97: Mike: +2" movement this turn (a Run covers 14" instead of 10")', () => {
    const moved: number[] = [];
    for (const mike of [false, true]) {
      const h = build();
      const g = h.g;
      place(g, 1, 18, 2);
      place(g, h.b0, 18, 34);
      place(g, h.b0 + 1, 30, 34);
      place(g, 0, 4, 2);
      if (mike) applyEvent(g, EV_MIKE);
      nextTurn(g, 2);
      g.pickDest = h.b0;
      executeOrder(g, 1, O_RUN);
      moved.push(Math.round((g.table.py[1] - 2) * 100) / 100);
    }
    expect(moved).toEqual([10, 14]);
  });
  it('item 98: Roger: neither Sergeant may take a special action this turn', () => {
    const h = build({ a: [{ type: 'sergeant' }, { type: 'corporal' }] });
    const g = h.g;
    applyEvent(g, EV_ROGER);
    nextTurn(g, 2);
    expect([qualifiesForSpecial(g, 0), qualifiesForSpecial(g, h.b0), qualifiesForSpecial(g, 1)]).toEqual([false, false, true]);
  });
  it('item 99: Victor: every soldier within 6" of any table edge loses 1 psyche at once', () => {
    const h = build();
    const g = h.g;
    place(g, 0, 18, 7); // base edge 6.5" from the edge: safe
    place(g, 1, 18, 6.4); // 5.9": hit
    place(g, h.b0, 5, 18); // near the side edge: hit
    place(g, h.b0 + 1, 18, 18); // centre: safe
    applyEvent(g, EV_VICTOR);
    expect([g.psyche[0], g.psyche[1], g.psyche[h.b0], g.psyche[h.b0 + 1]]).toEqual([6, 2, 5, 3]);
  });
  it('item 100: X-ray: a D6 per soldier: 1–2 −2 health −1 psyche, 3–4 −1 psyche, 5–6 nothing; deaths count for the opponent', () => {
    const h = build();
    const g = h.g;
    dice(g, seedForFaces([1, 3, 5, 2]));
    applyEvent(g, EV_XRAY);
    expect([g.health[0], g.psyche[0]]).toEqual([4, 5]);
    expect([g.health[1], g.psyche[1]]).toEqual([3, 2]);
    expect([g.health[h.b0], g.psyche[h.b0]]).toEqual([6, 6]);
    expect([g.health[h.b0 + 1], g.psyche[h.b0 + 1]]).toEqual([1, 2]);
    const k = build();
    k.g.health[1] = 2;
    dice(k.g, seedForFaces([6, 1, 6, 6]));
    applyEvent(k.g, EV_XRAY);
    expect([k.g.alive[1], k.g.vp[1]]).toEqual([0, 8]);
  });
});

describe('determinism with events and items', () => {
  const soldiers: Entry[] = [
    { type: 'sergeant', items: ['intel', 'field-map'], skills: ['natural-leader'] },
    { type: 'veteran-corporal', items: ['extra-magazine'] },
    { type: 'corporal', primary: 'smg', items: ['letters-from-home'] },
    { type: 'lance-corporal', items: ['morphine'] },
    { type: 'private-1st-class', items: ['flask'] },
    { type: 'private', items: ['lucky-trinket'] },
    { type: 'medic', items: ['morphine', 'tobacco'] },
    { type: 'chaplain', items: ['letters-from-home', 'flask'] },
    { type: 'political-officer', items: ['lucky-trinket', 'tobacco'] },
  ];
  it('a game with events and items plays identically twice, and the same alone as after other games', () => {
    for (const policies of [['aggressive', 'random'], ['cautious', 'aggressive']] as [string, string][]) {
      const scn = compileNco(config({ a: soldiers, b: soldiers, map: { generate: { mirrored: true } }, policies }));
      const play = (w: ReturnType<typeof player<typeof scn, ReturnType<typeof nco.createGame>>>, seed: number) => {
        playNco(w.clear().game, seed);
        return Array.from(w.acc).join(',') + '|' + Array.from(w.game.health).join(',') + Array.from(w.game.itemsLeft).join(',');
      };
      const shared = player(nco, scn);
      const first = [11, 12, 13].map((s) => play(shared, s));
      const again = [11, 12, 13].map((s) => play(shared, s));
      expect(again).toEqual(first);
      expect(play(player(nco, scn), 13)).toBe(first[2]); // alone, in a fresh game state
    }
  });
});

// The Rng class is the engine's; keep the harness's dice prediction honest.
it('harness: seedForFaces predicts the engine\'s dice', () => {
  const k = seedForFaces([6, 6]);
  const r = new Rng(k);
  expect([r.d6(), r.d6()]).toEqual([6, 6]);
});
