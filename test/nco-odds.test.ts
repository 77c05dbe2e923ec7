/**
 * `squadsim odds nco` (engine/rulesets/nco/tools/odds.ts, cli/odds.ts): (a) exact values checked
 * by hand, (b) the engine's own shooting (fireAt, many seeds) agrees with the exact
 * distribution within ±4 standard errors for every weapon kind, (c) the CLI.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ncoOdds } from '../engine/rulesets/nco/tools/odds.ts';
import { getRuleset } from '../engine/rulesets/index.ts';
import { Rng } from '../engine/rng.ts';
import { ConfigError } from '../engine/errors.ts';
import { stdErr } from './nco-harness.ts';
import { CLI, runCli } from './cli-harness.ts';
import { assertDistFresh, ROOT } from './dist-fresh.ts';

const odds = (req: Record<string, unknown>) => ncoOdds.compute(req);
const exactOf = (r: ReturnType<typeof odds>) => Object.fromEntries(r.outcomes.map((o) => [o.outcome, o.exact]));

describe('odds nco: exact values checked by hand', () => {
  it('rifle Fire at 6" (half range +1, full psyche +1 → 2+: 5/6), then the wound chart (items 33–36, 49–52)', () => {
    const r = odds({ weapon: 'rifle', distance: 6 });
    expect(exactOf(r)).toEqual({
      'no hit': '1/6',
      '−0 health, −1 psyche': '5/36',
      '−0 health, −2 psyche': '5/18',
      '−2 health, −1 psyche': '5/18',
      '−3 health, −2 psyche': '5/36',
    });
    expect(r.outcomes.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 10);
  });

  it('7+ and 8+ (item 36, R13): Cover Fire −2, cover −1, Down −1 → 7+ = 2/36; moved too → 8+ = 1/36; one more → 9+ cannot hit', () => {
    const base = { weapon: 'rifle', attack: 'cover-fire', distance: 15, cover: true, down: true, 'full-psyche': false };
    expect(exactOf(odds(base))['no hit']).toBe('17/18');
    expect(exactOf(odds({ ...base, moved: true }))['no hit']).toBe('35/36');
    expect(exactOf(odds({ ...base, moved: true, 'high-ground': false, covert: true }))).toEqual({ 'no hit': '1' });
    expect(exactOf(odds({ ...base, moved: true, rules: '{"max_hit_target":7}' }))).toEqual({ 'no hit': '1' });
  });

  it('SMG two dice at 3+ (item 42): 0, 1, 2 hits = 1/9, 4/9, 4/9; each hit wounded separately, health before psyche', () => {
    const r = odds({ weapon: 'smg', distance: 8, 'full-psyche': false, health: 9, psyche: 9 });
    const hits = r.tables!.find((t) => t.title === 'hits')!.rows;
    expect(hits.map((h) => h.exact)).toEqual(['1/9', '4/9', '4/9']);
    // Two Mortal Wounds: −6 health −4 psyche, (4/9)·(1/36).
    expect(exactOf(r)['−6 health, −4 psyche']).toBe('1/81');
  });

  it('HE (item 46): flat 5+; +2 wound: 5–6 kill; −1 extra psyche', () => {
    expect(exactOf(odds({ weapon: 'he', distance: 10, cover: true, down: true }))).toEqual({
      'no hit': '2/3', '−0 health, −3 psyche': '1/18', '−2 health, −2 psyche': '1/9', '−3 health, −3 psyche': '1/18', killed: '1/9',
    });
  });

  it('grenade (item 47): on the point 1/2, then a flat 3+; +1 wound, −1 extra psyche', () => {
    expect(exactOf(odds({ weapon: 'grenade', distance: 6, down: true, cover: true, moved: true }))).toEqual({
      'no hit': '2/3', '−0 health, −3 psyche': '1/9', '−2 health, −2 psyche': '1/9', '−3 health, −3 psyche': '1/18', killed: '1/18',
    });
    // A 3.5" blast radius keeps the target in the blast on 2 and 3 as well: 5/6 × 2/3.
    expect(exactOf(odds({ weapon: 'grenade', rules: '{"grenade_blast_radius_in":3.5}' }))['no hit']).toBe('4/9');
  });

  it('flamethrower (item 45): flat 3+; +1 wound; −2 extra psyche', () => {
    const r = exactOf(odds({ weapon: 'flamethrower', distance: 11, 'full-psyche': false, psyche: 9 }));
    expect(r['−0 health, −4 psyche']).toBe('2/9'); // wound 1, 2 → 2, 3: Ringer −2 −2
    expect(r.killed).toBe('1/9'); // face 6 → 7
  });

  it('breakdown (items 57, 59, R9): a first breakdown breaks him; a later one is 4/6 incapacitated, 2/6 snapped', () => {
    const first = exactOf(odds({ distance: 6, psyche: 1 }));
    expect(first['broken down (psyche 0), −0 health']).toBe('5/12'); // 5/6 × 3/6: Graze or Ringer
    const later = exactOf(odds({ distance: 6, psyche: 1, breakdowns: 1 }));
    expect(later.incapacitated).toBe('5/9'); // 5/6 × 4/6: every hit breaks him
    expect(later.snapped).toBe('5/18');
  });

  it('Ruthless (item 60), Lucky Trinket (item 87), LMG −1 (item 43), Deadeye (item 76)', () => {
    expect(exactOf(odds({ distance: 6, psyche: 1, health: 1, ruthless: true })).killed).toBe('5/6');
    expect(exactOf(odds({ distance: 6, 'lucky-trinket': true }))['−0 health, −1 psyche']).toBe('55/216'); // 5/6 × (1/6 + 5/6 · 1/6)
    // LMG Fire: −1 area, +1 half range, +1 psyche → 2+ per die.
    expect(odds({ weapon: 'lmg', distance: 12 }).inputs.toHit).toBe('2+');
    // Deadeye Fire ignores cover and Down (Focus Fire); a rifle Cover Fire order does not.
    expect(odds({ distance: 15, cover: true, down: true, deadeye: true, 'full-psyche': false }).inputs.toHit).toBe('3+');
    expect(odds({ distance: 15, cover: true, down: true, 'full-psyche': false }).inputs.toHit).toBe('5+');
  });

  it('bad values and bad combinations throw ConfigError naming the flag (exit 2 in the CLI)', () => {
    expect(() => odds({ weapon: 'bazooka' })).toThrow(ConfigError);
    expect(() => odds({ weapon: 'he', attack: 'advance' })).toThrow(/--attack/);
    expect(() => odds({ weapon: 'pistol', attack: 'cover-fire' })).toThrow(/pistol cannot Cover Fire/);
    expect(() => odds({ attack: 'cover-fire', 'walking-wounded': true })).toThrow(/Walking Wounded/);
    expect(() => odds({ weapon: 'grenade', distance: 7.6 })).toThrow(/--distance/); // aimed at his centre: 8.1" from the thrower's edge
    expect(odds({ weapon: 'grenade', distance: 7.5 }).outcomes.length).toBe(5);
    expect(() => odds({ health: 0 })).toThrow(/--health/);
    expect(() => odds({ rules: '{"max_hit_target":5}' })).toThrow(/max_hit_target/);
    expect(() => odds({ nonsense: 1 })).toThrow(/--nonsense/);
  });

  it('"at least" columns: hits, health lost and psyche lost are cumulative sums, non-increasing', () => {
    const r = odds({ weapon: 'smg', distance: 8, 'full-psyche': false, health: 4, psyche: 3 });
    for (const title of ['hits', 'health lost (a casualty loses all)', 'psyche lost (survivors; "at least" excludes the casualties)']) {
      const rows = r.tables!.find((t) => t.title === title)!.rows.filter((x) => x['at least'] !== undefined);
      const p = rows.map((x) => x.probability as number);
      rows.forEach((x, k) => {
        expect(x['at least'], `${title} ${k}`).toBeCloseTo(p.slice(k).reduce((a, b) => a + b, 0), 10);
        if (k > 0) expect(x['at least']).toBeLessThanOrEqual(rows[k - 1]['at least'] as number);
      });
    }
    // Hits: the SMG's two dice at 3+ (2/3 each): P(≥1) = 1 − 1/9 = 8/9, P(≥2) = 4/9.
    const hits = r.tables!.find((t) => t.title === 'hits')!.rows;
    const r12 = (x: number) => Math.round(x * 1e12) / 1e12;
    expect(hits.map((x) => x['at least'])).toEqual([1, r12(8 / 9), r12(4 / 9)]);
    // Casualties: the health table's last row and the psyche table's last row are both P(killed).
    const killed = r.summary!['P(killed)'];
    const health = r.tables!.find((t) => t.title.startsWith('health lost'))!.rows;
    expect(health[health.length - 1].probability).toBeCloseTo(killed, 12);
    const psyche = r.tables!.find((t) => t.title.startsWith('psyche lost'))!.rows;
    expect(psyche[psyche.length - 1].probability).toBeCloseTo(killed, 12);
    expect(r.summary!['P(hit)']).toBe(r12(8 / 9));
  });

  it('is registered on the NCO ruleset', () => {
    expect(getRuleset('nco')!.odds).toBe(ncoOdds);
  });
});

describe('odds nco agrees with the engine\'s shooting (Monte Carlo, ±4 SE)', () => {
  // ncoOdds.sample plays the same attack through rules/shooting.ts → fireAt (tools/odds-sample.ts).
  const N = 20000;
  const names = ['rifle, target in cover and Down, 15"', 'SMG, shooter moved, 8"', 'LMG, not at full psyche, 10"', 'flamethrower, 8"', 'HE, 10"', 'grenade, 6"'];
  const shots = ncoOdds.examples.filter((e) => e.action === undefined); // close combat and rally: nco-odds-melee.test.ts
  expect(shots).toHaveLength(names.length);
  shots.forEach((req, n) => {
    it(`${names[n]}: every outcome's frequency within 4 SE of the exact probability`, () => {
      const exact = odds(req);
      const counts = ncoOdds.sample!(req, new Rng(7), N);
      expect(exact.outcomes.length).toBeGreaterThan(2);
      exact.outcomes.forEach((o, k) => {
        const f = counts[k] / N;
        expect(Math.abs(f - o.probability), `${o.outcome}: ${f} vs ${o.exact}`).toBeLessThanOrEqual(4 * stdErr(o.probability, N) + 1e-12);
      });
    });
  });
  it('sampling refuses what the small game cannot set up', () => {
    expect(() => ncoOdds.sample!({ deadeye: true }, new Rng(1), 10)).toThrow(/--deadeye/);
    expect(() => ncoOdds.sample!({ weapon: 'pistol' }, new Rng(1), 10)).toThrow(/--weapon/);
  });
});

describe('squadsim odds (CLI)', () => {
  beforeAll(() => assertDistFresh(CLI, ['cli', 'sim', 'engine']));
  const cli = (args: string[]) => runCli(args, ROOT);

  it('prints a readable table with probabilities and exact fractions', () => {
    const r = cli(['odds', 'nco', '--weapon', 'he', '--distance', '10']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/NCO: he fire at 10"/);
    expect(r.stdout).toMatch(/killed\s+11\.11 %\s+1\/9/);
    expect(r.stdout).toMatch(/final state/);
  });

  it('--json prints the OddsResult and nothing else', () => {
    const r = cli(['odds', 'nco', '--weapon', 'grenade', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual(odds({ weapon: 'grenade' }));
  });

  it('exits 2 naming the flag, the value and what is allowed', () => {
    const bad = cli(['odds', 'nco', '--weapon', 'bazooka']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--weapon: got "bazooka"; expected one of "rifle"/);
    expect(bad.stdout).toBe('');
    const combo = cli(['odds', 'nco', '--weapon', 'lmg', '--attack', 'advance']);
    expect(combo.code).toBe(2);
    expect(combo.stderr).toMatch(/--attack: got "advance"/);
    expect(cli(['odds', 'nco', '--distance', 'far']).stderr).toMatch(/--distance: got "far"; expected a number/);
    expect(cli(['odds', 'nco', '--bogus']).code).toBe(2);
    const chess = cli(['odds', 'chess']);
    expect(chess.code).toBe(2);
    expect(chess.stderr).toMatch(/ruleset: got "chess"; expected one of "nco"/);
  });

  it('--help lists the provider\'s options', () => {
    const r = cli(['odds', 'nco', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--weapon/);
    expect(r.stdout).toMatch(/--lucky-trinket/);
  });
});
