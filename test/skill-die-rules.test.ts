/** skill-die attacks, sight, movement and medical care (items 7–22, 30, 33–46; R1–R5, R9–R14, R18–R19). */
import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { W_LMG, W_MORTAR, W_RIFLE, W_GRENADE, W_MMG } from '../engine/rulesets/skill-die/data/catalogue.ts';
import { attackDie, blast, netAdvantage, oneAttack, rollDamage, rollSkill, targetable } from '../engine/rulesets/skill-die/rules/attack.ts';
import { canAct, canMove, doAttack, doMove, doRevive, pledgeCrew } from '../engine/rulesets/skill-die/rules/actions.ts';
import { pHit, pKill } from '../engine/rulesets/skill-die/rules/probability.ts';
import { partiallyConcealed } from '../engine/rulesets/skill-die/rules/sight.ts';
import { ACTIVE, CASUALTY, GONE } from '../engine/rulesets/skill-die/rules/state.ts';
import { compileSkill } from '../engine/rulesets/skill-die/compile.ts';
import { config, rifleman, table } from './skill-die-harness.ts';

const N = 20_000;
const within = (got: number, p: number, n = N) => expect(Math.abs(got / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);

const BUILDING = { name: 'house', polygon: [[20, 20], [28, 20], [28, 28], [20, 28]], obscuring: true, impassable: true };
const WOOD = { name: 'wood', polygon: [[20, 36], [28, 36], [28, 44], [20, 44]], cover: true };
const MUD = { name: 'mud', polygon: [[0, 10], [48, 10], [48, 30], [0, 30]], difficult: true };
const HILL = { name: 'hill', polygon: [[0, 10], [48, 10], [48, 30], [0, 30]], height: 2 };

describe('skill-die profiles and weapons (items 33–46, R1–R3, R9, R14)', () => {
  it('33 34 35 36 R1 profiles read as Move, Skill, Defense with d8/d6/d4/d8 Skill dice and 38 body armour +1', () => {
    const s = compileSkill(config({ blue: [{ type: 'average' }, { type: 'poor' }, { type: 'non-combatant' }, { type: 'specialist' }, { type: 'average', armour: true }], red: [rifleman] }));
    expect(Array.from(s.uMove.subarray(0, 5))).toEqual([8, 8, 5, 8, 8]);
    expect(Array.from(s.uSkill.subarray(0, 5))).toEqual([8, 6, 4, 8, 8]);
    expect(Array.from(s.uDefense.subarray(0, 5))).toEqual([4, 3, 2, 4, 5]);
    expect(s.uSpecDie[3]).toBe(10);
  });

  it('39–46 R2 R3 the weapons table: range, Difficulty, Damage die, Fan, Radius (AT rocket Fan 1)', () => {
    const s = compileSkill(config({ blue: [rifleman], red: [rifleman] }));
    expect(Array.from(s.wRange)).toEqual([36, 36, 48, 1, 12, 64, 72, 36, 72]);
    expect(Array.from(s.wDifficulty)).toEqual([3, 4, 5, 2, 2, 6, 5, 5, 5]);
    expect(Array.from(s.wDamage)).toEqual([6, 6, 8, 4, 6, 10, 8, 12, 12]);
    expect(Array.from(s.wFan)).toEqual([1, 2, 4, 1, 1, 4, 2, 1, 1]);
    expect(Array.from(s.wRadius)).toEqual([0, 0, 0, 0, 3, 0, 12, 0, 0]);
    expect(Array.from(s.wCrew)).toEqual([1, 2, 3, 1, 1, 3, 2, 2, 1]);
    const literal = compileSkill(config({ blue: [rifleman], red: [rifleman], rules: { weapons: { 'at-rocket': { fan: 5 }, mortar: { radius: 3, min_range: 12 } } } }));
    expect(literal.wFan[7]).toBe(5);
    expect(literal.wMinRange[W_MORTAR]).toBe(12);
  });

  it('36 a specialist rolls the specialty die with his specialty weapon only', () => {
    const g = table({ blue: [{ type: 'specialist', weapons: ['mortar', 'rifle'], specialty: 'mortar' }], red: [rifleman] }, [[24, 4], [24, 30]]);
    expect(attackDie(g, 0, W_MORTAR)).toBe(10);
    expect(attackDie(g, 0, W_RIFLE)).toBe(8);
  });
});

describe('skill-die alternative readings (R3, R8, R12)', () => {
  it('R3 with the mortar\'s 12 read as a minimum range, a target 5" away cannot be shelled', () => {
    const rules = { weapons: { mortar: { radius: 3, min_range: 12 } } };
    const g = table({ blue: [{ type: 'specialist', weapons: ['mortar'] }], red: [rifleman, rifleman], rules }, [[24, 4], [24, 10], [24, 30]]);
    expect(targetable(g, 0, 1, W_MORTAR)).toBe(0);
    expect(targetable(g, 0, 2, W_MORTAR)).toBe(1);
  });

  it('R8 reaction_uses ["move"]: a Reaction may move but not attack', () => {
    const g = table({ blue: [rifleman], red: [rifleman], rules: { reaction_uses: ['move'] } }, [[24, 4], [24, 30]]);
    g.turnSide = 0;
    g.reactor = 1;
    g.cand[0] = 0;
    expect(doAttack(g, 1, W_RIFLE, 1)).toBe(false);
    g.table.setPoint(g.SLOT_DEST, 24, 40);
    expect(doMove(g, 1)).toBe(true);
    expect(g.table.py[1]).toBeCloseTo(38, 6);
  });

  it('R12 concealment still applies to indirect fire: unaware (+) and concealed (−) cancel', () => {
    const WOODS = { name: 'wood', polygon: [[20, 36], [28, 36], [28, 44], [20, 44]], cover: true };
    const WALL = { name: 'wall', polygon: [[0, 20], [48, 20], [48, 22], [0, 22]], obscuring: true };
    const g = table({ blue: [{ type: 'specialist', weapons: ['mortar'], radio: true }], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [WOODS, WALL] } }, [[24, 4], [24, 40]]);
    g.attacks[0] = 1;
    expect(netAdvantage(g, 0, 1, W_MORTAR, true)).toBe(0);
    g.table.setPoint(1, 40, 40);
    expect(netAdvantage(g, 0, 1, W_MORTAR, true)).toBe(1);
  });
});

