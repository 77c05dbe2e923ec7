/**
 * Issue 14: target choice's memos must give the plain answers. rules/shot-memo.ts keeps each
 * pair's flags-0 shot (shotAt) and policy/best-shooter.ts each soldier's best shot between a
 * side's dice (rows, updated for the enemies that changed). Checked at every order of whole
 * games against the code as it stood (nco-perf-plain.ts bestTargetPlain, bestShooterPlain):
 * bestShooter's pick, and bestTarget's value, target and weapon for every living soldier.
 * The plain calls run first (they fill the sight and cover caches as the game would); the
 * picks and scratch points the checks write are put back, so games play as shipped.
 */
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { bestShooter } from '../engine/rulesets/nco/policy/best-shooter.ts';
import { bestTarget } from '../engine/rulesets/nco/policy/targets.ts';
import type { NcoDecisions } from '../engine/rulesets/nco/rules/decisions.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { NcoGame, SCRATCH_POINTS } from '../engine/rulesets/nco/rules/state.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import { sizeConfig } from '../bench/sizes.ts';
import { bestShooterPlain, bestTargetPlain } from './nco-perf-plain.ts';

interface Stats { shooters: number; targets: number; shots: number; bad: string[] }

function same(st: Stats, what: string, fast: unknown, plain: unknown): void {
  if (fast !== plain && st.bad.length < 10) st.bad.push(`${what}: fast ${String(fast)}, plain ${String(plain)}`);
}

/** Every check, then the order as shipped (picks and scratch points restored). */
function check(g: NcoGame, st: Stats, s: number): void {
  const t = g.table, keep = [g.pick, g.pickOrder, g.pickTarget, g.pickWeapon, g.pickDest];
  const px = t.px.slice(g.sp, g.sp + SCRATCH_POINTS), py = t.py.slice(g.sp, g.sp + SCRATCH_POINTS);
  if (g.scn.policies[s].fireFirst) {
    const plain = bestShooterPlain(g, s, -1);
    same(st, `bestShooter side ${s} turn ${g.turn}`, bestShooter(g, s, -1), plain);
    st.shooters++;
  }
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    const v = bestTargetPlain(g, i, 0), j = g.pickTarget, w = g.pickWeapon;
    same(st, `bestTarget ${i} turn ${g.turn}`, `${bestTarget(g, i, 0)} ${g.pickTarget} ${g.pickWeapon}`, `${v} ${j} ${w}`);
    if (j >= 0) st.shots++;
    st.targets++;
  }
  [g.pick, g.pickOrder, g.pickTarget, g.pickWeapon, g.pickDest] = keep;
  t.px.set(px, g.sp);
  t.py.set(py, g.sp);
}

function play(l: LoadedConfig, games: number, seed: number): Stats {
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const st: Stats = { shooters: 0, targets: 0, shots: 0, bad: [] };
  const decide: NcoDecisions = {
    ...scriptedDecisions,
    chooseOrder(g: NcoGame, s: number): void {
      check(g, st, s);
      scriptedDecisions.chooseOrder(g, s);
    },
  };
  const g = new NcoGame(scn, decide, scenarioRules, env);
  prepareGame(g);
  for (let i = 0; i < games; i++) playOne(l.ruleset, g as never, env, seed, i);
  return st;
}

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

describe('NCO target choice memos (issue 14)', () => {
  it('give the plain picks at every order of the default matchup (fire_first, 12 a side)', () => {
    const st = play(loadConfig(resolve(ROOT, 'configs/nco/default.json')), 40, 3);
    expect(st.bad).toEqual([]);
    expect(st.shooters).toBeGreaterThan(1000);
    expect(st.shots).toBeGreaterThan(10000);
  });

  it('give the plain picks with the rows in use (20 a side) and with target priority 1 (cautious, 20 a side)', () => {
    const base = loadConfig(resolve(ROOT, 'configs/nco/default.json'));
    const st = play(sizeConfig(base, 20), 8, 5);
    expect(st.bad).toEqual([]);
    expect(st.shooters).toBeGreaterThan(300);
    const cautious = structuredClone(base.config) as { sides: { policy: unknown }[] };
    cautious.sides[0].policy = { id: 'cautious', fire_first: true };
    const l = loadConfigObject(cautious, '', base.path);
    const st2 = play(sizeConfig(l, 20), 8, 7);
    expect(st2.bad).toEqual([]);
    expect(st2.shooters).toBeGreaterThan(300);
  });

  it('give the plain picks at 32 a side (bestShooter\'s candidates fill a 32-bit mask to the sign bit)', () => {
    const st = play(sizeConfig(loadConfig(resolve(ROOT, 'configs/nco/default.json')), 32), 3, 9);
    expect(st.bad).toEqual([]);
    expect(st.shooters).toBeGreaterThan(300);
  });
});
