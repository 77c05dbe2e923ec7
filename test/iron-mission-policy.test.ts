/**
 * Iron Squad mission play (issue 12; digest section 4 item 12; items 23, 69, R8): the
 * policy knobs that read the side's own mission card. mission_kill_bonus makes a shot at
 * the card's enemy type worth more; finish_mission walks onto the free objective hex once
 * the kill part is done, which wins at once.
 */
import { describe, expect, it } from 'vitest';
import { build, openBoard, setTerrain } from './iron-harness.ts';
import { activate, pickTarget } from '../engine/rulesets/iron-squad/policy/scripted.ts';
import { finishingHex, killPartDone, markMissionTargets } from '../engine/rulesets/iron-squad/policy/mission.ts';
import { approachFoe, listFoes } from '../engine/rulesets/iron-squad/policy/scoring.ts';
import { missionComplete } from '../engine/rulesets/iron-squad/rules/game.ts';
import { T_GRENADIER, T_SNIPER } from '../engine/rulesets/iron-squad/data/units.ts';

describe('mission_kill_bonus: the mission card\'s enemy type is worth more to shoot', () => {
  // A US rifleman at (5,2); a German sniper (the card's type) next to him in Forest and a
  // German rifleman 2 hexes off in the open, the easier shot; both hurt to 2 H so a hit can kill.
  const scene = (bonus: number) => {
    const b = build({ board: setTerrain(openBoard(), 5, 3, 'F'), policies: [{ id: 'rush', mission_kill_bonus: bonus }, 'rush'] });
    const u = b.add(0, 'rifleman', 5, 2);
    const far = b.add(1, 'sniper', 5, 3);
    const near = b.add(1, 'rifleman', 7, 2);
    const g = b.g;
    g.hp[far] = 2;
    g.hp[near] = 2;
    g.missionHex[0] = b.at(5, 8);
    g.missionType[0] = T_SNIPER;
    markMissionTargets(g, 0);
    listFoes(g, u);
    return { g, u, far, near };
  };
  it('picks the easier shot without the bonus and the mission target with it', () => {
    const plain = scene(0);
    expect(pickTarget(plain.g, plain.u, plain.g.hex[plain.u])).toBe(plain.near);
    const keen = scene(10);
    expect(keen.g.dec.missionBonus[keen.far]).toBe(10);
    expect(keen.g.dec.missionBonus[keen.near]).toBe(0);
    expect(pickTarget(keen.g, keen.u, keen.g.hex[keen.u])).toBe(keen.far);
  });
  it('marks every enemy when the card\'s type was never fielded, and none once the fallback kills are made', () => {
    const { g, far, near } = scene(4);
    g.missionType[0] = T_GRENADIER; // not on the German side here
    markMissionTargets(g, 0);
    expect([g.dec.missionBonus[far], g.dec.missionBonus[near]]).toEqual([4, 4]);
    g.killCount[0] = g.scn.rules.mission_fallback_kills;
    expect(killPartDone(g, 0)).toBe(true);
    markMissionTargets(g, 0);
    expect([g.dec.missionBonus[far], g.dec.missionBonus[near]]).toEqual([0, 0]);
  });
});

describe('hunt_mission: close in on the mission card\'s enemy type, not just the nearest enemy', () => {
  // A US rifleman at (2,1); a German rifleman 3 hexes east, the card's type (sniper) far
  // in the south-west. Only the approach term counts.
  const scene = (hunt: boolean) => {
    const b = build({ policies: [{ id: 'rush', hunt_mission: hunt, objective_weight: 0, vp_weight: 0, attack_weight: 0, exposure_weight: 0, cover_weight: 0, approach_weight: 1, reveals_per_activation: 0 }, 'rush'] });
    const u = b.add(0, 'rifleman', 2, 1);
    const near = b.add(1, 'rifleman', 5, 1);
    const target = b.add(1, 'sniper', 1, 9);
    const g = b.g;
    g.missionHex[0] = b.at(10, 8);
    g.missionType[0] = T_SNIPER;
    return { g, u, near, target };
  };
  it('approaches the nearest enemy without it and the mission target with it', () => {
    const off = scene(false);
    const d0 = off.g.board.grid.distance(off.g.hex[off.u], off.g.hex[off.target]);
    activate(off.g, off.u);
    expect(off.g.foes[approachFoe(off.g, off.u)]).toBe(off.near);
    const on = scene(true);
    activate(on.g, on.u);
    expect(on.g.foes[approachFoe(on.g, on.u)]).toBe(on.target);
    const grid = on.g.board.grid;
    expect(grid.distance(on.g.hex[on.u], on.g.hex[on.target])).toBeLessThan(d0 - 1);
    expect(grid.distance(on.g.hex[on.u], on.g.hex[on.target])).toBeLessThan(grid.distance(off.g.hex[off.u], off.g.hex[off.target]));
  });
});

describe('finish_mission: with the kill part done, walk onto the objective hex and win', () => {
  // A US rifleman at (2,2), the objective 3 hexes east; the card's type (sniper) already
  // dead. Weights that ignore the objective leave him elsewhere unless finish_mission is on.
  const scene = (finish: boolean, enemyOnHex = false) => {
    const b = build({ policies: [{ id: 'rush', finish_mission: finish, objective_weight: 0, vp_weight: 0, approach_weight: 1, attack_weight: 0, reveals_per_activation: 0 }, 'rush'] });
    const u = b.add(0, 'rifleman', 2, 2);
    const dead = b.add(1, 'sniper', 9, 9);
    b.add(1, 'rifleman', enemyOnHex ? 5 : 2, enemyOnHex ? 2 : 9);
    const g = b.g;
    g.alive[dead] = 0;
    g.missionHex[0] = b.at(5, 2);
    g.missionType[0] = T_SNIPER;
    return { g, u, mh: b.at(5, 2) };
  };
  it('moves onto the hex and completes the mission; the same weights without it do not', () => {
    const on = scene(true);
    expect(killPartDone(on.g, 0)).toBe(true);
    activate(on.g, on.u);
    expect(on.g.hex[on.u]).toBe(on.mh);
    expect(missionComplete(on.g, 0)).toBe(true);
    const off = scene(false);
    activate(off.g, off.u);
    expect(off.g.hex[off.u]).not.toBe(off.mh);
  });
  it('does not count a hex an enemy stands on', () => {
    const { g, u } = scene(true, true);
    g.board.path.reach(g.hex[u], 12);
    expect(finishingHex(g, u)).toBe(-1);
  });
});
