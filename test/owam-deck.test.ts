/** The Card Command System: the 192-card core deck as dice and clock (items 1–10, R1, R8, R21, R25). */
import { describe, expect, it } from 'vitest';
import { buildCatalog, CD, CD_IDS, DECK_SIZE, ICON_JAM, ICON_RANDOM, ICON_WOUND, SO_ATTACK, SO_ENTRENCH, SO_MANEUVER, SO_RALLY } from '../engine/rulesets/owam/data/cards.ts';
import { owamRulesSchema } from '../engine/rulesets/owam/data/params.ts';
import { TERRAIN_IDS } from '../engine/rulesets/owam/data/terrain.ts';
import { compileOwam } from '../engine/rulesets/owam/compile.ts';
import { drawCard, drawUp, flip } from '../engine/rulesets/owam/rules/ccs.ts';
import { mayAct } from '../engine/rulesets/owam/rules/game.ts';
import { ConfigError } from '../engine/errors.ts';
import { card, hand, makeGame, stack, handN } from './owam-harness.ts';

const defaults = () => buildCatalog(owamRulesSchema.parse({}));

describe('owam core deck', () => {
  it('2 the 192 cards hold every (d4, d6, d8) combination exactly once', () => {
    const cat = defaults();
    const seen = new Set<string>();
    for (let c = 0; c < DECK_SIZE; c++) seen.add(`${cat.value[c * 3]},${cat.value[c * 3 + 1]},${cat.value[c * 3 + 2]}`);
    expect(seen.size).toBe(192);
    expect(card(4, 6, 8)).toBe(191);
    expect([cat.value[card(3, 5, 7) * 3], cat.value[card(3, 5, 7) * 3 + 1], cat.value[card(3, 5, 7) * 3 + 2]]).toEqual([3, 5, 7]);
  });

  it('2 a full pass of the shuffled deck has exactly uniform marginals (each d4 value 48 times, d6 32, d8 24)', () => {
    const g = makeGame();
    for (const seed of [1, 2, 3]) {
      g.rng.seed(seed);
      g.deck.reset(g.rng);
      const counts = [new Array(5).fill(0), new Array(7).fill(0), new Array(9).fill(0)];
      const order: number[] = [];
      for (let k = 0; k < DECK_SIZE; k++) {
        const c = g.deck.draw();
        order.push(c);
        for (let col = 0; col < 3; col++) counts[col][g.cat.value[c * 3 + col]]++;
      }
      expect(g.deck.draw()).toBe(-1);
      expect(counts[0].slice(1)).toEqual([48, 48, 48, 48]);
      expect(counts[1].slice(1)).toEqual([32, 32, 32, 32, 32, 32]);
      expect(counts[2].slice(1)).toEqual([24, 24, 24, 24, 24, 24, 24, 24]);
      expect(new Set(order).size).toBe(192);
    }
  });

  it('R1 the printed deck: 156 Order and 36 Terrain cards, Standing Orders, Command Decisions and icons by the digest counts', () => {
    const cat = defaults();
    let order = 0, terrain = 0;
    const so = [0, 0, 0, 0, 0], attackCol = [0, 0, 0], rallyCol = [0, 0, 0], cds = new Array(CD_IDS.length).fill(0), icons = [0, 0, 0, 0];
    const tcount = new Array(TERRAIN_IDS.length).fill(0);
    for (let c = 0; c < DECK_SIZE; c++) {
      if (cat.terrain[c] >= 0) { terrain++; tcount[cat.terrain[c]]++; expect(cat.so[c]).toBe(0); }
      else { order++; so[cat.so[c]]++; cds[cat.cd[c]]++; }
      if (cat.so[c] === SO_ATTACK) attackCol[cat.soColour[c]]++;
      if (cat.so[c] === SO_RALLY) rallyCol[cat.soColour[c]]++;
      icons[cat.icon[c]]++;
    }
    expect([order, terrain]).toEqual([156, 36]);
    expect([so[SO_ATTACK], so[SO_MANEUVER], so[SO_RALLY], so[SO_ENTRENCH]]).toEqual([60, 48, 24, 24]);
    expect(attackCol).toEqual([20, 24, 16]);
    expect(rallyCol).toEqual([8, 8, 8]);
    expect([cds[CD.evade], cds[CD.chain_of_command], cds[CD.double_time], cds[CD.combat_operation], cds[CD.grenade], cds[CD.fubar]]).toEqual([12, 12, 12, 10, 9, 8]);
    expect([cds[CD.act_of_valor], cds[CD.last_stand], cds[CD.marching_order], cds[CD.intelligence]]).toEqual([6, 5, 5, 5]);
    expect(cds.reduce((a, b) => a + b, 0)).toBe(156);
    expect([icons[ICON_JAM], icons[ICON_WOUND], icons[ICON_RANDOM]]).toEqual([12, 24, 12]);
    expect(tcount[TERRAIN_IDS.indexOf('woods')]).toBe(6);
    expect(tcount[TERRAIN_IDS.indexOf('lake')]).toBe(2);
  });

  it('R1 the split and counts are parameters; counts that do not add up are a ConfigError naming the field', () => {
    const base = { ruleset: 'owam', sides: [{ name: 'A', nation: 'usa', policy: 'random' }, { name: 'B', nation: 'germany', policy: 'random' }] };
    expect(() => compileOwam({ ...base, rules: { order_cards: 150 } })).toThrow(ConfigError);
    expect(() => compileOwam({ ...base, rules: { order_cards: 150 } })).toThrow(/rules\.order_cards/);
    expect(() => compileOwam({ ...base, rules: { standing_orders: { maneuver: 40 } } })).toThrow(/rules\.standing_orders.*add up to rules\.order_cards = 156/);
    const cat = buildCatalog(owamRulesSchema.parse({ icon_counts: { jam: 0, wound: 60, random_effect: 0 } }));
    expect(Array.from(cat.icon).filter((i) => i === ICON_WOUND).length).toBe(60);
  });

  it('4 a flip reads one colour of the next card and burns it to the discard pile', () => {
    const g = makeGame();
    stack(g, [card(2, 5, 7), card(4, 1, 3)]);
    expect(flip(g, 1)).toBe(5);
    expect(flip(g, 0)).toBe(4);
    expect(g.deck.drawn).toBe(2);
    expect(g.deck.discarded).toBe(2);
  });

  it('5 R8 the deck is the clock: an empty pile reshuffles the discards and the Fog-of-War pile, and the last pass sets the timer', () => {
    const g = makeGame({ rules: { deck_timer: 2 } });
    stack(g, [card(1, 1, 1)]);
    g.deck.discard(card(2, 2, 2));
    g.fow[0] = card(3, 3, 3); g.fowN = 1;
    expect(drawCard(g)).toBe(card(1, 1, 1));
    const passes = g.deck.passes;
    const next = drawCard(g); // empty: reshuffle discards + fog
    expect([card(2, 2, 2), card(3, 3, 3)]).toContain(next);
    expect(g.deck.passes).toBe(passes + 1);
    expect(g.fowN).toBe(0);
    expect(g.timeUp).toBe(passes >= 2);
    const g1 = makeGame({ rules: { deck_timer: 1 } });
    stack(g1, []);
    g1.deck.discard(card(2, 2, 2));
    drawCard(g1);
    expect(g1.timeUp).toBe(true);
    expect(mayAct(g1)).toBe(false); // after_action: the current action is the last
    const g2 = makeGame({ rules: { deck_timer: 1, timer_end: 'end_of_round' } });
    g2.timeUp = true;
    expect(mayAct(g2)).toBe(true);
  });

  it('R8 fow_reshuffled = false keeps the Fog-of-War cards out of the new pass', () => {
    const g = makeGame({ rules: { fow_reshuffled: false } });
    stack(g, []);
    g.deck.discard(card(2, 2, 2));
    g.fow[0] = card(3, 3, 3); g.fowN = 1;
    expect(drawCard(g)).toBe(card(2, 2, 2));
    expect(g.fowN).toBe(1);
  });

  it('6 R21 R25 each player holds one hand, drawn up to 7 at setup', () => {
    const g = makeGame();
    expect([handN(g, 0), handN(g, 1)]).toEqual([7, 7]);
    const all = new Set<number>();
    for (let s = 0; s < 2; s++) for (let i = 0; i < 7; i++) all.add(g.hand[s * 2 * 24 + i]);
    expect(all.size).toBe(14);
    hand(g, 0, [card(1, 1, 1)]);
    drawUp(g, 0, 7);
    expect(handN(g, 0)).toBe(7);
  });

  it('D1 the tally time axis is the deck clock: one step per clock_step_cards cards', () => {
    const g = makeGame({ rules: { clock_step_cards: 4 } });
    const before = g.tally.step, drawn = g.clockStep;
    for (let k = 0; k < 8; k++) drawCard(g);
    expect(g.clockStep - drawn).toBe(8);
    expect(g.tally.step - before).toBe(Math.floor(g.clockStep / 4) - Math.floor(drawn / 4));
  });
});
