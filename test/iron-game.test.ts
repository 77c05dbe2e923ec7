/**
 * Iron Squad setup, turn flow, victory points, missions and the solo mode (digest items
 * 1–9, 15–24, 64, 68–76; R7, R8, R19–R22).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { player } from './play-harness.ts';
import type { IronGame } from '../engine/rulesets/iron-squad/rules/state.ts';
import { ConfigError } from '../engine/errors.ts';
import { explore, revealSlot, walk } from '../engine/rulesets/iron-squad/rules/moving.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { endWinner, missionComplete, playTurn, setupGame } from '../engine/rulesets/iron-squad/rules/game.ts';
import { createIronGame, ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { activate, buildOrder } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { LUCK_DICE } from '../engine/rulesets/iron-squad/data/units.ts';
import { AC_SHOT } from '../engine/rulesets/iron-squad/data/counters.ts';
import { loadConfig } from '../sim/config.ts';
import { build, openBoard, setTerrain, type BoardSpec } from './iron-harness.ts';

const DEFAULT = JSON.parse(readFileSync(new URL('../configs/iron-squad/default.json', import.meta.url), 'utf8'));

function defaultGame(over: Record<string, unknown> = {}) {
  const scn = compileIron({ ...DEFAULT, ...over });
  const p = player(ironSquad, scn);
  return { scn, g: p.game, p };
}

/** Seeds the dice, resets the state and sets the game up (items 2–9), as the runner would before play. */
function setUp(g: IronGame, seed: number): void {
  g.rng.seed(seed);
  g.prng.seed(seed ^ 0x5bd1e995); // the players' own stream
  g.reset();
  setupGame(g);
}

/** Open board with one single-hex slot of `group` at (col, row) holding `tile` (as-listed: laid at setup unless hidden). */
function withSlot(group: number, col: number, row: number, tile: string, names: string[] = []): BoardSpec {
  const spec = openBoard();
  setTerrain(spec, col, row, '?');
  return { ...spec, slots: [{ group, hexes: [[col, row]] }], tiles: [{ group, terrain: tile, objectives: names }], placement: 'as-listed' };
}