describe('skill-die Skill and Damage rolls (items 10–13, 16, 18, 22, R19)', () => {
  it('12 18 R19 a Skill roll hits on ≥ Difficulty: plain, Advantage (best of two), Disadvantage (worst of two), unreachable never', () => {
    const rng = new Rng(5);
    for (const [die, diff, net] of [[8, 3, 0], [6, 4, 1], [8, 5, -1], [4, 5, 0], [4, 5, 1]] as const) {
      let hits = 0;
      for (let i = 0; i < N; i++) if (rollSkill(rng, die, net) >= diff) hits++;
      within(hits, pHit(die, diff, net, 0));
    }
    expect(pHit(8, 3, 0, 0)).toBe(6 / 8); // R2: an average combatant hits with a rifle on 6 of 8
    expect(pHit(4, 5, 1, 0)).toBe(0);
  });

  it('13 R2 a rifle hit destroys a Defense 4 combatant half the time', () => {
    const rng = new Rng(6);
    let k = 0;
    for (let i = 0; i < N; i++) if (rollDamage(rng, 6, 4, 0)) k++;
    within(k, 0.5);
    expect(pKill(6, 4, 0)).toBe(0.5);
  });

  it('16 R14 a Defense die is rolled, and a smaller Damage die cannot scratch it', () => {
    const rng = new Rng(7);
    let small = 0, even = 0;
    for (let i = 0; i < N; i++) {
      if (rollDamage(rng, 6, 0, 8)) small++;
      if (rollDamage(rng, 12, 0, 12)) even++;
    }
    expect(small).toBe(0);
    within(even, 13 / 24);
    expect(pKill(12, 0, 12)).toBeCloseTo(13 / 24, 12);
  });

  it('22 Advantage touches the Skill roll only: kills per hit stay at the Damage odds', () => {
    const g = table({ blue: [rifleman], red: [{ type: 'average' }] }, [[24, 4], [24, 30]]);
    let hits = 0, kills = 0;
    for (let i = 0; i < 4000; i++) {
      g.status[1] = ACTIVE;
      const r = oneAttack(g, 0, 1, W_RIFLE, 1, 0);
      if (r > 0) hits++;
      if (r === 2) kills++;
    }
    within(kills, 0.5, hits);
    within(hits, pHit(8, 3, 1, 0), 4000);
  });
});

