/**
 * The Event Chart (items 18, 90–100, R11, R12): 2D6 rolled in the End phase of turns
 * 1..N−1; effects that happen at once (Able, Charlie's and X-ray's rolls, Easy's choice,
 * Victor) are applied when it is rolled, effects "for this turn" when the next turn starts.
 */
import { traceEvent } from './trace-log.ts';
import { RC_EVENT0 } from '../data/rule-counters.ts';
import type { NcoGame } from './state.ts';
import { loseHealth, losePsyche } from './damage.ts';
import { fieldMapBeforeTurn } from './items.ts';

export const EV_NONE = 0;
export const EV_ABLE = 1;
export const EV_BAKER = 2;
export const EV_CHARLIE = 3;
export const EV_DOG = 4;
export const EV_EASY = 5;
export const EV_FOX = 6;
export const EV_MIKE = 7;
export const EV_ROGER = 8;
export const EV_VICTOR = 9;
export const EV_XRAY = 10;
export const EVENT_IDS = ['none', 'able', 'baker', 'charlie', 'dog', 'easy', 'fox', 'mike', 'roger', 'victor', 'x-ray'] as const;

/**
 * Item 90: the event for each 2D6 sum (index = sum; 0 and 1 unused). The printed 6×6 table
 * depends only on the sum: 2 and 12 Able, 3 Baker … 11 X-ray.
 */
export const EVENT_BY_SUM = Int32Array.of(
  EV_NONE, EV_NONE, EV_ABLE, EV_BAKER, EV_CHARLIE, EV_DOG, EV_EASY, EV_FOX, EV_MIKE, EV_ROGER, EV_VICTOR, EV_XRAY, EV_ABLE,
);

/** Bits of g.nextTurn: effects decided now that hold for the next turn. */
export const NEXT_DOWN = 1; // must be given Down (Charlie, Flask)
export const NEXT_JAM = 2; // primary weapon jammed (Easy)
export const NEXT_NO_SPECIAL = 4; // no special action (Flask)

/** Item 93: Charlie affects soldiers at this courage or less; item 99: Victor's reach from an edge. */
const CHARLIE_MAX_COURAGE = 3;
const VICTOR_EDGE_IN = 6;
/** Item 96: Fog of War range loss; item 97: Moment of Clarity move bonus. */
const FOX_RANGE_IN = -3;
const MIKE_MOVE_IN = 2;

/**
 * End phase (item 18, R11): rolls the event for the next turn, unless the game is over.
 * `last`: this is the game's final turn (the last of `turns`, or an S2/S4 early end), after
 * which no event is rolled unless `event_after_final_turn`.
 */
export function endOfTurnEvent(g: NcoGame, last: boolean): void {
  g.event = EV_NONE;
  const r = g.scn.rules;
  if (!r.events || g.over) return;
  if (last && !r.event_after_final_turn) return;
  rollEvent(g);
  g.checkOver(); // X-ray or Victor may have ended the game
}

/** Rolls 2D6 on the chart (item 90) and applies the event's immediate part. */
export function rollEvent(g: NcoGame): void {
  const sum = g.rng.d6() + g.rng.d6();
  applyEvent(g, EVENT_BY_SUM[sum]);
}

/** The part of event `ev` that happens when it is rolled; the rest waits for startTurnEffects. */
export function applyEvent(g: NcoGame, ev: number): void {
  g.event = ev;
  if (ev !== EV_NONE) { g.count.rulesInPlay.add(0, RC_EVENT0 + ev); g.count.rulesInPlay.add(1, RC_EVENT0 + ev); }
  if (g.trace !== null) traceEvent(g, ev);
  switch (ev) {
    case EV_ABLE:
      able(g, 0);
      able(g, 1);
      return;
    case EV_CHARLIE:
      for (let i = 0; i < g.n; i++) {
        if (g.alive[i] && g.courage[i] <= CHARLIE_MAX_COURAGE && g.rng.d6() <= 2) g.nextTurn[i] |= NEXT_DOWN;
      }
      return;
    case EV_EASY:
      for (let s = 0; s < 2; s++) {
        const j = g.decide.easyChoice(g, s); // side s picks one of the opponent's specialists
        if (j >= 0) g.nextTurn[j] |= NEXT_JAM;
      }
      return;
    case EV_VICTOR:
      victor(g);
      return;
    case EV_XRAY:
      xray(g);
      return;
  }
}

/**
 * Start of a turn (after game.ts startTurn has cleared last turn's state): an optional
 * event before turn 1 (R11), the Field Map (item 89), effects carried over, and this
 * turn's event effects (items 92, 94, 96–98).
 */
export function startTurnEffects(g: NcoGame): void {
  const r = g.scn.rules;
  for (let s = 0; s < 2; s++) { // last turn's Field Map ends
    const b = g.mapBonus[s];
    if (b === 0) continue;
    for (let i = 0; i < g.n; i++) if (g.side[i] === s) g.moveIn[i] -= b;
    g.mapBonus[s] = 0;
  }
  if (g.turn === 1) {
    g.event = EV_NONE;
    if (r.events && r.event_before_turn1) rollEvent(g);
  }
  for (let i = 0; i < g.n; i++) {
    const f = g.nextTurn[i];
    g.mustDown[i] = (f & NEXT_DOWN) !== 0 && g.alive[i] ? 1 : 0;
    if ((f & NEXT_JAM) !== 0) g.easyJam[i] = 1;
    if ((f & NEXT_NO_SPECIAL) !== 0) g.noSpecial[i] = 1;
    g.nextTurn[i] = 0;
  }
  switch (g.event) {
    case EV_BAKER: // item 92: −1 courage for all but Sergeants
      for (let i = 0; i < g.n; i++) if (!g.scn.sergeant[i]) g.courageMod[i] -= 1;
      break;
    case EV_DOG: g.dogEvent = true; break; // item 94
    case EV_FOX: g.rangeMod = FOX_RANGE_IN; break; // item 96
    case EV_MIKE: g.moveMod = MIKE_MOVE_IN; break; // item 97
    case EV_ROGER: // item 98
      for (let i = 0; i < g.n; i++) if (g.scn.sergeant[i]) g.noSpecial[i] = 1;
      break;
  }
  fieldMapBeforeTurn(g);
}

/** Item 91, R12: side s's pick among its lowest-ranked soldiers gains +1 courage and +1 psyche for good. */
function able(g: NcoGame, s: number): void {
  const i = g.decide.ableChoice(g, s);
  if (i < 0) return;
  g.courage[i]++;
  if (g.scn.rules.able_raises_max_psyche) g.maxPsyche[i]++;
  if (g.psyche[i] > 0 && g.psyche[i] < g.maxPsyche[i]) g.psyche[i]++; // a soldier in breakdown stays at 0 until his Rally
}

/** Item 99: every soldier within 6" of any table edge loses 1 psyche at once. */
function victor(g: NcoGame): void {
  const t = g.table, edge = g.scn.rules.measure === 'edge' ? g.r : 0;
  const reach = VICTOR_EDGE_IN + edge;
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    const x = t.px[i], y = t.py[i];
    if (x <= reach || y <= reach || t.width - x <= reach || t.height - y <= reach) losePsyche(g, i, 1, -1);
  }
}

/** Item 100: a D6 per soldier: 1–2 −2 health and −1 psyche, 3–4 −1 psyche, 5–6 nothing. */
function xray(g: NcoGame): void {
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    const roll = g.rng.d6();
    if (roll <= 2) {
      if (!loseHealth(g, i, 2, -1)) losePsyche(g, i, 1, -1);
    } else if (roll <= 4) losePsyche(g, i, 1, -1);
  }
}
