/**
 * The Card Command System (items 2–7, R8): every random number is a flip of the core deck,
 * every flip and draw burns time, and the deck's passes are the game clock.
 */
import { ICON_NONE } from '../data/cards.ts';
import { HAND_MAX, type OwamGame } from './state.ts';

/** Draws the top core card; on an empty pile reshuffles discards (+ Fog of War, R8) and counts the pass. */
export function drawCard(g: OwamGame): number {
  let c = g.deck.draw();
  if (c < 0) {
    // R8: this pass is used up; at the timer the game ends after the current action.
    if (g.deck.passes >= g.scn.deckTimer) g.timeUp = true;
    if (g.scn.rules.fow_reshuffled) {
      for (let i = 0; i < g.fowN; i++) g.deck.discard(g.fow[i]);
      g.fowN = 0;
    }
    g.deck.reshuffle(g.rng);
    c = g.deck.draw();
    if (c < 0) throw new Error(`owam: the core deck is empty (hands ${g.handN[0]}+${g.handN[1]}, fog ${g.fowN}, round ${g.round})`);
  }
  tick(g);
  return c;
}

/** The deck clock: closes tally steps of `clock_step_cards` cards (lethality over time). */
function tick(g: OwamGame): void {
  const t = g.tally;
  g.clockStep++;
  if (g.clockStep % g.scn.rules.clock_step_cards === 0 && t.step < t.plan.steps - 1) {
    t.surviving[0] = g.pts[0];
    t.surviving[1] = g.pts[1];
    t.endStep();
  }
}

/** Item 4: flip the next card and read one colour; the card goes to the discard pile. */
export function flip(g: OwamGame, colour: number): number {
  const c = drawCard(g);
  g.deck.discard(c);
  g.lastCard = c;
  g.lastColour = colour;
  g.lastValue = g.cat.value[c * 3 + colour];
  return g.lastValue;
}

/** The event icon of the last flipped card (item 10: read only during Lethality at Range). */
export function lastIcon(g: OwamGame): number {
  return g.lastCard < 0 ? ICON_NONE : g.cat.icon[g.lastCard];
}

/** Item 6: draw up to the hand size. */
export function drawUp(g: OwamGame, side: number, to: number): void {
  const cap = to < HAND_MAX ? to : HAND_MAX;
  while (g.handN[g.player(side)] < cap) {
    g.hand[g.player(side) * HAND_MAX + g.handN[g.player(side)]++] = drawCard(g);
  }
}

/** Plays (or discards) hand card `i` of `side`: it goes to the discard pile; returns the card. */
export function spend(g: OwamGame, side: number, i: number): number {
  const base = g.player(side) * HAND_MAX, c = g.hand[base + i];
  if (i < 0 || i >= g.handN[g.player(side)]) throw new Error(`owam: hand index ${i} of ${g.handN[g.player(side)]}`);
  const last = --g.handN[g.player(side)];
  g.hand[base + i] = g.hand[base + last];
  g.hand[base + last] = -1;
  g.deck.discard(c);
  return c;
}

/** Takes hand card i out of the hand without discarding it (a Terrain card laid on the map). */
export function takeFromHand(g: OwamGame, side: number, i: number): number {
  const base = g.player(side) * HAND_MAX, c = g.hand[base + i];
  const last = --g.handN[g.player(side)];
  g.hand[base + i] = g.hand[base + last];
  g.hand[base + last] = -1;
  return c;
}

/** The first hand index of `side` whose card satisfies kind (Standing Order or CD), or −1. */
export function findSo(g: OwamGame, side: number, so: number, colour: number): number {
  const base = g.player(side) * HAND_MAX;
  for (let i = 0; i < g.handN[g.player(side)]; i++) {
    const c = g.hand[base + i];
    if (g.cat.so[c] === so && (colour < 0 || g.cat.soColour[c] === colour)) return i;
  }
  return -1;
}

export function findCd(g: OwamGame, side: number, cd: number): number {
  if (g.scn.level === 0) return -1; // item 11: Private level has no Command Decisions
  const base = g.player(side) * HAND_MAX;
  for (let i = 0; i < g.handN[g.player(side)]; i++) if (g.cat.cd[g.hand[base + i]] === cd) return i;
  return -1;
}

export function handCard(g: OwamGame, side: number, i: number): number {
  return g.hand[g.player(side) * HAND_MAX + i];
}