describe('skill-die Advantage and Disadvantage sources (items 19–21, 37, R4–R7)', () => {
  it('19 20 21 net sign only: target still (+), Main Effort (+), untrained (−) gives Advantage', () => {
    const g = table({ blue: [{ type: 'non-combatant', weapons: ['rifle'] }], red: [rifleman] }, [[24, 4], [24, 30]]);
    g.attacks[0] = 1;
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(-1); // untrained (R10), target moved (starts as moved)
    g.movedLast[1] = 0;
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(0);
    g.mainEffort[0] = 1;
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(1);
  });

  it('20 R6 a first attack from outside the target\'s sight at the start of the turn has Advantage', () => {
    const g = table({ blue: [rifleman], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [BUILDING] } }, [[24, 10], [24, 34]]);
    g.sx[0] = 24; g.sy[0] = 14; // started the turn behind the house
    g.table.setPoint(0, 10, 14); // stepped out to the side: the target sees it now
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(1);
    g.attacks[0] = 1;
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(0);
  });

  it('21 R5 R6 37 partial concealment and darkness give Disadvantage; NVGs cancel darkness', () => {
    const g = table({ blue: [rifleman, { type: 'average', weapons: ['rifle'], nvg: true }], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [WOOD] }, rules: { darkness: true } }, [[24, 4], [10, 4], [24, 37]]);
    g.attacks[0] = 1; g.attacks[1] = 1;
    expect(partiallyConcealed(g, 0, 2)).toBe(true);
    expect(netAdvantage(g, 0, 2, W_RIFLE, false)).toBe(-1);
    g.table.setPoint(2, 40, 37); // out of the wood, still dark at > 12"
    expect(partiallyConcealed(g, 0, 2)).toBe(false);
    expect(netAdvantage(g, 0, 2, W_RIFLE, false)).toBe(-1);
    expect(netAdvantage(g, 1, 2, W_RIFLE, false)).toBe(0);
  });

  it('21 R4 a Suppressed target gives Disadvantage (switchable), and so does being Suppressed', () => {
    const g = table({ blue: [rifleman], red: [rifleman] }, [[24, 4], [24, 30]]);
    g.attacks[0] = 1;
    g.suppressed[1] = 2;
    expect(netAdvantage(g, 0, 1, W_RIFLE, false)).toBe(-1);
    const h = table({ blue: [rifleman], red: [rifleman], rules: { suppressed_target_disadvantage: false } }, [[24, 4], [24, 30]]);
    h.attacks[0] = 1;
    h.suppressed[1] = 2;
    expect(netAdvantage(h, 0, 1, W_RIFLE, false)).toBe(0);
    h.suppressed[0] = 2;
    expect(netAdvantage(h, 0, 1, W_RIFLE, false)).toBe(-1);
  });
});