describe('Iron Squad setup', () => {
  it('1 components: 24 Explore cards (20 empty, 2 + 2 units), 7 unit types per side, three luck dice', () => {
    const { g } = defaultGame();
    setUp(g, 3);
    expect(g.deck.count).toBe(24);
    const all: number[] = [];
    for (let c = g.deck.draw(); c >= 0; c = g.deck.draw()) all.push(c);
    expect(all).toHaveLength(24);
    const units = all.filter((c) => c !== 0);
    expect(units.sort()).toEqual([1, 1, 2, 2]);
    expect(Object.keys(LUCK_DICE)).toEqual(['d8', 'd20-flat', 'd20-peaked']);
  });

  it('2 7 setup: missions drawn, units placed at Health 5 (In Order), clock set', () => {
    const { g, scn } = defaultGame();
    setUp(g, 11);
    expect(g.n).toBe(10);
    for (let u = 0; u < g.n; u++) expect([g.hp[u], g.maxHp[u], g.alive[u]]).toEqual([5, 5, 1]);
    expect(g.missionHex[0]).toBeGreaterThanOrEqual(0);
    expect(g.missionType[1]).toBeGreaterThanOrEqual(0);
    expect(g.startHour % 2).toBe(0);
    expect(scn.units[0].length).toBe(5);
  });

  it('3 6 USA deploys north of the northern road, Germany south of the southern; USA plays first each round', () => {
    const { g, p } = defaultGame({ rules: { mission_mode: 'none' } });
    for (let seed = 0; seed < 20; seed++) {
      setUp(g, seed);
      for (let u = 0; u < g.n; u++) {
        const row = g.board.grid.row(g.hex[u]);
        if (g.side[u] === 0) expect(row).toBeLessThan(2);
        else expect(row).toBeGreaterThan(13);
        expect(g.board.enterCost[g.hex[u]]).toBeLessThan(255);
      }
    }
    p.play(5, 0);
    expect(Array.from(g.turnSeq.slice(0, g.turns))).toEqual(Array.from({ length: 24 }, (_, k) => k % 2));
  });

  it('4 R8 each side draws a mission: an objective in the enemy half, an enemy type uniform over 7 (Monte Carlo)', () => {
    const { g } = defaultGame();
    const N = 1400;
    let captain = 0;
    for (let i = 0; i < N; i++) {
      setUp(g, 1000 + i);
      for (let s = 0; s < 2; s++) {
        const o = g.board.objectiveId[g.missionHex[s]];
        expect(o).toBeGreaterThanOrEqual(0);
        expect(g.board.objectiveHalf[o]).toBe(1 - s);
      }
      if (g.missionType[0] === 0) captain++;
    }
    const p = 1 / 7;
    expect(Math.abs(captain / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N));
  });

  it('5 unit selection: 5 different types of the 7, the Captain mandatory (ConfigError otherwise)', () => {
    const side = (units: string[]) => ({ ...DEFAULT, sides: [{ ...DEFAULT.sides[0], units }, DEFAULT.sides[1]] });
    expect(() => compileIron(side(['rifleman', 'medic', 'sniper', 'engineer', 'machine-gunner']))).toThrow(/Captain is mandatory/);
    expect(() => compileIron(side(['captain', 'medic', 'sniper', 'engineer']))).toThrow(ConfigError);
    expect(() => compileIron(side(['captain', 'medic', 'medic', 'engineer', 'sniper']))).toThrow(/different/);
    expect(() => compileIron(side(['captain', 'medic', 'tank', 'engineer', 'sniper']))).toThrow(/sides\[0\]\.units\[2\]/);
    const ok = compileIron(side(['captain', 'medic', 'sniper', 'engineer', 'grenade-thrower']));
    expect(Array.from(ok.units[0])).toEqual([0, 6, 5, 4, 3]);
  });

  it('9 67 the luck die is a rules option fixed for the game', () => {
    const { g } = defaultGame({ rules: { luck_die: 'd20-peaked' } });
    expect(Array.from(g.luckWeights)).toEqual([1, 2, 3, 4, 4, 3, 2, 1]);
    expect(() => compileIron({ ...DEFAULT, rules: { luck_die: 'd6' } })).toThrow(/rules\.luck_die/);
  });
});

describe('Iron Squad tiles, buildings and objectives', () => {
  it('15 revealing a face-down tile next to the unit costs 1 MP and scores 1 VP', () => {
    const { g, add, at } = build({ board: { ...withSlot(3, 5, 4, 'F') }, policies: ['farm', 'farm'] });
    expect(g.board.hidden[at(5, 4)]).toBe(1);
    const u = add(0, 'medic', 5, 5);
    expect(g.board.revealableSlots(g.hex[u], g.slots)).toBe(1);
    expect(revealSlot(g, u, g.slots[0])).toBe(true);
    expect([g.vp[0], g.tiles[0], g.board.hidden[at(5, 4)], g.board.terrain[at(5, 4)]]).toEqual([1, 1, 0, 1]);
    // Through a policy: the farm policy reveals before moving.
    const b = build({ board: { ...withSlot(4, 5, 4, 'G') }, policies: ['farm', 'farm'] });
    const v = b.add(0, 'medic', 5, 5);
    activate(b.g, v);
    expect(b.g.tiles[0]).toBe(1);
  });

  it('16 R7 entering a Mission Objective scores 1 VP, once per hex per player', () => {
    const { g, add, at } = build({ board: withSlot(1, 5, 4, 'O', ['Dock']) });
    expect(g.board.objectiveName[g.board.objectiveId[at(5, 4)]]).toBe('Dock');
    const u = add(0, 'medic', 5, 5), e = add(1, 'medic', 5, 3);
    for (let k = 0; k < 2; k++) {
      g.path[0] = at(5, 4); g.path[1] = at(5, 5);
      walk(g, u, 2);
    }
    g.path[0] = at(5, 4);
    walk(g, e, 1);
    expect([g.vp[0], g.vp[1]]).toEqual([1, 1]);
    expect(g.board.enterCost[at(5, 4)]).toBe(3);
  });

  it('17 R7 entering a Building costs 3 + 1 MP and forces one exploration (+1 VP), once per game', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'B');
    const { g, add, at } = build({ board: spec });
    g.deck.stack(new Array(24).fill(0)); // all empty
    const u = add(0, 'medic', 5, 5);
    const p = g.board.path;
    p.clearModifiers(); p.extra = g.exploreExtra;
    p.reach(g.hex[u], 12);
    expect(p.cost[at(5, 4)]).toBe(4);
    g.path[0] = at(5, 4); g.path[1] = at(5, 5); g.path[2] = at(5, 4);
    walk(g, u, 3);
    expect([g.vp[0], g.explored[0], g.deck.drawn]).toEqual([1, 1, 1]);
    p.reach(g.hex[u], 12);
    expect(p.cost[at(5, 5)]).toBe(3);
    expect(g.exploreExtra[at(5, 4)]).toBe(0);
  });
});

