/**
 * `squadsim tournament` (issue 12): seat-swapped round robins on common seeds. The play is
 * deterministic for a seed at any worker count; the analysis recovers known Bradley–Terry
 * strengths; a pair's per-seed points agree with plain runs of the two seatings; bad input
 * exits 2 before any game. Works for every registered ruleset without ruleset code.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeTournament, bradleyTerry, pairScore, TOURNAMENT_FILE } from '../analysis/tournament.ts';
import { playTournament, type TournamentPlan, type TournamentPlay } from '../sim/tournament.ts';
import { runSimulation } from '../sim/run.ts';
import { loadConfigObject } from '../sim/config.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';
import { tinyBalance } from './results-fixture.ts';

const WORKER = join(ROOT, 'dist', 'worker.js');
const quick = JSON.parse(readFileSync(QUICK, 'utf8'));
const plan = (games: number): TournamentPlan => ({
  base: quick, baseDir: join(ROOT, 'test', 'fixtures'), games, seed: 7,
  entrants: [{ name: 'agg', policy: 'aggressive' }, { name: 'cau', policy: 'cautious' }, { name: 'rnd', policy: 'random' }],
});

describe('tournament play', () => {
  it('gives identical per-seed points at 0, 1 and 2 workers', async () => {
    assertDistFresh(WORKER, ['sim', 'engine', 'resultsdoc']);
    const runs: TournamentPlay[] = [];
    // 600 games a pair: two chunks (500 + 100), so the workers split each pair and the merge crosses a chunk edge (1,200 before issue 32).
    for (const workers of [0, 1, 2]) runs.push(await playTournament(plan(600), { workers, workerFile: WORKER }));
    const flat = (r: TournamentPlay) => r.pairs.map((p) => Array.from(p.points).join(',')).join('|');
    expect(flat(runs[1])).toBe(flat(runs[0]));
    expect(flat(runs[2])).toBe(flat(runs[0]));
  });

  it('a pair\'s points are its wins in both seatings, game by game: they sum to the two plain runs\' outcomes', async () => {
    const G = 400, t = await playTournament(plan(G), { workers: 0 });
    const pair = t.pairs.find((p) => p.a === 0 && p.b === 1)!;
    const outcome = async (p0: string, p1: string) => {
      const c = structuredClone(quick);
      c.sides[0].policy = p0;
      c.sides[1].policy = p1;
      const r = await runSimulation({ config: loadConfigObject(c, join(ROOT, 'test', 'fixtures')), games: G, seed: 7, workers: 0 });
      const o = r.scn.plan.layout.offset(BLOCK.outcome);
      return Array.from(r.acc.subarray(o, o + 3));
    };
    const [w0, , d0] = await outcome('aggressive', 'cautious');
    const [, w1, d1] = await outcome('cautious', 'aggressive');
    expect(pair.points.reduce((s, x) => s + x, 0)).toBeCloseTo(w0 + w1 + (d0 + d1) / 2, 9);
    expect(Math.max(...pair.points)).toBeLessThanOrEqual(2);
  });

  it.each(RULESET_IDS)('%s: its default matchup plays a two-entrant tournament with no ruleset code', async (id) => {
    const base = JSON.parse(readFileSync(join(ROOT, 'configs', id, 'default.json'), 'utf8'));
    const ids = getRuleset(id)!.policyIds;
    const t = await playTournament({ base, baseDir: join(ROOT, 'configs', id), games: 20, seed: 3, entrants: [{ name: 'x', policy: ids[0] }, { name: 'y', policy: ids[ids.length - 1] }] }, { workers: 0 });
    expect(t.pairs).toHaveLength(1);
    expect(t.pairs[0].points).toHaveLength(20);
  });
});

describe('tournament analysis', () => {
  it('Bradley–Terry recovers strengths 1 : 2 : 4 (Elo gaps 400·log10 2 ≈ 120.4) from exact win shares', () => {
    const p = [1, 2, 4], N = 1e7;
    const n = p.map((_, a) => p.map((__, b) => (a === b ? 0 : N)));
    const w = p.map((pa, a) => p.map((pb, b) => (a === b ? 0 : (N * pa) / (pa + pb))));
    const elo = bradleyTerry(w, n);
    expect(elo[1] - elo[0]).toBeCloseTo(120.412, 2);
    expect(elo[2] - elo[1]).toBeCloseTo(120.412, 2);
    expect(elo.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 6);
  });
  it('a clean sweep stays finite (the prior), and a paired score\'s interval is the mean ± z·sd/√n over seeds', () => {
    const elo = bradleyTerry([[0, 100], [0, 0]], [[0, 100], [100, 0]]);
    expect(Number.isFinite(elo[0]) && elo[0] > elo[1]).toBe(true);
    const pts = Float64Array.from([2, 0, 1, 1, 2, 0, 2, 1]); // scores 1, 0, .5, .5, 1, 0, 1, .5
    const r = pairScore(pts, 1.959963984540054);
    const xs = Array.from(pts, (x) => x / 2), m = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
    expect(r.score).toBeCloseTo(m, 12);
    expect(r.hi - r.score).toBeCloseTo((1.959963984540054 * sd) / Math.sqrt(xs.length), 12);
  });
  it('ratings and their bootstrap intervals are deterministic for a seed, and order the entrants by score', async () => {
    const t = await playTournament(plan(300), { workers: 0 });
    const a = analyzeTournament({ names: ['agg', 'cau', 'rnd'], pairs: t.pairs, seeds: 300, seed: 7, confidence: 0.95, bootstrap: 50 });
    const b = analyzeTournament({ names: ['agg', 'cau', 'rnd'], pairs: t.pairs, seeds: 300, seed: 7, confidence: 0.95, bootstrap: 50 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    for (const r of a.ratings) expect(r.lo <= r.elo && r.elo <= r.hi).toBe(true);
    const byElo = [...a.ratings].sort((x, y) => y.elo - x.elo).map((r) => r.name);
    const byScore = [...a.ratings].sort((x, y) => y.meanScore - x.meanScore).map((r) => r.name);
    expect(byElo).toEqual(byScore);
    expect(a.ratings.find((r) => r.name === 'rnd')!.rank).toBe(3); // the random player is last
  });
});

describe('squadsim tournament (CLI)', () => {
  it('writes tournament.json and prints the ratings and the matrix; a preset file is an entrant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-tour-'));
    const preset = join(dir, 'steady.json');
    writeFileSync(preset, JSON.stringify({ description: 'test preset', made_by: 'hand', policy: { id: 'cautious', aggression: 0.4 } }));
    const r = await runMain(['tournament', QUICK, '-e', `aggressive,steady=${preset}`, '-n', '200', '-w', '0', '--bootstrap', '20', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/rank\s+entrant\s+elo/);
    expect(r.stdout).toMatch(/steady/);
    const doc = JSON.parse(readFileSync(join(dir, TOURNAMENT_FILE), 'utf8'));
    expect(doc.format).toBe('squadsim.tournament/1');
    expect(doc.entrants[1]).toEqual({ name: 'steady', policy: { id: 'cautious', aggression: 0.4 } });
    expect(doc.pairs[0].seeds).toBe(200);
  });
  it('a bad entrant exits 2 naming it, before any game is played or file written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-tour-'));
    const r = await runMain(['tournament', QUICK, '-e', 'aggressive,bogus', '-n', '10', '-w', '0', '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/entrants\[1\] \(bogus\)/);
    expect(existsSync(join(dir, TOURNAMENT_FILE))).toBe(false);
    const r2 = await runMain(['tournament', QUICK, '-e', 'aggressive', '-n', '10', '-w', '0']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/at least 2 entrants/);
    const r3 = await runMain(['tournament', QUICK, '-e', 'aggressive,cautious', '-n', '0']);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/games/);
  });
});

describe('squadsim report --tournament', () => {
  it('adds the ratings and scores tables to report.html, summary.md and CSV; another ruleset\'s tournament or balance result exits 2 and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-tour-report-'));
    expect((await runMain(['run', QUICK, '-n', '200', '-w', '0', '--out', dir])).code).toBe(0);
    expect((await runMain(['tournament', QUICK, '-e', 'aggressive,cautious,random', '-n', '60', '-w', '0', '--bootstrap', '20', '--out', dir])).code).toBe(0);
    const rep = join(dir, 'rep');
    const r = await runMain(['report', join(dir, 'results.json'), '--tournament', join(dir, TOURNAMENT_FILE), '--out', rep]);
    expect(r.code, r.stderr).toBe(0);
    const md = readFileSync(join(rep, 'summary.md'), 'utf8');
    expect(md).toMatch(/Policy tournament: ratings/);
    expect(md).toMatch(/\| 3 \| random \|/); // the random player ranks last
    expect(readFileSync(join(rep, 'report.html'), 'utf8')).toMatch(/Policy tournament: score of each entrant/);
    expect(readFileSync(join(rep, 'tournament-scores.csv'), 'utf8').split('\n')[0]).toBe('entrant,opponent,score,lo,hi,seeds');

    const doc = JSON.parse(readFileSync(join(dir, TOURNAMENT_FILE), 'utf8'));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...doc, ruleset: 'iron-squad' }));
    const rep2 = join(dir, 'rep2');
    const bad = await runMain(['report', join(dir, 'results.json'), '--tournament', join(dir, 'other.json'), '--out', rep2]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--tournament: ruleset: got "iron-squad"; expected "nco"/);
    expect(existsSync(join(rep2, 'report.html'))).toBe(false);
    // The same for a balance result of another ruleset (issue 13: it used to be accepted).
    writeFileSync(join(dir, 'bal.json'), JSON.stringify({ ...tinyBalance(), ruleset: 'iron-squad' }));
    const bal = await runMain(['report', join(dir, 'results.json'), '--balance', join(dir, 'bal.json'), '--out', rep2]);
    expect(bal.code).toBe(2);
    expect(bal.stderr).toMatch(/--balance: ruleset: got "iron-squad"; expected "nco"/);
    expect(existsSync(join(rep2, 'report.html'))).toBe(false);
  });
});