describe('skill-die range, sight, Fan, explosives, crews (items 11–12, 15, 17, R4, R5, R9, R11, R18)', () => {
  it('11 R5 out of range or behind cover cannot be attacked', () => {
    const g = table({ blue: [rifleman], red: [rifleman, rifleman], map: { name: 'm', size: [48, 48], terrain: [BUILDING] } }, [[24, 2], [24, 40], [2, 39.5]]);
    expect(targetable(g, 0, 1, W_RIFLE)).toBe(0); // behind the house
    expect(targetable(g, 0, 2, W_RIFLE)).toBe(0); // 43.5" centre to centre: beyond 36" edge to edge
    g.table.setPoint(2, 2, 30);
    expect(targetable(g, 0, 2, W_RIFLE)).toBe(1);
  });

  it('12 R9 each crew member within 2" who gives up his Action adds +1', () => {
    const g = table({ blue: [{ type: 'average', weapons: ['mmg'] }, { ...rifleman, crew_of: 0 }, { ...rifleman, crew_of: 0 }], red: [rifleman] }, [[24, 4], [25.5, 4], [30, 4], [24, 30]]);
    expect(pledgeCrew(g, 0)).toBe(1); // the second is 5" away
    expect(g.acted[1]).toBe(1);
    expect(canAct(g, 1)).toBe(false);
    expect(g.assist[0]).toBe(1);
  });

  it('17 R18 a Fan weapon makes Fan attacks at targets inside one 45° cone, repeating on a target', () => {
    // A tank (Defense d12) cannot be scratched by the MMG's d8: all four attacks go at it.
    const g = table({ blue: [{ type: 'average', weapons: ['mmg'] }, { ...rifleman, crew_of: 0 }, { ...rifleman, crew_of: 0 }], red: [{ type: 'tank' }, rifleman, rifleman] }, [[24, 4], [23, 4], [25, 4], [24, 30], [26, 30], [47, 10]]);
    const rolls = g.tally.offset('skillRolls');
    g.cand[0] = 3; g.cand[1] = 5;
    expect(doAttack(g, 0, W_MMG, 2)).toBe(false); // 5 is far outside the cone
    expect(g.tally.acc[rolls]).toBe(0);
    g.cand[0] = 3; g.cand[1] = 4;
    expect(doAttack(g, 0, W_MMG, 2)).toBe(true); // 3 and 4 are 4.4° apart
    expect(g.tally.acc[rolls]).toBe(4);
    expect(g.status[3]).toBe(ACTIVE);
  });

  it('R4 a unit surviving a Fan attack is Suppressed: Move or Act, not both, until the end of its next turn', () => {
    let found = false;
    for (let seed = 1; seed < 60 && !found; seed++) {
      const g = table({ blue: [{ type: 'specialist', weapons: ['lmg'] }], red: [{ type: 'specialist', armour: true }] }, [[24, 4], [24, 30]], seed);
      g.cand[0] = 1;
      doAttack(g, 0, W_LMG, 1);
      if (g.status[1] !== ACTIVE) continue;
      found = true;
      expect(g.suppressed[1]).toBe(2);
      g.turnSide = 1;
      g.suppressed[1] = 1; // its turn began
      g.table.setPoint(g.SLOT_DEST, 24, 26);
      expect(doMove(g, 1)).toBe(true);
      expect(canAct(g, 1)).toBe(false);
    }
    expect(found).toBe(true);
  });

  it('15 R11 one Skill roll, then a Damage roll for every unit in the Radius, friend or foe', () => {
    let hitCase = false, missCase = false;
    for (let seed = 1; seed < 200 && !(hitCase && missCase); seed++) {
      const g = table({ blue: [{ type: 'average', weapons: ['grenade'] }, { type: 'non-combatant' }], red: [{ type: 'non-combatant' }, { type: 'non-combatant' }, { type: 'non-combatant' }] }, [[24, 14], [26, 24], [24, 24], [24, 26], [24, 40]], seed);
      const rolls = g.tally.offset('skillRolls');
      g.rng.seed(seed);
      const roll = g.rng.die(8); // the blast's Skill roll is its first draw
      g.rng.seed(seed);
      blast(g, 0, 2, W_GRENADE, 0, 0);
      expect(g.tally.acc[rolls]).toBe(1);
      expect(g.status[4]).toBe(ACTIVE); // 16" away
      if (roll >= 2) {
        hitCase = true;
        // Every unit within 3" (+½" base) rolled; Damage d6 ≥ Defense 2 destroys 5 of 6 times: some of the three fall, friend included sometimes.
        expect(g.table.px[g.SLOT_AIM]).toBe(24);
        expect(g.table.py[g.SLOT_AIM]).toBe(24);
      } else {
        missCase = true;
        const dx = g.table.px[g.SLOT_AIM] - 24, dy = g.table.py[g.SLOT_AIM] - 24;
        expect(Math.hypot(dx, dy)).toBeCloseTo(2, 9); // (2 − 1) × 2"
      }
    }
    expect(hitCase && missCase).toBe(true);
  });

  it('15 R11 friendly units inside the Radius are destroyed as often as enemies', () => {
    const g = table({ blue: [{ type: 'average', weapons: ['grenade'] }, { type: 'non-combatant' }], red: [{ type: 'non-combatant' }] }, [[24, 14], [25, 24], [23, 24]]);
    let friend = 0, foe = 0;
    const T = 6000;
    for (let i = 0; i < T; i++) {
      g.status[1] = ACTIVE; g.status[2] = ACTIVE;
      blast(g, 0, 2, W_GRENADE, 1, 5); // a certain hit
      if (g.status[1] !== ACTIVE) friend++;
      if (g.status[2] !== ACTIVE) foe++;
    }
    within(friend, 5 / 6, T);
    within(foe, 5 / 6, T);
  });
});

