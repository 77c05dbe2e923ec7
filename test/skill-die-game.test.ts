/** skill-die turns, command, signal, unmanned systems, EW, victory and configs (items 1–6, 14, 23–32, 47; R8, R15–R17, R19–R20). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../engine/errors.ts';
import { W_MORTAR, W_RIFLE } from '../engine/rulesets/skill-die/data/catalogue.ts';
import { compileSkill } from '../engine/rulesets/skill-die/compile.ts';
import { skillDie } from '../engine/rulesets/skill-die/index.ts';
import { canAct, canMove, doAttack, doControlDrone, doEwScan, doInitiativeSignal, doMainEffort, doMove, doSignalTarget } from '../engine/rulesets/skill-die/rules/actions.ts';
import { netAdvantage, targetable } from '../engine/rulesets/skill-die/rules/attack.ts';
import { clearSignals, playTurn, rollInitiative, score } from '../engine/rulesets/skill-die/rules/game.ts';
import { CASUALTY } from '../engine/rulesets/skill-die/rules/state.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { BEST, BEST_V, bestAttack } from '../engine/rulesets/skill-die/policy/eval.ts';
import { pHit } from '../engine/rulesets/skill-die/rules/probability.ts';
import { config, rifleman, table } from './skill-die-harness.ts';
import { player } from './play-harness.ts';

const WALL = { name: 'wall', polygon: [[0, 20], [48, 20], [48, 22], [0, 22]], obscuring: true };
const within = (got: number, p: number, n: number) => expect(Math.abs(got / n - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-9);

describe('skill-die turn order (items 1–6, R8, R19)', () => {
  it('1 2 R19 initiative: the higher d10 plays first, ties re-rolled; a player may play twice in a row', () => {
    const g = table({ blue: [rifleman], red: [rifleman] }, [[24, 4], [24, 44]]);
    let first0 = 0, twice = false, prev = -1;
    const T = 20_000;
    for (let i = 0; i < T; i++) {
      const f = rollInitiative(g);
      if (f === 0) first0++;
      if (prev === 1 && f === 0) twice = true; // last in one turn, first in the next
      prev = f;
    }
    within(first0, 0.5, T);
    expect(twice).toBe(true);
  });

  it('25 a commander\'s initiative Signal gives Advantage on the next roll: P(first) = 0.6105 / 0.9 ...', () => {
    const g = table({ blue: [{ type: 'specialist', radio: true, commander: true }], red: [rifleman] }, [[24, 4], [24, 44]]);
    expect(doInitiativeSignal(g, 0)).toBe(true);
    expect(g.initAdv[0]).toBe(1);
    // Exact: P(max of two d10 > d10) / (1 − P(tie)).
    let win = 0, tie = 0;
    for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) for (let c = 1; c <= 10; c++) { const m = Math.max(a, b); if (m > c) win++; else if (m === c) tie++; }
    const p = win / (1000 - tie);
    let first0 = 0;
    const T = 20_000;
    for (let i = 0; i < T; i++) { g.initAdv[0] = 1; if (rollInitiative(g) === 0) first0++; }
    within(first0, p, T);
    expect(g.initAdv[0]).toBe(0); // used up
  });

  it('R19 with initiative_tiebreak "loser_of_last_tie" a tie goes to the player who lost the previous tie', () => {
    const g = table({ blue: [rifleman], red: [rifleman], rules: { initiative_tiebreak: 'loser_of_last_tie' } }, [[24, 4], [24, 44]]);
    g.lastTieLoser = 1;
    // Force a tie: scan seeds for a first roll pair that ties.
    let checked = false;
    for (let seed = 1; seed < 500 && !checked; seed++) {
      g.rng.seed(seed);
      const a = g.rng.die(10), b = g.rng.die(10);
      if (a !== b) continue;
      g.rng.seed(seed);
      g.lastTieLoser = 1;
      expect(rollInitiative(g)).toBe(1);
      expect(g.lastTieLoser).toBe(0);
      checked = true;
    }
    expect(checked).toBe(true);
  });

  it('3 4 6 R8 every unit activates once; an unspent Action is held as a Reaction and spent in the enemy turn on sight', () => {
    const g = table({ blue: [rifleman], red: [{ type: 'specialist', weapons: ['rifle'] }], map: { name: 'm', size: [48, 48], terrain: [WALL] }, policies: ['aggressive', { id: 'cautious', min_kill_chance: 0.99 }] }, [[24, 10], [24, 40]]);
    // Red plays first and holds (no one in sight behind the wall).
    playTurn(g, 1);
    expect(g.reaction[1]).toBe(1);
    expect(g.activated[1]).toBe(1);
    // Blue steps round the wall's end into Red's sight: Red reacts.
    const rolls = g.tally.offset('skillRolls') + 2;
    g.turnSide = 0; g.acted[0] = 0; g.moves[0] = 0;
    g.table.setPoint(0, 2, 18);
    g.table.setPoint(g.SLOT_DEST, -5, 26);
    (g.scn.policies[1] as { minKillChance: number }).minKillChance = 0;
    doMove(g, 0);
    expect(g.tally.acc[rolls]).toBe(1); // one reaction attack
    expect(g.reaction[1]).toBe(0);
    expect(g.reactedRound[1]).toBe(1);
  });

  it('4 5 a unit has one Move and one Action; a second Move spends the Action (troops only)', () => {
    const g = table({ blue: [rifleman, { type: 'apc' }], red: [rifleman] }, [[10, 4], [30, 4], [24, 44]]);
    g.table.setPoint(g.SLOT_DEST, 10, 8);
    expect(doMove(g, 0)).toBe(true);
    expect(canAct(g, 0)).toBe(true);
    g.cand[0] = 2;
    expect(doAttack(g, 0, W_RIFLE, 1)).toBe(false); // out of range
    expect(doMove(g, 0)).toBe(true);
    expect(canAct(g, 0)).toBe(false);
    expect(doMove(g, 0)).toBe(false);
    expect(doMove(g, 1)).toBe(true);
    expect(doMove(g, 1)).toBe(false);
  });

  it('14 Focus: a unit that moved cannot Focus, a Focusing unit stays put', () => {
    const g = table({ blue: [{ type: 'specialist', radio: true, ew: true }, { type: 'specialist', radio: true, ew: true }], red: [rifleman] }, [[10, 4], [30, 4], [24, 44]]);
    g.table.setPoint(g.SLOT_DEST, 10, 8);
    doMove(g, 0);
    expect(doEwScan(g, 0)).toBe(false);
    expect(doEwScan(g, 1)).toBe(true);
    expect(canMove(g, 1)).toBe(false);
  });
});

describe('skill-die command and signal (items 23–29, R12, R15–R16)', () => {
  it('23 24 R15 R16 Main Effort: Advantage for the rest of the turn; beyond the commander\'s Move only by radio Signal', () => {
    const g = table({ blue: [{ type: 'specialist', weapons: ['rifle'], radio: true, commander: true }, rifleman, { ...rifleman, radio: true }], red: [rifleman] }, [[10, 4], [40, 4], [12, 4], [24, 30]]);
    expect(doMainEffort(g, 0, 1)).toBe(false); // 30" away, no radio
    expect(doMainEffort(g, 0, 2)).toBe(true); // 1" away: no Signal needed
    expect(g.signal[0]).toBe(0);
    g.attacks[2] = 1;
    expect(netAdvantage(g, 2, 3, W_RIFLE, false)).toBe(1);
    g.round = 2;
    expect(netAdvantage(g, 2, 3, W_RIFLE, false)).toBe(0); // lasts until the end of the turn
    const h = table({ blue: [{ type: 'specialist', weapons: ['rifle'], radio: true, commander: true }, { ...rifleman, radio: true }], red: [rifleman] }, [[10, 4], [40, 4], [24, 30]]);
    expect(doMainEffort(h, 0, 1)).toBe(true);
    expect(h.signal[0]).toBe(1); // R16: the Signal token
  });

  it('26 27 28 R12 R16 a Signalled target may be attacked by a radio unit with an indirect weapon without seeing it', () => {
    const setup = { blue: [{ type: 'specialist', weapons: ['mortar'], radio: true }, { ...rifleman, radio: true }], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [WALL] }, rules: { free_comm_handoff: false } };
    const g = table(setup, [[24, 4], [2, 40], [10, 40]]);
    expect(targetable(g, 0, 2, W_MORTAR)).toBe(0); // behind the wall
    expect(targetable(g, 1, 2, W_RIFLE)).toBe(1);
    expect(doSignalTarget(g, 1, 2)).toBe(true);
    expect(g.signal[1]).toBe(1);
    expect(targetable(g, 0, 2, W_MORTAR)).toBe(2);
    expect(targetable(g, 0, 2, W_RIFLE)).toBe(0); // the rifle cannot fire indirectly
    g.attacks[0] = 1;
    expect(netAdvantage(g, 0, 2, W_MORTAR, true)).toBe(1); // R12: unaware of the mortar
    g.turnSide = 1;
    playTurn(g, 0); // the passed target expires with the token at Blue's next turn start
    expect(g.passed[2]).toBe(0);
    expect(g.scn.rules.signal_token_duration).toBe('until_next_own_turn');
    // R16 with a finite radio range: the mortar 35" from the observer cannot use the pass.
    const h = table({ ...setup, rules: { free_comm_handoff: false, radio_range_in: 20 } }, [[24, 4], [2, 40], [10, 40]]);
    expect(doSignalTarget(h, 1, 2)).toBe(true);
    expect(targetable(h, 0, 2, W_MORTAR)).toBe(0);
  });

  it('R16 signal_token_duration "until_end_of_round": tokens and passed targets go when the round ends', () => {
    const g = table({ blue: [{ ...rifleman, radio: true }], red: [rifleman], rules: { signal_token_duration: 'until_end_of_round' } }, [[24, 4], [24, 30]]);
    expect(doSignalTarget(g, 0, 1)).toBe(true);
    expect(g.passed[1]).toBe(1);
    clearSignals(g);
    expect(g.passed[1]).toBe(0);
    expect(g.signal[0]).toBe(0);
  });

  it('29 D3 units within their Move pass targets without a Signal', () => {
    const g = table({ blue: [{ type: 'specialist', weapons: ['mortar'] }, rifleman], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [WALL] } }, [[24, 16], [22, 24], [22, 40]]);
    expect(targetable(g, 0, 2, W_MORTAR)).toBe(2); // the rifleman 7.2" away (edge to edge) sees it
    g.table.setPoint(1, 2, 30);
    expect(targetable(g, 0, 2, W_MORTAR)).toBe(0);
  });
});

describe('skill-die unmanned systems and EW (items 31–32, R17)', () => {
  it('31 a controller Focuses and its drone then moves and Signals on its own', () => {
    const g = table({ blue: [{ type: 'non-combatant', radio: true, controls: 1 }, { type: 'drone' }, { type: 'specialist', weapons: ['mortar'], radio: true }], red: [rifleman], map: { name: 'm', size: [48, 48], terrain: [WALL] }, rules: { free_comm_handoff: false } }, [[24, 4], [24, 6], [30, 4], [24, 44]]);
    expect(doControlDrone(g, 0)).toBe(true);
    expect(g.focus[0]).toBe(1);
    expect(g.activated[1]).toBe(1);
    expect(g.table.py[1]).toBeGreaterThan(6); // flew
    expect(g.passed[3]).toBe(1 + 1); // and Signalled the rifleman it saw (passed by unit 1)
  });

  it('32 R17 an EW unit Focusing locates every Signalling enemy and shares it by radio', () => {
    const g = table({ blue: [{ type: 'specialist', radio: true, ew: true }], red: [{ type: 'specialist', radio: true, commander: true }, rifleman], map: { name: 'm', size: [48, 48], terrain: [WALL] } }, [[24, 4], [24, 44], [30, 44]]);
    g.signal[1] = 1;
    expect(doEwScan(g, 0)).toBe(true);
    expect(g.passed[1]).toBe(1);
    expect(g.passed[2]).toBe(0);
  });
});

describe('skill-die scenario, victory and configs (items 47, R20)', () => {
  it('R20 score: points of enemy units out of play plus 10 per objective held alone', () => {
    const g = table({ blue: [rifleman, rifleman], red: [{ type: 'specialist' }, rifleman] }, [[12, 24], [24, 25], [25, 24], [40, 40]]);
    g.status[3] = CASUALTY;
    expect(score(g, 0)).toBe(10 + 10); // a rifleman out, objective 1 held; objective 2 contested
    expect(score(g, 1)).toBe(0);
    g.table.setPoint(2, 30, 40);
    expect(score(g, 0)).toBe(10 + 20);
  });

  it('R20 47 a roster over its budget, a bad crew or a second commander is refused naming the field', () => {
    const over = config({ blue: [rifleman, rifleman], red: [rifleman] });
    (over.sides as { budget?: number }[])[0].budget = 15;
    expect(() => compileSkill(over)).toThrow(/sides\[0\]\.roster.*budget/);
    expect(() => compileSkill(config({ blue: [rifleman, { ...rifleman, crew_of: 0 }], red: [rifleman] }))).toThrow(ConfigError);
    expect(() => compileSkill(config({ blue: [{ type: 'specialist', radio: true, commander: true }, { type: 'specialist', radio: true, commander: true }], red: [rifleman] }))).toThrow(/commander/);
    expect(() => compileSkill(config({ blue: [rifleman], red: [rifleman], rules: { turns: 0 } }))).toThrow(/rules\.turns/);
  });

  it('R20 the default config: both rosters within 130 points, 8 turns, 3 objectives', () => {
    const scn = compileSkill(JSON.parse(readFileSync('configs/skill-die/default.json', 'utf8')));
    let a = 0, b = 0;
    for (let u = 0; u < scn.n; u++) (scn.side[u] === 0 ? (a += scn.uCost[u]) : (b += scn.uCost[u]));
    expect(a).toBeLessThanOrEqual(130);
    expect(b).toBeLessThanOrEqual(130);
    expect(scn.rules.turns).toBe(8);
    expect(scn.objX.length).toBe(3);
  });
});

describe('skill-die policies (§4)', () => {
  it('the aggressive policy shoots the target it can hurt most (the one in the open, not the one in cover)', () => {
    const WOOD = { name: 'wood', polygon: [[14, 30], [22, 30], [22, 38], [14, 38]], cover: true };
    const g = table({ blue: [rifleman], red: [rifleman, rifleman], map: { name: 'm', size: [48, 48], terrain: [WOOD] } }, [[24, 4], [18, 34], [30, 34]]);
    g.attacks[0] = 1;
    bestAttack(g, 0, true, true, 0.25);
    expect(BEST[1]).toBe(2);
    expect(BEST_V[1]).toBeCloseTo(pHit(8, 3, 0, 0) * 0.5, 12);
    const rolls = g.tally.offset('skillRolls');
    g.decide[0].activate(g, 0);
    expect(g.tally.acc[rolls]).toBe(1);
  });

  it('the cautious policy holds its Action as a Reaction when no shot reaches min_kill_chance', () => {
    const g = table({ blue: [rifleman], red: [{ type: 'average', armour: true }], policies: [{ id: 'cautious', min_kill_chance: 0.5 }, 'aggressive'] }, [[24, 4], [24, 34]]);
    g.decide[0].activate(g, 0);
    expect(g.attacks[0]).toBe(0); // 6/8 × 2/6 = 0.25 < 0.5
    expect(canAct(g, 0)).toBe(true);
  });

  it('the commander makes the subordinate with the best shot the Main Effort', () => {
    const g = table({ blue: [{ type: 'specialist', weapons: ['rifle'], radio: true, commander: true }, { type: 'poor', weapons: ['rifle'] }, { type: 'specialist', weapons: ['lmg'] }], red: [rifleman, rifleman] }, [[24, 4], [20, 4], [28, 4], [24, 30], [27, 30]]);
    g.decide[0].activate(g, 0);
    expect(g.mainEffort[2]).toBe(1);
    expect(g.mainEffort[1]).toBe(-1);
  });

  it('the medic runs to a casualty within reach and tries to revive it', () => {
    const g = table({ blue: [{ ...rifleman, medic: true }, rifleman], red: [rifleman] }, [[10, 4], [16, 4], [40, 46]]);
    g.status[1] = CASUALTY;
    const o = g.tally.offset('reviveResults');
    g.decide[0].activate(g, 0);
    expect(g.gap(0, 1)).toBeLessThanOrEqual(1);
    expect(g.tally.acc[o] + g.tally.acc[o + 1] + g.tally.acc[o + 2] + g.tally.acc[o + 3]).toBe(1);
  });

  it('nobody walks into impassable terrain (drones fly over it) and everyone stays on the table (all policies, 40 games)', () => {
    const cfg = JSON.parse(readFileSync('configs/skill-die/default.json', 'utf8'));
    for (const pol of ['aggressive', 'cautious', 'random']) {
      cfg.sides[0].policy = pol;
      cfg.sides[1].policy = pol;
      const scn = skillDie.compile(cfg);
      const p = player(skillDie, scn);
      for (let k = 0; k < 40; k++) {
        p.play(9, k);
        const g = p.game, T = g.table;
        for (let u = 0; u < g.n; u++) {
          const x = T.px[u], y = T.py[u];
          expect(x >= 0 && y >= 0 && x <= 48 && y <= 48, `${pol} game ${k} unit ${u}`).toBe(true);
          T.q[0] = x; T.q[1] = y;
          for (let q = 0; q < T.polygonCount; q++) if (T.pFlags[q] & 8 && g.scn.uType[u] !== 8) expect(T.insideQ(q), `${pol} game ${k} unit ${u} in ${T.names[q]}`).toBe(false);
        }
      }
      expect(p.block(BLOCK.outcome).reduce((a, b) => a + b, 0)).toBe(40);
    }
  });
});
