/** The scripted players (digest §4): target choice, firer order, movement, windows, parameters, the random player. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { owam } from '../engine/rulesets/owam/index.ts';
import { CD, SO_ATTACK, BLUE } from '../engine/rulesets/owam/data/cards.ts';
import { T_BUILDING, T_LAKE } from '../engine/rulesets/owam/data/terrain.ts';
import { enterable } from '../engine/rulesets/owam/rules/map.ts';
import { bestEnemy, bestMove } from '../engine/rulesets/owam/policy/scripted.ts';
import { attackValue } from '../engine/rulesets/owam/policy/estimate.ts';
import { evade, orderFirers, retreat, chainOfCommand } from '../engine/rulesets/owam/policy/windows.ts';
import { owamPlayers, scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { A_ENTRENCH, A_STEALTH, CD_PLAYS } from '../engine/rulesets/owam/data/counters.ts';

const resolvePolicy = owamPlayers.resolve;
import { suppress } from '../engine/rulesets/owam/rules/fire.ts';
import { card, cell, find, hand, makeGame, put, withDecisions } from './owam-harness.ts';

const ROOT = join(import.meta.dirname, '..');
const OPEN = ['....', '....', '....', '....'];

function games(policies: [unknown, unknown], n: number, mission = 'king_of_the_hill') {
  const c = JSON.parse(readFileSync(join(ROOT, 'configs/owam/default.json'), 'utf8'));
  c.mission = mission;
  c.sides[0].policy = policies[0]; c.sides[1].policy = policies[1];
  const scn = owam.compile(c);
  const env = new GameEnv(scn.plan);
  const g = owam.createGame(scn, env);
  return { scn, env, g, play: (cb?: (gg: typeof g) => void) => { for (let i = 0; i < n; i++) { playOne(owam, g, env, 3, i); cb?.(g); } } };
}

describe('owam policies', () => {
  it('§4.4 the aggressive player attacks the enemy FT it can hurt most (open ground over a Building)', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 1, 0); put(g, 1, 3, 0); put(g, 4, 0, 2); put(g, 5, 2, 2);
    g.terrain[cell(g, 0, 2)] = T_BUILDING; // +3 defense
    expect(attackValue(g, 0, 5, 3)).toBeGreaterThan(attackValue(g, 0, 4, 3));
    expect(bestEnemy(g, 0, 3)).toBe(5);
    const atk = find(g, (c) => g.cat.so[c] === SO_ATTACK && g.cat.soColour[c] === BLUE);
    hand(g, 0, [atk]);
    hand(g, 1, []); // no F.U.B.A.R. in the way
    const seen: number[] = [];
    withDecisions(g, { ...scriptedDecisions, orderFirers: (gg, ft, n, r) => { seen.push(gg.fCell[ft]); scriptedDecisions.orderFirers(gg, ft, n, r); } });
    g.active = 0;
    scriptedDecisions.activate(g, 0);
    expect(g.attackedNow[5]).toBe(1);
    expect(g.attackedNow[4]).toBe(0);
  });

  it('§4.4 firers are ordered by mean lethality at the range, best first', () => {
    const g = makeGame({ layout: OPEN });
    put(g, 0, 0, 0); put(g, 4, 0, 3);
    // Range 3: SMG GR (6), SMG GR, bolt rifle BG (8), MG BG (8).
    for (let k = 0; k < 4; k++) g.cand[k] = g.member(0, k);
    orderFirers(g, 0, 4, 3);
    expect(g.scn.sWeapon[g.cand[0]]).not.toBe(0);
    expect(g.scn.sWeapon[g.cand[3]]).toBe(0);
  });

  it('§4.5 nobody walks into a Lake or an occupied-and-full card: the best move is always legal', () => {
    const g = makeGame({ layout: ['....', 'LL..', '....', '....'] });
    put(g, 0, 0, 0); put(g, 1, 3, 0); put(g, 4, 0, 3); put(g, 5, 3, 3);
    g.terrain[cell(g, 1, 0)] = T_LAKE;
    const p = resolvePolicy('aggressive');
    const d = bestMove(g, 0, p);
    expect(d === -1 || enterable(g, d)).toBe(true);
    expect(d).not.toBe(cell(g, 0, 1));
    // Over whole games, every FT always stands on an enterable card.
    for (const pol of ['aggressive', 'cautious', 'random'] as const) {
      const r = games([pol, 'random'], 60);
      r.play((gg) => { for (let f = 0; f < 8; f++) if (gg.fAlive[f] && gg.fCell[f] >= 0) expect(enterable(gg, gg.fCell[f])).toBe(true); });
    }
  });

  it('§4.12 retreat from an assault when outnumbered in fit soldiers by the policy ratio', () => {
    const g = makeGame({ layout: OPEN, fts: [[[1, 2, 3, 4]], [[1, 10]]], policies: ['aggressive', 'cautious'] });
    expect(retreat(g, 4, 0)).toBe(true); // cautious: 2 fit < 1 × 4
    expect(retreat(g, 0, 4)).toBe(false); // aggressive: 4 < 0.5 × 2 is false
    const h = makeGame({ layout: OPEN, fts: [[[1, 2, 3, 4]], [[1, 10]]], policies: ['aggressive', 'aggressive'] });
    expect(retreat(h, 4, 0)).toBe(false); // aggressive: 2 < 0.5 × 4 is false
    h.cond[h.member(4, 1)] = 2; // a wounded soldier cannot fight
    expect(retreat(h, 4, 0)).toBe(true);
    void suppress;
  });

  it('§4.10 W4 and W3 answers', () => {
    const g = makeGame({ layout: OPEN });
    const ev = find(g, (c) => g.cat.cd[c] === CD.evade), coc = find(g, (c) => g.cat.cd[c] === CD.chain_of_command);
    hand(g, 1, [ev, coc]);
    const t = g.member(4, 0); // Captain: Resolve 9
    expect(evade(g, 1, t, 8)).toBe(-1);
    expect(evade(g, 1, t, 9)).toBe(0);
    // Side 1 is hurt by a high attacker count of side 0: a red 4 is 1.5 over the middle (margin 2 → no), blue 8 is 3.5 over (yes).
    expect(chainOfCommand(g, 1, 0, 4, 0)).toBe(-1);
    expect(chainOfCommand(g, 1, 2, 8, 0)).toBe(1);
    expect(chainOfCommand(g, 1, 2, 8, 1)).toBe(-1);
  });

  it('§4.9 §4.10 an FT of 2 or fewer transfers into an adjacent friendly FT; Regroup jumps an enemy FT leading the track', () => {
    const g = makeGame({ layout: OPEN, fts: [[[1, 10], [2, 3, 4]], [[1, 2, 3, 4]]] });
    put(g, 0, 0, 0); put(g, 1, 1, 0); put(g, 4, 3, 3);
    const terrains: number[] = [];
    for (let c = 0; c < 192 && terrains.length < 4; c++) if (g.cat.terrain[c] >= 0) terrains.push(c);
    hand(g, 0, terrains); // nothing else to do with them
    hand(g, 1, []);
    g.active = 0;
    scriptedDecisions.activate(g, 0);
    expect(g.fAlive[0]).toBe(0);
    expect(g.fSize[1]).toBe(5);
    const h = makeGame({ layout: OPEN });
    put(h, 0, 0, 0); put(h, 1, 3, 0); put(h, 4, 0, 2); put(h, 5, 3, 3);
    h.trackLen = 4; h.track.set([4, 5, 0, 1]);
    hand(h, 0, [find(h, (c) => h.cat.cd[c] === CD.regroup)]);
    hand(h, 1, []);
    scriptedDecisions.assessment(h, 0, false);
    expect(h.track[0]).toBe(0);
  });

  it('policy parameters are sweepable: presets differ and a parameter changes play (dig_in → Stealth and Entrench)', () => {
    const a = resolvePolicy('aggressive'), c = resolvePolicy('cautious');
    expect(a.digIn).toBe(false);
    expect(c.digIn).toBe(true);
    expect(resolvePolicy({ id: 'aggressive', dig_in: true, retreat_ratio: 2 }).retreatRatio).toBe(2);
    const count = (pol: unknown) => {
      const r = games([pol, 'aggressive'], 150);
      r.play();
      const o = r.scn.plan.layout.offset('actions');
      return r.env.tally.acc[o + A_ENTRENCH] + r.env.tally.acc[o + A_STEALTH]; // by side 0
    };
    expect(count({ id: 'aggressive', dig_in: true })).toBeGreaterThan(count('aggressive') + 50);
  });

  it('the random policy plays only legal actions and spends Command Decisions; scripted beats random', () => {
    const r = games(['aggressive', 'random'], 300);
    r.play();
    const o = r.scn.plan.layout.offset('outcome');
    expect(r.env.tally.acc[o]).toBeGreaterThan(r.env.tally.acc[o + 1]);
    const cd = r.scn.plan.layout.offset('cdPlays');
    let plays = 0;
    for (let k = 0; k < CD_PLAYS.length; k++) plays += r.env.tally.acc[cd + CD_PLAYS.length + k]; // side 1's
    expect(plays).toBeGreaterThan(0);
    void card;
  });
});