describe('skill-die movement (items 7–9)', () => {
  const mover = (terrain: unknown[], type = 'average') =>
    table({ blue: [{ type }], red: [rifleman], map: { name: 'm', size: [48, 48], terrain } }, [[24, 2], [2, 46]]);

  it('7 a unit moves up to its Move in inches in any direction', () => {
    const g = mover([]);
    g.table.setPoint(g.SLOT_DEST, 24, 40);
    doMove(g, 0);
    expect(g.table.py[0]).toBeCloseTo(10, 6);
    expect(g.movedIn[0]).toBeCloseTo(8, 6);
  });

  it('8 mud and uphill cost double; 9 tracked vehicles ignore mud but not hills', () => {
    for (const [terrain, type, dist] of [[MUD, 'average', 8 + 0], [HILL, 'average', 8], [MUD, 'apc', 12], [HILL, 'apc', 12]] as const) {
      const g = mover([terrain], type);
      g.table.setPoint(0, 24, 6);
      g.table.setPoint(g.SLOT_DEST, 24, 46);
      doMove(g, 0);
      // 4" to the edge at y = 10, then the rest at double cost (tracked in mud: full speed).
      const expected = terrain === MUD && type === 'apc' ? 6 + dist : 10 + (dist - 4) / 2;
      expect(g.table.py[0], `${terrain.name} ${type}`).toBeCloseTo(expected, 0);
    }
  });

  it('5 troops may trade the Action for a second Move; vehicles may not', () => {
    const g = table({ blue: [{ type: 'average' }, { type: 'truck' }], red: [rifleman] }, [[10, 2], [30, 2], [2, 46]]);
    for (const u of [0, 1]) {
      g.table.setPoint(g.SLOT_DEST, g.table.px[u], 40);
      expect(doMove(g, u)).toBe(true);
    }
    expect(canMove(g, 0)).toBe(true);
    expect(canMove(g, 1)).toBe(false);
    g.table.setPoint(g.SLOT_DEST, 10, 40);
    expect(doMove(g, 0)).toBe(true);
    expect(g.acted[0]).toBe(1);
    expect(g.table.py[0]).toBeCloseTo(18, 6);
    expect(canMove(g, 0)).toBe(false);
  });

  it('7 routes go round impassable terrain, never into it', () => {
    const g = mover([BUILDING]);
    g.table.setPoint(0, 24, 18);
    g.table.setPoint(g.SLOT_DEST, 24, 30);
    doMove(g, 0);
    const x = g.table.px[0], y = g.table.py[0];
    expect(x > 20 && x < 28 && y > 20 && y < 28).toBe(false);
  });
});

describe('skill-die medical care (item 30, R13)', () => {
  it('30 R13 revival: 1–3 dead and removed, 4–5 no effect, 6–8 back with Disadvantage and half Move, 9–10 fully back', () => {
    const counts = [0, 0, 0, 0];
    const T = 4000;
    const g = table({ blue: [{ ...rifleman, medic: true }, rifleman], red: [rifleman] }, [[24, 4], [25.5, 4], [2, 46]]);
    for (let i = 0; i < T; i++) {
      g.status[1] = CASUALTY; g.acted[0] = 0; g.permDis[1] = 0; g.moveNow[1] = 8; g.revivedRound[1] = -1;
      expect(doRevive(g, 0, 1)).toBe(true);
      if (g.status[1] === GONE) counts[0]++;
      else if (g.status[1] === CASUALTY) counts[1]++;
      else if (g.permDis[1] === 1) { counts[2]++; expect(g.moveNow[1]).toBe(4); }
      else { counts[3]++; expect(g.moveNow[1]).toBe(8); }
      if (g.status[1] === ACTIVE) expect(canAct(g, 1)).toBe(false); // R13: not in the turn it is revived
    }
    [0.3, 0.2, 0.3, 0.2].forEach((p, k) => within(counts[k], p, T));
  });

  it('30 R13 the medic must be touching (within 1") a friendly casualty', () => {
    const g = table({ blue: [{ ...rifleman, medic: true }, rifleman], red: [rifleman] }, [[24, 4], [27, 4], [2, 46]]);
    g.status[1] = CASUALTY;
    expect(doRevive(g, 0, 1)).toBe(false);
    g.table.setPoint(1, 25.8, 4);
    expect(doRevive(g, 0, 1)).toBe(true);
  });
});
