/**
 * Rule legality in whole scenario games (issue 12's two rule bugs). The item 28 and R11 tests
 * in nco-rules-orders / nco-rules-events build basic six-turn games; these play the objective
 * scenarios, where the mission plans (pilot carriers, runners, the Bomber, intel carriers)
 * and the variable end (S2, S4) take other paths.
 *
 * - Item 28: no policy proposes Run, Advance or Cover Fire for a Walking Wounded soldier,
 *   and the rules never have to refuse one (g.illegalOrders).
 * - R11: a game that ends early (S2, S4 variable end) rolls no event after its last turn.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { player } from './play-harness.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { EV_NONE } from '../engine/rulesets/nco/rules/events.ts';
import { O_ADVANCE, O_COVER_FIRE, O_RUN, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import type { NcoDecisions } from '../engine/rulesets/nco/rules/decisions.ts';

const roster = (f: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'configs', 'nco', 'rosters', f), 'utf8'));
const US = roster('us-army-100.json'), DE = roster('german-heer-100.json');
const ILLEGAL_WW = new Set([O_RUN, O_ADVANCE, O_COVER_FIRE]);

function scenarioGame(scenario: string, policies: [string, string], extra: Record<string, unknown> = {}) {
  const scn = compileNco({
    ruleset: 'nco', scenario: { id: scenario, ...extra }, map: { generate: { mirrored: true } }, rules: {},
    sides: [{ name: 'US', roster: US, policy: policies[0] }, { name: 'DE', roster: DE, policy: policies[1] }],
  });
  return player(nco, scn);
}

/** Wraps the policy's order choices so every proposal for a Walking Wounded soldier is checked. */
function watchOrders(g: NcoGame): { proposals: number; illegal: string[] } {
  const seen = { proposals: 0, illegal: [] as string[] };
  const d = g.decide as NcoDecisions;
  const check = (i: number) => {
    if (i < 0 || g.health[i] !== 1 || g.obj.offTable[i]) return;
    seen.proposals++;
    if (ILLEGAL_WW.has(g.pickOrder)) seen.illegal.push(`turn ${g.turn} soldier ${i} order ${g.pickOrder} carrying ${g.obj.carrying[i]}`);
  };
  (g as { decide: NcoDecisions }).decide = {
    ...d,
    chooseOrder(g2, s) { d.chooseOrder(g2, s); check(g2.pick); },
    orderFor(g2, i) { d.orderFor(g2, i); check(i); },
  };
  return seen;
}

describe('item 28 in objective scenarios: Walking Wounded soldiers get no Run, Advance or Cover Fire', () => {
  const cases: [string, [string, string]][] = [
    ['s3-rescue-mission', ['objective', 'objective']],
    ['s5-search-and-destroy', ['objective', 'aggressive']],
    ['s6-intel-retrieval', ['objective', 'objective']],
    ['s1-secure-the-sectors', ['objective', 'cautious']],
    ['s2-fight-to-the-center', ['objective', 'random']],
  ];
  it.each(cases)('item 28: %s (%s): no policy proposes one, the rules refuse none', (scenario, policies) => {
    const p = scenarioGame(scenario, policies);
    const g = p.game as NcoGame;
    const seen = watchOrders(g);
    let refused = 0;
    for (let k = 0; k < 60; k++) {
      p.play(77, k);
      refused += g.illegalOrders;
    }
    expect(seen.illegal.slice(0, 5)).toEqual([]);
    expect(refused).toBe(0);
    expect(seen.proposals).toBeGreaterThan(20); // the games do produce Walking Wounded soldiers to order
  });

  it('item 28: the rules refuse an illegal order from any policy (executeOrder turns it into Down and counts it)', () => {
    const p = scenarioGame('s6-intel-retrieval', ['objective', 'objective']);
    const g = p.game as NcoGame;
    const d = g.decide as NcoDecisions;
    let forced = 0;
    (g as { decide: NcoDecisions }).decide = {
      ...d,
      chooseOrder(g2, s) {
        d.chooseOrder(g2, s);
        if (g2.pick >= 0 && g2.health[g2.pick] === 1 && !g2.obj.offTable[g2.pick]) { g2.pickOrder = O_ADVANCE; forced++; }
      },
    };
    let refused = 0;
    for (let k = 0; k < 20; k++) { p.play(77, k); refused += g.illegalOrders; }
    expect(forced).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(forced / 2); // some forced dice go to a soldier a Flask or Charlie keeps Down (leader.ts)
  });
});

describe('R11 in scenarios that end early: no event after the last turn played', () => {
  it.each(['s2-fight-to-the-center', 's4-extermination-order'])('R11: %s games that end before turn 6 end with no event rolled', (scenario) => {
    const p = scenarioGame(scenario, ['objective', 'aggressive']);
    const g = p.game as NcoGame;
    let early = 0;
    for (let k = 0; k < 80; k++) {
      p.play(5, k);
      if (g.over || g.turn >= 6) continue;
      early++;
      expect(g.event, `game ${k} ended after turn ${g.turn}`).toBe(EV_NONE);
    }
    expect(early).toBeGreaterThan(10);
  });
});
