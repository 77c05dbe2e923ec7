/** Team play, Colonel-level traits and assault line-ups (items 25–26, 81–82, R20, R21, R25). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { owam } from '../engine/rulesets/owam/index.ts';
import { TR_MEDIC, TR_NOISY, TR_TRIGGER_HAPPY, TR_NO_DISENGAGE } from '../engine/rulesets/owam/data/soldiers.ts';
import { SO_ATTACK, BLUE } from '../engine/rulesets/owam/data/cards.ts';
import { startAssault } from '../engine/rulesets/owam/rules/assault.ts';
import { attack } from '../engine/rulesets/owam/rules/attack.ts';
import { recognize } from '../engine/rulesets/owam/rules/actions.ts';
import { lineUp } from '../engine/rulesets/owam/policy/windows.ts';
import { traits } from '../engine/rulesets/owam/rules/game.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { WOUNDED } from '../engine/rulesets/owam/rules/state.ts';
import { card, find, hand, makeGame, passiveDecisions, put, stack, withDecisions } from './owam-harness.ts';

const ROOT = join(import.meta.dirname, '..');
const OPEN = ['....', '....', '....', '....'];

describe('owam team play and traits', () => {
  it('26 R21 R25 team play: each of a side\'s two players holds his own 7-card hand and his FTs play from it', () => {
    const g = makeGame({ players: [2, 1] });
    expect(Array.from(g.handN)).toEqual([7, 7, 7, 0]);
    expect([g.seatOf(0), g.seatOf(1), g.seatOf(4), g.seatOf(5)]).toEqual([0, 1, 0, 0]);
    const c = JSON.parse(readFileSync(join(ROOT, 'configs/owam/missions/teams.json'), 'utf8'));
    const scn = owam.compile(c), env = new GameEnv(scn.plan), h = owam.createGame(scn, env);
    const seen = new Set<string>();
    withDecisions(h, { ...scriptedDecisions, activate: (gg: typeof h, ft: number) => {
      expect(gg.player(gg.sideOfFt(ft))).toBe(gg.sideOfFt(ft) * 2 + gg.seatOf(ft));
      seen.add(`${gg.sideOfFt(ft)}:${gg.seatOf(ft)}`);
      scriptedDecisions.activate(gg, ft);
    } });
    for (let i = 0; i < 5; i++) playOne(owam, h, env, 4, i);
    expect(seen.has('0:1') && seen.has('1:1')).toBe(true);
    expect(() => owam.compile({ ...c, sides: [{ ...c.sides[0], fireteams: [[1, 2, 3]] }, c.sides[1]] })).toThrow(/players.*at least 2 FTs/);
  });

  it('25 D15 an FT holding a no-disengage soldier never chooses to retreat from an assault (Colonel level)', () => {
    const g = makeGame({ layout: OPEN, rules: { level: 'colonel', assault_max_rounds: 2 }, fts: [[[1, 2]], [[3, 10]]], traits: [{}, { '10': ['no_disengage'] }] });
    expect(g.scn.sTraits[g.member(4, 1)] & TR_NO_DISENGAGE).toBeTruthy();
    let asked = 0;
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), retreat: (gg, ft) => { if (ft === 4) asked++; return ft === 4; } });
    put(g, 0, 1, 1); put(g, 4, 1, 1); put(g, 1, 3, 3); put(g, 5, 2, 3);
    stack(g, Array.from({ length: 60 }, () => card(4, 6, 8))); // every check fails: nobody dies
    startAssault(g, 0, 4, 0);
    expect(asked).toBe(0);
    expect(g.fCell[0]).toBe(0); // the round cap sent the trigger back (D2)
  });

  it('81 82 assault line-ups: fit soldiers with the best Discipline first, wounded last', () => {
    const g = makeGame({ layout: OPEN, fts: [[[10, 1, 5, 2]], [[1, 2]]] });
    const arr = new Int32Array(8);
    for (let k = 0; k < 4; k++) arr[k] = g.member(0, k);
    g.cond[g.member(0, 1)] = WOUNDED; // the Captain is wounded
    lineUp(g, 0, arr, 4);
    expect(Array.from(arr.subarray(0, 4)).map((s) => g.scn.sNumber[s])).toEqual([2, 5, 10, 1]);
  });

  it('R20 Trigger Happy fires first, Noisy FTs are recognised on 1–3, a Medic heals in Assessment', async () => {
    const g = makeGame({ layout: OPEN, rules: { level: 'colonel' }, traits: [{ '4': ['trigger_happy'] }, { '2': ['noisy'] }] });
    withDecisions(g, passiveDecisions(scriptedDecisions));
    const mg = g.member(0, 3);
    expect(g.scn.sTraits[mg] & TR_TRIGGER_HAPPY).toBeTruthy();
    put(g, 0, 0, 0); put(g, 4, 0, 2); put(g, 1, 3, 0); put(g, 5, 3, 3);
    const order: number[] = [];
    withDecisions(g, { ...passiveDecisions(scriptedDecisions), marksman: (_g, _s, s) => { order.push(s); return -1; } });
    hand(g, 0, [find(g, (c) => g.cat.so[c] === SO_ATTACK && g.cat.soColour[c] === BLUE)]);
    stack(g, [card(1, 1, 2), ...Array.from({ length: 20 }, () => card(1, 1, 1))]);
    attack(g, 0, 4, 0);
    expect(order[0]).toBe(mg);
    expect(g.scn.sTraits[g.member(4, 1)] & TR_NOISY).toBeTruthy();
    g.fStealth[4] = 1;
    stack(g, [card(3, 1, 1)]); // the Captain's red 3: fails normally, succeeds against a Noisy FT
    expect(recognize(g, 0, 4)).toBe(true);
    const m = makeGame({ rules: { level: 'colonel' }, traits: [{ '2': ['medic'] }, {}] });
    expect(m.scn.sTraits[m.member(0, 1)] & TR_MEDIC).toBeTruthy();
    m.cond[m.member(0, 2)] = WOUNDED; m.cond[m.member(0, 3)] = WOUNDED;
    traits(m);
    expect([m.cond[m.member(0, 2)], m.cond[m.member(0, 3)]]).toEqual([0, WOUNDED]); // one per round
    const c = JSON.parse(readFileSync(join(ROOT, 'configs/owam/missions/colonel.json'), 'utf8'));
    const scn = owam.compile(c);
    expect(scn.level).toBe(2);
  });
});
