/**
 * Issue 14: after its move a unit picks its target through the move decision's foe list and
 * shot memo (policy/scripted.ts tryFireMemo) while no unit has appeared and no attack has
 * been made since. Over whole games under random policies, every such pick must be
 * reference.ts pickTargetPlain's on the state of that moment: the same target and the
 * same double.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { ironPlayers } from '../engine/rulesets/iron-squad/policy/players.ts';
import { pickTargetPlain } from '../engine/rulesets/iron-squad/policy/reference.ts';
import { listFoes } from '../engine/rulesets/iron-squad/policy/scoring.ts';
import { memoShotCheck } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { boardFromConfig } from '../engine/rulesets/iron-squad/rules/board-json.ts';
import { IronGame } from '../engine/rulesets/iron-squad/rules/state.ts';

const UNITS_A = ['captain', 'rifleman', 'machine-gunner', 'sniper', 'medic'];
const UNITS_B = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer'];

interface Stats { picks: number; shots: number }

function same(actual: unknown, expected: unknown, where: string): void {
  if (!Object.is(actual, expected)) expect(actual, where).toBe(expected);
}

function play(config: unknown, seed: number, games: number, stats: Stats): void {
  const scn = compileIron(config);
  const env = new GameEnv(scn.plan);
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const g = new IronGame(scn, [ironPlayers.decisionsOf(scn.policies[0]), ironPlayers.decisionsOf(scn.policies[1])], board, generator, env);
  g.st.seal(g);
  const foes = new Int32Array(g.foes.length), foeHex = new Int32Array(g.foes.length);
  memoShotCheck.fn = (gg, u, t) => {
    const where = `seed ${seed}, round ${gg.round}, unit ${u} (type ${gg.type[u]}) at ${gg.hex[u]}`;
    const v = gg.val[0], n = gg.foeCount;
    foes.set(gg.foes); foeHex.set(gg.foeHex);
    listFoes(gg, u); // the list as it stands now: the memo's must be it
    same(gg.foeCount, n, `${where}: foe count`);
    for (let i = 0; i < n; i++) {
      same(gg.foes[i], foes[i], `${where}: foe ${i}`);
      same(gg.foeHex[i], foeHex[i], `${where}: foe ${i}'s hex`);
    }
    same(t, pickTargetPlain(gg, u, gg.hex[u]), `${where}: target`);
    same(v, gg.val[0], `${where}: shot value`);
    gg.val[0] = v;
    stats.picks++;
    if (t >= 0) stats.shots++;
  };
  for (let i = 0; i < games; i++) playOne(ironSquad, g, env, seed, i);
}

const weight = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 4 }));
const policyArb = fc.record({
  id: fc.constantFrom('rush', 'farm'),
  attack_weight: weight, cover_weight: weight, objective_weight: weight, exposure_weight: weight,
  target_rule: fc.constantFrom('lowest-hp', 'max-damage'),
  reveals_per_activation: fc.integer({ min: 0, max: 3 }),
  fire_first: fc.boolean(),
  fire_mid_move: fc.boolean(),
  max_backfire: fc.double({ min: 0, max: 1, noNaN: true }),
  mission_kill_bonus: weight,
});

describe('issue 14: a shot picked through the move decision\'s memo is the plain pick', () => {
  afterEach(() => { memoShotCheck.fn = null; });

  it('on the perf configs\' line-ups (rush against farm, solo)', () => {
    const stats: Stats = { picks: 0, shots: 0 };
    play({ ruleset: 'iron-squad', scenario: 'versus', map: { generate: {} }, rules: {}, sides: [{ name: 'A', units: UNITS_A, policy: { id: 'rush', fire_mid_move: false } }, { name: 'B', units: UNITS_B, policy: { id: 'farm', fire_mid_move: false } }] }, 11, 60, stats);
    play({ ruleset: 'iron-squad', scenario: { id: 'solo', player_side: 0 }, map: { generate: {} }, rules: {}, sides: [{ name: 'A', units: UNITS_A, policy: 'farm' }, { name: 'Bot', policy: 'bot' }] }, 12, 60, stats);
    expect(stats.picks).toBeGreaterThan(5000);
    expect(stats.shots).toBeGreaterThan(1000);
  });

  it('under random policies, mid-move shots included, and solo', () => {
    const stats: Stats = { picks: 0, shots: 0 };
    fc.assert(fc.property(policyArb, policyArb, fc.boolean(), fc.integer({ min: 1, max: 1e6 }), (a, b, solo, seed) => {
      const sides = solo
        ? [{ name: 'A', units: UNITS_A, policy: a }, { name: 'Bot', policy: 'bot' }]
        : [{ name: 'A', units: UNITS_A, policy: a }, { name: 'B', units: UNITS_B, policy: b }];
      play({ ruleset: 'iron-squad', scenario: solo ? { id: 'solo', player_side: 0 } : 'versus', map: { generate: {} }, rules: {}, sides }, seed, 3, stats);
    }), { numRuns: 40, seed: 1417 });
    expect(stats.picks).toBeGreaterThan(3000);
    expect(stats.shots).toBeGreaterThan(500);
  });
});
