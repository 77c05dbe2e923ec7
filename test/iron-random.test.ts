/**
 * Iron Squad's random player (issue 27, policy/random.ts): the measuring floor plays only
 * legal choices, uses every kind of decision, and loses to the scripted players.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { activateRandom } from '../engine/rulesets/iron-squad/policy/random.ts';
import { AC_HEAL, AC_REVEAL, AC_SHOT, ACTIONS } from '../engine/rulesets/iron-squad/data/counters.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { loadConfigObject } from '../sim/config.ts';
import { ROOT } from './dist-fresh.ts';
import { build } from './iron-harness.ts';
import { player } from './play-harness.ts';

function scenario(policies: [unknown, unknown]) {
  const c = JSON.parse(readFileSync(join(ROOT, 'configs', 'iron-squad', 'default.json'), 'utf8')) as { sides: { policy: unknown }[] };
  c.sides[0].policy = policies[0];
  c.sides[1].policy = policies[1];
  return loadConfigObject(c, join(ROOT, 'configs', 'iron-squad')).scn;
}

describe('Iron Squad random player', () => {
  it('items 21–22: an activation moves within its MP and fires at most once, only at an enemy it can shoot', () => {
    let fired = 0, moved = 0, stayed = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { g, add, at } = build({ policies: ['random', 'random'], seed });
      const u = add(0, 'rifleman', 5, 2);
      const e = add(1, 'rifleman', 5, 5); // 3 hexes: in range and sight on the open board
      const far = add(1, 'captain', 11, 9); // beyond range 4 from anywhere the rifleman reaches and shoots from
      const hp = [g.hp[e], g.hp[far]];
      const shots0 = g.count.actions.get(0, AC_SHOT);
      activateRandom(g, u);
      const shots = g.count.actions.get(0, AC_SHOT) - shots0;
      expect(shots).toBeLessThanOrEqual(1);
      expect(g.fired[u]).toBe(shots);
      expect(g.hp[far]).toBe(hp[1]);
      if (shots === 1) fired++;
      const d = g.board.grid.distance(at(5, 2), g.hex[u]);
      expect(d).toBeLessThanOrEqual(g.scn.mpByType[g.type[u]]); // open Clear board: one MP a hex at least
      if (d > 0) moved++; else stayed++;
    }
    // Uniform choices: each kind happens, none always.
    expect(fired).toBeGreaterThan(5);
    expect(fired).toBeLessThan(55);
    expect(moved).toBeGreaterThan(30);
    expect(stayed).toBeLessThan(30);
  });

  it('plays whole games through every kind of decision: shots, reveals, heals', () => {
    const p = player(ironSquad, scenario(['random', 'random'])).playRange(5, 0, 60);
    const acts = p.block('actions'), n = ACTIONS.length;
    for (const k of [AC_SHOT, AC_REVEAL]) expect(acts[k] + acts[n + k], ACTIONS[k]).toBeGreaterThan(0);
    expect(acts[AC_HEAL], 'USA has a Medic in the default roster').toBeGreaterThan(0);
    expect(p.block(BLOCK.outcome).reduce((a, b) => a + b, 0)).toBe(60);
  });

  it('is the floor: both scripted players beat it from either seat', () => {
    for (const pol of ['rush', 'farm']) {
      const asAllies = player(ironSquad, scenario([pol, 'random'])).playRange(9, 0, 120).block(BLOCK.outcome);
      const asAxis = player(ironSquad, scenario(['random', pol])).playRange(9, 0, 120).block(BLOCK.outcome);
      expect(asAllies[0], `${pol} as USA`).toBeGreaterThan(asAllies[1] * 2);
      expect(asAxis[1], `${pol} as Germany`).toBeGreaterThan(asAxis[0] * 2);
    }
  });
});