describe('Iron Squad turns and victory', () => {
  it('21 a player activates his units one at a time: Engineer first, Medic last', () => {
    const { g, add } = build();
    const m = add(0, 'medic', 1, 1), c = add(0, 'captain', 2, 1), e = add(0, 'engineer', 3, 1);
    add(1, 'rifleman', 5, 8);
    buildOrder(g, 0);
    expect(Array.from(g.order.slice(0, g.orderLen))).toEqual([e, c, m]);
  });

  it('22 a unit fires once per activation, before or after moving', () => {
    for (const pol of ['farm', 'rush']) {
      const { g, add } = build({ policies: [pol, pol] });
      const u = add(0, 'machine-gunner', 5, 5);
      add(1, 'rifleman', 5, 6); add(1, 'captain', 5, 4);
      const shots0 = g.count.actions.get(0, AC_SHOT);
      activate(g, u);
      expect(g.count.actions.get(0, AC_SHOT) - shots0).toBe(1);
    }
  });

  it('19 64 a game is 12 rounds of a USA and a German turn; 4 of them at night', () => {
    const { p, scn } = defaultGame({ rules: { mission_mode: 'none' } });
    const rec = p;
    const N = 60;
    for (let i = 0; i < N; i++) p.play(9, i);
    const night = scn.plan.layout.read(rec.acc, 'nightGames') as number[];
    expect(night.reduce((a, b) => a + b, 0)).toBe(4 * N);
    expect((scn.plan.layout.read(rec.acc, 'endRound') as number[])[11]).toBe(N);
    const wx = scn.plan.layout.read(rec.acc, 'weather') as number[][];
    for (const row of wx) expect(row[0] + row[1] + row[2]).toBe(N); // 20: a weather every round
  });

  it('19 lethality per round: per-type blocks add up to the per-side ones', () => {
    const { p, scn } = defaultGame();
    const rec = p;
    for (let i = 0; i < 30; i++) p.play(8, i);
    const read = (n: string) => scn.plan.layout.read(rec.acc, n) as number[][] & number[][][];
    const lostSteps = read('typeCostLostSteps') as unknown as number[][][], lost = read('typeCostLost') as unknown as number[][];
    const typeCas = read('typeCasualties') as unknown as number[][][], cas = read('casualties') as unknown as number[][];
    const hl = read('healthLost') as unknown as number[][];
    for (let s = 0; s < 2; s++) {
      for (let k = 0; k < 8; k++) expect(lostSteps[s][k].reduce((a, b) => a + b, 0)).toBe(lost[s][k]);
      for (let t = 0; t < 12; t++) {
        expect(typeCas[s].reduce((a, row) => a + row[t], 0)).toBe(cas[s][t]);
        expect(lostSteps[s].reduce((a, row) => a + row[t], 0)).toBe(hl[s][t]);
      }
    }
  });

  it('23 69 R8 a mission completes at the end of an activation: its hex held (no enemy) and its target type dead', () => {
    const { g, add, at } = build({ board: withSlot(1, 5, 4, 'O') });
    const u = add(0, 'medic', 5, 4), sn = add(1, 'sniper', 9, 9), e = add(1, 'rifleman', 5, 4);
    g.missionHex[0] = at(5, 4);
    g.missionType[0] = 5; // the enemy Sniper
    expect(missionComplete(g, 0)).toBe(false);
    g.alive[sn] = 0;
    expect(missionComplete(g, 0)).toBe(false); // an enemy stands on the hex
    g.alive[e] = 0;
    expect(missionComplete(g, 0)).toBe(true);
    g.missionType[0] = 3; // a type the enemy never fielded: any 2 kills
    expect(missionComplete(g, 0)).toBe(false);
    g.killCount[0] = 2;
    expect(missionComplete(g, 0)).toBe(true);
    playTurn(g, 0); // the first activation ends the game
    expect([g.over, g.missionWinner]).toEqual([true, 0]);
    expect(u).toBe(0);
  });

  it('24 tie-breaks: VP, then surviving units, total health, tiles revealed, buildings explored', () => {
    const { g, add } = build();
    const a = add(0, 'captain', 1, 1), b = add(1, 'captain', 2, 2), c = add(1, 'medic', 3, 3);
    expect(endWinner(g, 5, 4)).toBe(0);
    expect(g.val[3]).toBe(1);
    expect(endWinner(g, 4, 4)).toBe(1); // 2 units against 1
    g.alive[c] = 0;
    g.hp[a] = 3;
    expect([endWinner(g, 4, 4), g.val[3]]).toEqual([1, 3]);
    g.hp[a] = 5;
    g.tiles[0] = 2; g.tiles[1] = 1;
    expect([endWinner(g, 4, 4), g.val[3]]).toEqual([0, 4]);
    g.tiles[1] = 2; g.explored[1] = 1;
    expect([endWinner(g, 4, 4), g.val[3]]).toEqual([1, 5]);
    g.explored[0] = 1;
    expect([endWinner(g, 4, 4), g.val[3]]).toEqual([2, 6]);
    expect(b).toBe(1);
  });

  it('68 VP: tile +1, Building +1, objective +1, each enemy health point +1, a kill +3 (results vpSource)', () => {
    const { p, scn } = defaultGame();
    const rec = p;
    for (let i = 0; i < 40; i++) p.play(4, i);
    const src = scn.plan.layout.read(rec.acc, 'vpSource') as number[][];
    const act = scn.plan.layout.read(rec.acc, 'actions') as number[][];
    const vp = scn.plan.layout.read(rec.acc, 'score') as number[];
    for (let s = 0; s < 2; s++) {
      expect(src[s][0]).toBe(act[s][5]); // one VP per reveal
      expect(src[s][1]).toBe(act[s][6]); // one per exploration
      expect(src[s][4] % 3).toBe(0);
      expect(src[s].reduce((x, y) => x + y, 0)).toBe(vp[s]);
    }
    const kills = scn.plan.layout.read(rec.acc, 'typeKills') as number[][];
    expect(kills[0].reduce((x, y) => x + y, 0) * 3).toBeLessThanOrEqual(src[0][4]);
  });

  it('R19 a side’s decisions do not read the enemy’s secret mission; full_information (debug mode) lets deny_weight guard it', () => {
    const moves: number[] = [];
    for (const full of [false, true]) {
      for (const enemyMission of [-1, 40]) {
        const { g, add, at } = build({ seed: 5, rules: { full_information: full }, policies: [{ id: 'rush', deny_weight: 5 }, 'rush'] });
        const u = add(0, 'rifleman', 5, 1);
        add(1, 'captain', 5, 8);
        g.missionHex[0] = at(2, 6);
        g.missionHex[1] = enemyMission;
        activate(g, u);
        moves.push(g.hex[u]);
      }
    }
    expect(moves[0]).toBe(moves[1]); // hidden: the enemy's card changes nothing
    expect(moves[2]).toBe(moves[0]); // full information, but no enemy mission
    expect(moves[3]).not.toBe(moves[2]); // full information: it moves to guard hex 40
    const { g } = build();
    expect(g.board.grid.distance(moves[3], 40)).toBeLessThan(g.board.grid.distance(moves[2], 40));
  });
});

