/**
 * Issue 14: the Iron Squad unit indexes and the mission-mark memo against plain scans, at
 * every activation of whole games under random policies (versus and solo, so that Explore
 * and solo spawns add units mid-game):
 * - g.byType / g.typeCount (rules/state.ts addUnit): each type's units, in slot order, are
 *   those a scan of every unit finds;
 * - markMissionTargets (policy/mission.ts), kept while its key holds, writes what
 *   markMissionTargetsPlain writes (missionMark and missionBonus, values), before each
 *   activation and after it (when a shot may have changed the kill part).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { T_LOCAL } from '../engine/rulesets/iron-squad/data/units.ts';
import { ironPlayers } from '../engine/rulesets/iron-squad/policy/players.ts';
import { markMissionTargets, markMissionTargetsPlain } from '../engine/rulesets/iron-squad/policy/mission.ts';
import { boardFromConfig } from '../engine/rulesets/iron-squad/rules/board-json.ts';
import type { IronDecisions } from '../engine/rulesets/iron-squad/rules/decisions.ts';
import { IronGame, MAX_UNITS } from '../engine/rulesets/iron-squad/rules/state.ts';
import { T_GRENADIER, T_RIFLEMAN, T_SNIPER } from '../engine/rulesets/iron-squad/data/units.ts';
import { build } from './iron-harness.ts';

const UNITS_A = ['captain', 'rifleman', 'machine-gunner', 'sniper', 'medic'];
const UNITS_B = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer'];

interface Stats { checks: number; kept: number; marked: number; spawned: number }

function same(actual: unknown, expected: unknown, where: string): void {
  if (!Object.is(actual, expected)) expect(actual, where).toBe(expected);
}

function checkUnits(g: IronGame, where: string): void {
  for (let t = 0; t <= T_LOCAL; t++) {
    let k = 0;
    for (let u = 0; u < g.n; u++) {
      if (g.type[u] !== t) continue;
      same(g.byType[t * MAX_UNITS + k], u, `${where}: unit ${k} of type ${t}`);
      k++;
    }
    same(g.typeCount[t], k, `${where}: units of type ${t}`);
  }
}

function checkMarks(g: IronGame, side: number, where: string, stats: Stats): void {
  const ds = g.dec;
  const holds = ds.markGame === ds.gameStamp && ds.markSide === side && ds.markN === g.n && ds.markAttacks === g.attacks &&
    ds.markHex === g.missionHex[side] && ds.markType === g.missionType[side] && ds.markKills === g.killCount[side];
  markMissionTargets(g, side);
  const mark = ds.missionMark.slice(0, g.n), bonus = ds.missionBonus.slice(0, g.n);
  markMissionTargetsPlain(g, side);
  for (let u = 0; u < g.n; u++) {
    same(mark[u], ds.missionMark[u], `${where}: mark of unit ${u}`);
    same(bonus[u], ds.missionBonus[u], `${where}: bonus of unit ${u}`);
    if (mark[u] !== 0) stats.marked++;
  }
  stats.checks++;
  if (holds) stats.kept++;
}

function play(config: unknown, seed: number, games: number, stats: Stats): void {
  const scn = compileIron(config);
  const env = new GameEnv(scn.plan);
  const { board, generator } = boardFromConfig(scn.map, ['map']);
  board.unrevealedBlocksLos = scn.rules.unrevealed_blocks_los;
  const seat = (d: IronDecisions): IronDecisions => ({
    ...d,
    activate(g, u) {
      const where = `seed ${seed}, round ${g.round}, unit ${u}`, n = g.n;
      checkUnits(g, `${where} before`);
      checkMarks(g, g.side[u], `${where} before`, stats);
      d.activate(g, u);
      if (g.n > n) stats.spawned++;
      checkUnits(g, `${where} after`);
      checkMarks(g, g.side[u], `${where} after`, stats);
    },
  });
  const g = new IronGame(scn, [seat(ironPlayers.decisionsOf(scn.policies[0])), seat(ironPlayers.decisionsOf(scn.policies[1]))], board, generator, env);
  g.st.seal(g);
  for (let i = 0; i < games; i++) playOne(ironSquad, g, env, seed, i);
}

const weight = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true }), fc.integer({ min: 0, max: 4 }));
const policyArb = fc.record({
  id: fc.constantFrom('rush', 'farm'),
  attack_weight: weight, objective_weight: weight, vp_weight: weight,
  mission_kill_bonus: weight,
  hunt_mission: fc.boolean(),
  reveals_per_activation: fc.integer({ min: 0, max: 3 }),
  fire_first: fc.boolean(),
});

describe('issue 14: unit indexes and kept mission marks equal plain scans', () => {
  it('a change of each part of the marks\' key makes markMissionTargets mark anew', () => {
    const b = build({ policies: [{ id: 'rush', mission_kill_bonus: 3 }, 'rush'] });
    const g = b.g;
    b.add(0, 'rifleman', 1, 1);
    const sniper = b.add(1, 'sniper', 5, 5);
    g.missionHex[0] = b.at(5, 8);
    g.missionType[0] = T_SNIPER;
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 2))).toEqual([0, 1]);
    g.missionType[0] = T_GRENADIER; // never fielded: every enemy counts
    markMissionTargets(g, 0);
    const local = b.add(1, 'local', 6, 6); // a unit appears (g.n)
    markMissionTargets(g, 0);
    expect(g.dec.missionMark[local]).toBe(1);
    g.missionType[0] = T_SNIPER;
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([0, 1, 0]);
    const objective = g.missionHex[0];
    g.missionHex[0] = -1; // no mission hex: no marks
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([0, 0, 0]);
    g.missionHex[0] = objective;
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([0, 1, 0]);
    g.alive[sniper] = 0; // the card's unit dies in an attack (by its own side: no kill counted)
    g.attacks++;
    markMissionTargets(g, 0);
    expect(g.dec.missionMark[sniper]).toBe(0);
    g.missionHex[1] = g.missionHex[0]; // the other side, with the same card: only the side differs
    g.missionType[1] = g.missionType[0] = T_GRENADIER;
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([0, 1, 1]);
    markMissionTargets(g, 1);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([1, 0, 0]);
    // A new game with the same key but for the game: a German Sniper, then a US Rifleman.
    markMissionTargets(g, 0);
    const hex = g.missionHex[0];
    g.reset();
    g.missionHex[0] = hex;
    g.missionType[0] = T_GRENADIER;
    g.addUnit(1, T_SNIPER, b.at(5, 5), 5, false);
    g.addUnit(0, T_RIFLEMAN, b.at(1, 1), 5, false);
    g.addUnit(1, T_RIFLEMAN, b.at(6, 6), 5, false);
    g.attacks = 1;
    markMissionTargets(g, 0);
    expect(Array.from(g.dec.missionMark.slice(0, 3))).toEqual([1, 0, 1]);
  });

  it('at every activation of games under random policies, versus and solo', () => {
    const stats: Stats = { checks: 0, kept: 0, marked: 0, spawned: 0 };
    fc.assert(fc.property(policyArb, policyArb, fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 1e6 }), (a, b, solo, fallback, seed) => {
      const sides = solo
        ? [{ name: 'A', units: UNITS_A, policy: a }, { name: 'Bot', policy: 'bot' }]
        : [{ name: 'A', units: UNITS_A, policy: a }, { name: 'B', units: UNITS_B, policy: b }];
      const rules = fallback ? { mission_fallback_kills: 1 } : {};
      play({ ruleset: 'iron-squad', scenario: solo ? { id: 'solo', player_side: 0 } : 'versus', map: { generate: {} }, rules, sides }, seed, 3, stats);
    }), { numRuns: 40, seed: 1418 });
    expect(stats.checks).toBeGreaterThan(5000);
    expect(stats.kept).toBeGreaterThan(stats.checks / 4); // the key held often
    expect(stats.kept).toBeLessThan(stats.checks); // and changed too
    expect(stats.marked).toBeGreaterThan(1000); // marks were set, not only cleared
    expect(stats.spawned).toBeGreaterThan(20); // units appeared mid-game
  });
});
