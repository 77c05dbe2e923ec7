/** Forces, setup, rounds, missions and victory (items 11–33, 102–112, R3, R4, R19, R20, R23–R25). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { ConfigError } from '../engine/errors.ts';
import { compileOwam, autoSquad } from '../engine/rulesets/owam/compile.ts';
import { owam } from '../engine/rulesets/owam/index.ts';
import { DEFAULT_ROSTER, RANK_POINTS, RANKS, TR_NOISY, TR_MEDIC, TR_TRIGGER_HAPPY, TR_FOOLHARDY, TR_CAMOUFLAGE } from '../engine/rulesets/owam/data/soldiers.ts';
import { MISSION_IDS } from '../engine/rulesets/owam/data/missions.ts';
import { SO_ATTACK, RED } from '../engine/rulesets/owam/data/cards.ts';
import { objectivePoints, flagCheck, hitTruck, truckMoves, truckCapture, luHome, explode } from '../engine/rulesets/owam/rules/missions.ts';
import { additiveMods, fireAt, clearFired } from '../engine/rulesets/owam/rules/attack.ts';
import { recognize, completeMove } from '../engine/rulesets/owam/rules/actions.ts';
import { scriptedDecisions } from '../engine/rulesets/owam/policy/players.ts';
import { A_ASSAULT } from '../engine/rulesets/owam/data/counters.ts';
import { WOUNDED } from '../engine/rulesets/owam/rules/state.ts';
import { card, cell, find, hand, makeGame, passiveDecisions, put, stack, withDecisions, handN } from './owam-harness.ts';

const ROOT = join(import.meta.dirname, '..');
const side = (name: string, nation: string, extra: Record<string, unknown> = {}) => ({ name, nation, policy: 'aggressive', ...extra });
const cfg = (a: unknown, b: unknown, more: Record<string, unknown> = {}) => ({ ruleset: 'owam', sides: [a, b], ...more });

describe('owam forces and setup', () => {
  it('14 15 R23 nations and sides: the Allies are side 0, the Axis side 1; the Red Army plays either; Finland is Axis by default', () => {
    expect(() => compileOwam(cfg(side('A', 'germany'), side('B', 'germany')))).toThrow(/sides\[0\]\.nation.*Axis may not fight Axis/);
    expect(() => compileOwam(cfg(side('A', 'usa'), side('B', 'poland')))).toThrow(ConfigError);
    expect(compileOwam(cfg(side('A', 'red_army'), side('B', 'finland'))).n).toBeGreaterThan(0);
    expect(compileOwam(cfg(side('A', 'usa'), side('B', 'red_army'))).n).toBeGreaterThan(0);
    expect(() => compileOwam(cfg(side('A', 'usa'), side('B', 'finland'), { rules: { finland_side: 'allies' } }))).toThrow(/finland/);
    expect(() => compileOwam(cfg(side('A', 'usa', { division: '352nd_infantry' }), side('B', 'germany')))).toThrow(/sides\[0\]\.division/);
  });

  it('16 17 18 19 R3 squads: the division roster, Squad Points, the historical option, FTs of 1–8 with a Leader each', () => {
    expect(DEFAULT_ROSTER.length).toBe(12);
    expect(DEFAULT_ROSTER.map((s) => s.rank)).toEqual(['captain', 'sergeant', 'sergeant', 'corporal', 'corporal', 'corporal', 'pfc', 'pfc', 'pfc', 'private', 'private', 'private']);
    expect(RANK_POINTS).toEqual([5, 7, 9, 10, 11]);
    const over = side('A', 'usa', { fireteams: [[1, 2, 3, 4, 5, 6, 7, 8, 9]] });
    expect(() => compileOwam(cfg(over, side('B', 'germany')))).toThrow(/sides\[0\]\.fireteams\[0\].*at most 8/);
    expect(() => compileOwam(cfg(side('A', 'usa', { fireteams: [[1, 2, 3, 4, 5, 6], [7, 8, 9]] }), side('B', 'germany')))).toThrow(/over the mission's 75/);
    expect(() => compileOwam(cfg(side('A', 'usa', { fireteams: [[1], [10, 11]] }), side('B', 'germany')))).toThrow(/Leader/);
    expect(() => compileOwam(cfg(side('A', 'usa'), side('B', 'germany', { fireteams: [[1, 11]] }), { rules: { historical: true } }))).toThrow(/historically accurate/);
    expect(compileOwam(cfg(side('A', 'usa', { fireteams: [[1, 11]] }), side('B', 'germany'), { rules: { historical: true } })).n).toBeGreaterThan(0);
    const fts = autoSquad(DEFAULT_ROSTER, 75, 3, 8);
    expect(fts.length).toBe(3);
    for (const ft of fts) expect(ft.some((n) => DEFAULT_ROSTER[n - 1].rank !== 'private')).toBe(true);
    expect(fts.flat().reduce((a, n) => a + RANK_POINTS[RANKS.indexOf(DEFAULT_ROSTER[n - 1].rank)], 0)).toBeLessThanOrEqual(75);
  });

  it('20 soldiers are numbered left to right in their FT as the config lists them', () => {
    const g = makeGame({ fts: [[[5, 1, 9]], [[1, 2]]] });
    expect([0, 1, 2].map((k) => g.scn.sNumber[g.member(0, k)])).toEqual([5, 1, 9]);
  });

  it('26 27 28 R25 setup: FTs on their start rows, a shuffled Initiative Track, 7-card hands; round 1 has no Assessment', () => {
    const g = makeGame();
    for (let f = 0; f < 8; f++) if (g.fAlive[f]) expect(g.row(g.fCell[f])).toBe(f < 4 ? 0 : g.scn.rows - 1);
    expect(g.trackLen).toBe(4);
    expect(new Set(Array.from(g.track.subarray(0, 4)))).toEqual(new Set([0, 1, 4, 5]));
    expect([handN(g, 0), handN(g, 1)]).toEqual([7, 7]);
    expect(g.artyLoaded).toBe(0);
  });

  it('29 31 33 R22 a game: every FT acts once per round in track order; rounds end by the deck timer (R8)', () => {
    const scn = owam.compile(JSON.parse(readFileSync(join(ROOT, 'configs/owam/default.json'), 'utf8')));
    const env = new GameEnv(scn.plan);
    const g = owam.createGame(scn, env);
    const acts: number[] = [];
    const d = { ...scriptedDecisions, activate: (gg: typeof g, ft: number) => { acts.push(gg.round * 10 + ft); scriptedDecisions.activate(gg, ft); } };
    withDecisions(g, d);
    playOne(owam, g, env, 5, 0);
    const byRound = new Map<number, number[]>();
    for (const a of acts) byRound.set(Math.floor(a / 10), [...(byRound.get(Math.floor(a / 10)) ?? []), a % 10]);
    for (const [, fts] of byRound) expect(new Set(fts).size).toBe(fts.length);
    expect(g.over).toBe(true);
    expect(g.timeUp || g.endReason !== 0).toBe(true);
  });

  it('30 32 Assessment clears jams on a check and draws up to 7; Debrief puts a Fog-of-War card under the track', () => {
    let cleared = 0, fog = 0;
    const scn = owam.compile(JSON.parse(readFileSync(join(ROOT, 'configs/owam/default.json'), 'utf8')));
    const env = new GameEnv(scn.plan);
    const g = owam.createGame(scn, env);
    const d = { ...scriptedDecisions, assessment: (gg: typeof g, s: number, debrief: boolean) => {
      if (!debrief && gg.round > 1) { for (let k = 0; k < gg.n; k++) if (!gg.jammed[k]) cleared++; }
      if (debrief) fog = gg.fowN;
      scriptedDecisions.assessment(gg, s, debrief);
    } };
    withDecisions(g, d);
    playOne(owam, g, env, 9, 3);
    expect(cleared).toBeGreaterThan(0);
    expect(fog).toBeGreaterThanOrEqual(0);
    expect(handN(g, 0)).toBeLessThanOrEqual(7);
  });

  it('111 R24 victory: surviving soldier points plus objectives; equal totals draw; killed and routed score nothing', () => {
    const scn = owam.compile(JSON.parse(readFileSync(join(ROOT, 'configs/owam/default.json'), 'utf8')));
    const env = new GameEnv(scn.plan);
    const g = owam.createGame(scn, env);
    for (let i = 0; i < 40; i++) {
      playOne(owam, g, env, 11, i);
      let alive0 = 0, alive1 = 0;
      for (let s = 0; s < g.n; s++) if (g.alive[s] && g.ftOf[s] >= 0 && g.fCell[g.ftOf[s]] >= 0) (g.scn.sSide[s] === 0 ? (alive0 += g.scn.sPoints[s]) : (alive1 += g.scn.sPoints[s]));
      expect(env.tally.score[0]).toBe(alive0 + g.objPts[0]);
      expect(env.tally.score[1]).toBe(alive1 + g.objPts[1]);
      if (g.winClass !== 2) expect(g.winner).toBe(env.tally.score[0] > env.tally.score[1] ? 0 : env.tally.score[1] > env.tally.score[0] ? 1 : 2);
    }
  });

  it('configs/schemas/owam.schema.json is what `schema owam` prints, and every shipped config compiles', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'configs/schemas/owam.schema.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(owam.jsonSchema!())));
    expect(owam.compile(JSON.parse(readFileSync(join(ROOT, 'configs/owam/default.json'), 'utf8'))).mission).toBe(MISSION_IDS.indexOf('king_of_the_hill'));
    const files = readdirSync(join(ROOT, 'configs/owam/missions'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const missions = new Set<number>();
    for (const f of files) missions.add(owam.compile(JSON.parse(readFileSync(join(ROOT, 'configs/owam/missions', f), 'utf8'))).mission);
    expect(missions.size).toBe(8); // all 8 missions ship a config
  });
});

describe('owam missions', () => {
  it('103 R4 King of the Hill: +20 to the side that alone holds the centre Hill', () => {
    const g = makeGame();
    put(g, 0, 2, 2); put(g, 1, 0, 0); put(g, 4, 4, 4); put(g, 5, 3, 4);
    objectivePoints(g);
    expect([g.objPts[0], g.objPts[1]]).toEqual([20, 0]);
  });

  it('102 Not in My House: the attacker gets +20 alone in the Building, else the defender', () => {
    const g = makeGame({ mission: 'not_in_my_house' });
    objectivePoints(g);
    expect([g.objPts[0], g.objPts[1]]).toEqual([0, 20]);
    const h = makeGame({ mission: 'not_in_my_house' });
    put(h, 0, 1, 4); put(h, 4, 3, 5); put(h, 5, 2, 5);
    objectivePoints(h);
    expect([h.objPts[0], h.objPts[1]]).toEqual([20, 0]);
  });

  it('105 110 Capture the Flag: alone on the enemy flag at the end of a round wins at once; Artillery is loaded from Assessment', () => {
    const g = makeGame({ mission: 'capture_the_flag' });
    put(g, 0, 2, 5); put(g, 4, 0, 5); put(g, 5, 3, 5);
    flagCheck(g);
    expect([g.over, g.winner, g.winClass]).toEqual([true, 0, 2]);
    expect(g.scn.combatOp).toBe(0);
    // The Artillery card starts yellow and is orange (loaded) in every Assessment from round 2 (items 105, 110, R17).
    const c = JSON.parse(readFileSync(join(ROOT, 'configs/owam/missions/capture_the_flag.json'), 'utf8'));
    const scn = owam.compile(c), env = new GameEnv(scn.plan), h = owam.createGame(scn, env);
    const seen: number[] = [];
    withDecisions(h, { ...scriptedDecisions, assessment: (gg: typeof h, s: number, debrief: boolean) => { if (!debrief) seen.push(gg.round * 10 + gg.artyLoaded); scriptedDecisions.assessment(gg, s, debrief); } });
    playOne(owam, h, env, 2, 1);
    expect(seen.length).toBeGreaterThan(0);
    for (const x of seen) expect(x % 10).toBe(1);
  });

  it('104 Burning Bridges: Axis FTs of at most 3, one on the map at the start, another each Debrief; a Satchel on the Bridge wins for the Allies', () => {
    expect(() => compileOwam(cfg(side('A', 'usa'), side('B', 'germany', { fireteams: [[1, 2, 3, 4]] }), { mission: 'burning_bridges' }))).toThrow(/at most 3/);
    const g = makeGame({ mission: 'burning_bridges', fts: [[[1, 2, 3, 4]], [[1, 2, 3], [4, 5, 6], [7, 10, 11]]] });
    expect(g.waiting[1]).toBe(2);
    expect([g.fCell[4] >= 0, g.fCell[5], g.fCell[6]]).toEqual([true, -1, -1]);
    explode(g, g.scn.objective, -1);
    expect([g.over, g.winner]).toEqual([true, 0]);
  });

  it('109 R19 Sky is Falling: paratroopers drop one FT per round on the DZ or drift one card (direction flip)', async () => {
    const { playOwamGame } = await import('../engine/rulesets/owam/rules/game.ts');
    // One round; the top card is the drop's blue direction flip: 2 = East, one card off the DZ.
    const d = makeGame({ mission: 'sky_is_falling', rules: { max_rounds: 1 } });
    expect(d.waiting[0]).toBe(2);
    expect([d.fCell[0], d.fCell[1]]).toEqual([-1, -1]);
    withDecisions(d, passiveDecisions(d.decide[0]));
    stack(d, [card(1, 1, 2), ...Array.from({ length: 150 }, (_, k) => (k * 37 + 5) % 192).filter((c) => c !== card(1, 1, 2))]);
    playOwamGame(d);
    expect(d.waiting[0]).toBe(1); // one FT per round
    expect([0, 1].map((f) => d.fCell[f]).sort((x, y) => x - y)).toEqual([-1, d.scn.objective + 1]);
    const g = makeGame({ mission: 'sky_is_falling' });
    put(g, 0, 2, 4); put(g, 4, 0, 5); put(g, 5, 3, 5);
    objectivePoints(g);
    expect(g.objPts[0]).toBe(20); // alone on the Bridge
  });

  it('109 R19 a landed paratrooper FT takes its turn at once (landing costs no Standard Action); the others wait; a landing on an enemy assaults and ends the turn', async () => {
    const { playOwamGame } = await import('../engine/rulesets/owam/rules/game.ts');
    // The rest of the pile: the top card is the drop's blue direction flip (8: on the DZ).
    const pile = (first: number) => [first, ...Array.from({ length: 150 }, (_, k) => (k * 37 + 5) % 192).filter((c) => c !== first)];
    const play = (enemyOnDz: boolean) => {
      const g = makeGame({ mission: 'sky_is_falling', rules: { max_rounds: 1 } });
      const seen: number[][] = [];
      withDecisions(g, { ...passiveDecisions(g.decide[0]), activate: (gg, f) => { seen.push([f, gg.fCell[f]]); } });
      if (enemyOnDz) put(g, 4, g.col(g.scn.objective), g.row(g.scn.objective));
      stack(g, pile(card(1, 1, 8)));
      playOwamGame(g);
      return { g, seen };
    };
    const { g, seen } = play(false);
    const landed = seen.filter(([f]) => f < 4);
    expect(landed).toHaveLength(1); // one drop per round, and the FT that landed acts
    expect(landed[0][1]).toBe(g.scn.objective);
    expect(g.waiting[0]).toBe(1);
    expect(seen.filter(([f]) => f >= 4).map(([f]) => f).sort()).toEqual([4, 5]);
    // On the enemy's card: an assault (item 80 and R19), which uses up the turn.
    const a = play(true);
    expect(a.g.count.actions.get(0, A_ASSAULT)).toBe(1);
    expect(a.seen.filter(([f]) => f < 4)).toEqual([]);
  });

  it('107 R19 Château: Lu is picked up on her card and carried to the carrier\'s start card; a dead carrier leaves her there', () => {
    const g = makeGame({ mission: 'chateau' });
    withDecisions(g, passiveDecisions(scriptedDecisions));
    put(g, 0, 1, 3); put(g, 4, 3, 5); put(g, 5, 2, 5);
    g.fHome[0] = cell(g, 0, 0);
    g.fDest[0] = g.scn.objective;
    stack(g, [card(1, 1, 1)]);
    completeMove(g, 0);
    expect(g.luCarrier).toBe(0);
    g.fCell[0] = cell(g, 0, 0);
    expect(luHome(g)).toBe(true);
    objectivePoints(g);
    expect(g.objPts[0]).toBe(25);
    g.fCell[0] = cell(g, 1, 2);
    while (g.fAlive[0]) explode(g, cell(g, 1, 2), -1);
    expect(g.luCell).toBe(cell(g, 1, 2));
  });

  it('108 R19 Road to Ruin: the green truck moves one card per Assessment; ≥8 breaks it, ≥9 while broken destroys it; reaching 11A wins for the runner', () => {
    const g = makeGame({ mission: 'road_to_ruin' });
    expect(g.truckCell).toBe(g.scn.objective);
    truckMoves(g);
    expect(g.truckCell).toBe(g.scn.objective - g.scn.cols);
    hitTruck(g, 7);
    expect(g.truckState).toBe(0);
    hitTruck(g, 8);
    expect(g.truckState).toBe(1);
    truckMoves(g);
    expect(g.truckCell).toBe(g.scn.objective - g.scn.cols); // broken: it stays
    put(g, 0, g.col(g.truckCell), g.row(g.truckCell)); put(g, 4, 0, 5); put(g, 5, 1, 5);
    truckCapture(g);
    g.round++;
    truckCapture(g);
    expect([g.over, g.winner]).toEqual([true, 0]); // held a whole round: captured
    const h = makeGame({ mission: 'road_to_ruin' });
    for (let k = 0; k < 5; k++) truckMoves(h);
    expect([h.over, h.winner]).toEqual([true, 1]);
  });

  it('106 Random Mission Generator: terrain cards are dealt from the shuffled deck into the map pattern; the rest go back', () => {
    const g = makeGame({ mission: 'random_generator' });
    let dealt = 0;
    for (let c = 0; c < g.cells; c++) if (g.scn.layout[c] === -2 && g.placed[c]) dealt++;
    expect(dealt).toBe(12);
    expect(g.deck.remaining + handN(g, 0) + handN(g, 1) + g.deck.discarded).toBe(192 - 12);
  });
});

describe('owam colonel-level traits', () => {
  it('13 24 25 R20 traits are off below Colonel; Foolhardy cuts the attack bonus, Camouflage keeps stealth firing alone, Trigger Happy fires first, Noisy eases Recognition, Medic heals', () => {
    const lt = makeGame({ nations: ['usa', 'germany'] });
    expect(Array.from(lt.scn.sTraits).every((t) => t === 0)).toBe(true);
    const g = makeGame({ rules: { level: 'colonel' }, nations: ['red_army', 'germany'], fts: [[[1, 7]], [[1, 2, 3, 4]]], layout: ['H...', '....', '....', '....'] });
    withDecisions(g, passiveDecisions(scriptedDecisions));
    const eis = g.member(4, 0);
    expect(g.scn.sTraits[eis] & TR_FOOLHARDY).toBeTruthy();
    put(g, 4, 0, 0); put(g, 0, 0, 3);
    expect(additiveMods(g, 4, 0)).toBe(2); // Hill +3 − 1
    const vas = g.member(0, 1);
    expect(g.scn.sTraits[vas] & TR_CAMOUFLAGE).toBeTruthy();
    g.fStealth[0] = 1;
    for (let k = 0; k < 8; k++) g.firedNow[k] = 0;
    clearFired(g, 0);
    g.firedNow[g.member(0, 0)] = 1; // only Vasiliev fires
    stack(g, Array.from({ length: 12 }, () => card(1, 1, 1)));
    fireAt(g, 0, 4, 1, false);
    expect(g.fStealth[0]).toBe(1);
    expect(TR_TRIGGER_HAPPY && TR_NOISY && TR_MEDIC).toBeTruthy();
    const s = owam.compile({ ruleset: 'owam', rules: { level: 'colonel', noisy_success_max: 3 }, sides: [side('A', 'usa'), side('B', 'germany')] });
    expect(s.rules.noisy_success_max).toBe(3);
    void recognize; void find; void hand; void SO_ATTACK; void RED; void WOUNDED;
  });
});