describe('Iron Squad solo', () => {
  const SOLO = { ...DEFAULT, scenario: { id: 'solo' }, sides: [DEFAULT.sides[0], { name: 'Bot', policy: 'bot' }] };

  it('70 solo: the player fields his units and draws a mission; the bot starts with none', () => {
    const scn = compileIron(SOLO);
    expect([scn.units[0].length, scn.units[1].length, scn.solo]).toEqual([5, 0, true]);
    expect(() => compileIron({ ...SOLO, sides: [DEFAULT.sides[0], { ...DEFAULT.sides[1] }] })).toThrow(/solo/);
    expect(loadConfig(new URL('../configs/iron-squad/normandy.json', import.meta.url).pathname).scn.ruleset).toBe('iron-squad');
    const shipped = compileIron(JSON.parse(readFileSync(new URL('../configs/iron-squad/solo.json', import.meta.url), 'utf8')));
    expect([shipped.solo, shipped.units[1].length]).toEqual([true, 0]);
    const g = createIronGame(scn);
    setUp(g, 2);
    expect(g.n).toBe(5);
    expect(g.missionHex[1]).toBe(-1);
  });

  it('71 72 73 solo: any unit card spawns a hostile Local on the building and a Regular one hex behind it', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'B');
    const { g, add, at } = build({ board: spec, scenario: { id: 'solo' }, policies: ['rush', 'bot'] });
    const u = add(0, 'captain', 5, 5);
    add(0, 'rifleman', 5, 3); // the "behind" hex (5,3) is taken: next clockwise
    g.deck.stack([1]); // a US card: hostile anyway in solo
    expect(explore(g, u, at(5, 4), at(5, 5))).toBe(true);
    const local = g.n - 2, reg = g.n - 1;
    expect([g.side[local], g.type[local], g.hex[local]]).toEqual([1, 7, at(5, 4)]);
    expect([g.side[reg], g.regular[reg]]).toEqual([1, 1]);
    expect(g.hex[reg]).toBe(g.board.grid.nb[at(5, 4) * 6 + 1]); // NE of the building
  });

  it('72 solo Regular type: D8 1–2 Captain, 3 Sniper … with +1 past types in play (Monte Carlo, exact 2/8, 1/8)', () => {
    const spec = openBoard();
    setTerrain(spec, 5, 4, 'B');
    const N = 1600;
    const counts = new Array(8).fill(0);
    const { g, add, at } = build({ board: spec, scenario: { id: 'solo' }, policies: ['rush', 'bot'], rules: { building_explore_once: false } });
    const u = add(0, 'captain', 5, 5);
    const n0 = g.n;
    for (let i = 0; i < N; i++) {
      g.n = n0; g.hp[u] = 5; g.alive[u] = 1;
      g.deck.stack([2]);
      explore(g, u, at(5, 4), at(5, 5));
      counts[g.type[g.n - 1]]++;
    }
    const pCap = 2 / 8;
    expect(Math.abs(counts[0] / N - pCap)).toBeLessThan(4 * Math.sqrt((pCap * (1 - pCap)) / N));
    expect(Math.abs(counts[5] / N - 1 / 8)).toBeLessThan(4 * Math.sqrt((7 / 64) / N));
    // With every type but the Grenade Thrower in play, every roll ends on it.
    for (const t of [0, 1, 2, 4, 5, 6]) g.addUnit(1, t, at(9, 9), 5, false);
    const n1 = g.n;
    for (let i = 0; i < 20; i++) {
      g.n = n1; g.deck.stack([1]); g.hp[u] = 5; g.alive[u] = 1;
      explore(g, u, at(5, 4), at(5, 5));
      expect(g.type[g.n - 1]).toBe(3);
    }
  });

  it('74 R20 bot: shoots the lowest-health unit it can reach, ties by the priority list, from good terrain', () => {
    const spec = openBoard();
    setTerrain(spec, 4, 6, 'F');
    const { g, add } = build({ board: spec, scenario: { id: 'solo' }, policies: ['rush', 'bot'] });
    const eng = add(0, 'engineer', 5, 2), med = add(0, 'medic', 5, 2), cap = add(0, 'captain', 9, 2);
    const bot = add(1, 'rifleman', 5, 9);
    g.hp[eng] = 3; g.hp[med] = 3; g.hp[cap] = 2; // the Captain is lowest but out of reach this turn
    g.decide[1].activate(g, bot); // the seat's player: the bot
    expect(g.fired[bot]).toBe(1);
    // It closed to its 3-hex range (the closest hexes it can shoot from) and shot the Medic
    // (priority over the Engineer at equal health): the Engineer is untouched.
    expect(g.board.grid.distance(g.hex[bot], g.hex[med])).toBe(3);
    expect(g.hp[eng]).toBe(3);
    expect(g.hp[cap]).toBe(2);
  });

  it('74 R20 bot: among the hexes giving the best shot it takes the best cover', () => {
    const probe = build();
    const grid = probe.g.board.grid, start = probe.at(5, 9), target = probe.at(5, 2);
    let pick = -1;
    for (let h = 0; h < grid.size && pick < 0; h++) if (h !== probe.at(5, 5) && grid.distance(h, target) === 3 && grid.distance(h, start) <= 5) pick = h;
    const spec = openBoard();
    setTerrain(spec, grid.col(pick), grid.row(pick), 'F');
    const { g, add } = build({ board: spec, scenario: { id: 'solo' }, policies: ['rush', 'bot'], rules: { mp_by_type: { rifleman: 17 } } });
    add(0, 'engineer', 5, 2);
    const bot = add(1, 'rifleman', 5, 9);
    g.decide[1].activate(g, bot);
    expect(pick).toBeGreaterThanOrEqual(0);
    expect(g.hex[bot]).toBe(pick);
    expect(g.fired[bot]).toBe(1);
  });

  it('75 solo win: 3 Local kills, 3 Regular kills (the kill part) and the objective hex held', () => {
    const { g, add, at } = build({ board: withSlot(1, 5, 4, 'O'), scenario: { id: 'solo' }, policies: ['rush', 'bot'] });
    add(0, 'captain', 5, 4);
    g.missionHex[0] = at(5, 4);
    g.localKills[0] = 3;
    g.regularKills[0] = 2;
    expect(missionComplete(g, 0)).toBe(false);
    g.regularKills[0] = 3;
    expect(missionComplete(g, 0)).toBe(true);
    g.localKills[0] = 2;
    expect(missionComplete(g, 0)).toBe(false);
  });

  it('76 R20 solo: 12 rounds; score = VP + remaining health − 3 per unit lost', () => {
    const scn = compileIron({ ...SOLO, rules: { solo_lost_unit_penalty: 3 } });
    const p = player(ironSquad, scn), g = p.game, rec = p;
    const N = 40;
    let expected = 0;
    for (let i = 0; i < N; i++) {
      p.play(3, i);
      let hp = 0, lost = 0;
      for (let u = 0; u < g.n; u++) if (g.side[u] === 0) (g.alive[u] ? (hp += g.hp[u]) : lost++);
      expected += g.vp[0] + hp - 3 * lost;
      expect(g.endRound === 12 || g.over).toBe(true);
    }
    const solo = scn.plan.layout.read(rec.acc, 'solo') as number[];
    expect(solo[3]).toBe(expected);
    expect((scn.plan.layout.read(rec.acc, 'score') as number[])[0]).toBe(expected);
  });
});
