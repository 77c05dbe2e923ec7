/**
 * Issue 14: the scripted policy's faster scans must give the plain values, checked at every
 * order and special action of whole games against the code as it stood
 * (nco-perf-policy-plain.ts, nco-perf-plain.ts):
 * - bestTarget (enemies in reach found as a bitmask, 32 at a time; grenadeOption asked only
 *   with a grenade) for flags 0, Advance, Focus Fire and Cover Fire: value, target, weapon;
 * - grenadeOption (enemy range only): score, target, aim point;
 * - coverFireValue (soldiers in the radius as a bitmask) for every aim and the primary weapon;
 * - mendChoice, ritesValue and neediestFriend (own side range only);
 * - hitTargetFor's table against the rules (every weapon and situation, asked twice).
 * The plain calls run first (they fill the sight and cover caches as the game would); the
 * picks and scratch points the checks write are put back, so games play as shipped.
 * 32 a side fills bestTarget's mask to the sign bit and gives coverFireValue two words.
 */
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { scriptedDecisions } from '../engine/rulesets/nco/policy/decisions.ts';
import { bestTarget, coverFireValue } from '../engine/rulesets/nco/policy/targets.ts';
import { grenadeOption } from '../engine/rulesets/nco/policy/grenades.ts';
import { mendChoice } from '../engine/rulesets/nco/policy/specials.ts';
import { neediestFriend, ritesValue } from '../engine/rulesets/nco/policy/rites.ts';
import type { NcoDecisions } from '../engine/rulesets/nco/rules/decisions.ts';
import { prepareGame } from '../engine/rulesets/nco/rules/setup.ts';
import { F_ADVANCE, F_COVER_ORDER, F_FOCUS } from '../engine/rulesets/nco/rules/shooting.ts';
import { hitTargetFor, hitTargetPlain } from '../engine/rulesets/nco/rules/tohit.ts';
import { NcoGame, SCRATCH_POINTS } from '../engine/rulesets/nco/rules/state.ts';
import { scenarioRules } from '../engine/rulesets/nco/scenarios/hooks.ts';
import type { NcoScenario } from '../engine/rulesets/nco/compiled.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';
import { sizeConfig } from '../bench/sizes.ts';
import { bestTargetPlain } from './nco-perf-plain.ts';
import {
  AIM_SLOT, coverFireValuePlain, grenadeOptionPlain, mendChoicePlain, neediestFriendPlain, ritesValuePlain,
} from './nco-perf-policy-plain.ts';

interface Stats { targets: number; shots: number; throws: number; cover: number; friends: number; bad: string[] }

function same(st: Stats, what: string, fast: unknown, plain: unknown): void {
  if (fast !== plain && st.bad.length < 10) st.bad.push(`${what}: fast ${String(fast)}, plain ${String(plain)}`);
}

const FLAGS = [0, F_ADVANCE, F_FOCUS, F_COVER_ORDER];

/** Every check for every living soldier, then the picks and scratch points put back. */
function check(g: NcoGame, st: Stats): void {
  const t = g.table, keep = [g.pick, g.pickOrder, g.pickTarget, g.pickWeapon, g.pickDest];
  const px = t.px.slice(g.sp, g.sp + SCRATCH_POINTS), py = t.py.slice(g.sp, g.sp + SCRATCH_POINTS);
  for (let i = 0; i < g.n; i++) {
    if (!g.alive[i]) continue;
    const at = `soldier ${i} turn ${g.turn}`;
    for (const f of FLAGS) {
      const v = bestTargetPlain(g, i, f), j = g.pickTarget, w = g.pickWeapon;
      same(st, `bestTarget ${at} flags ${f}`, `${bestTarget(g, i, f)} ${g.pickTarget} ${g.pickWeapon}`, `${v} ${j} ${w}`);
      st.targets++;
      if (j >= 0) st.shots++;
    }
    for (const f of [0, F_FOCUS, F_ADVANCE]) {
      for (const bestV of [0, 5000]) {
        const [s, j, ax, ay] = grenadeOptionPlain(g, i, f, bestV);
        g.pickTarget = -2;
        const fast = grenadeOption(g, i, f, bestV);
        const got = g.pickTarget === -2 ? `${fast} -1` : `${fast} ${g.pickTarget} ${g.pickWeapon} ${t.px[g.sp + AIM_SLOT]} ${t.py[g.sp + AIM_SLOT]}`;
        same(st, `grenadeOption ${at} flags ${f} over ${bestV}`, got, j < 0 ? `${s} -1` : `${s} ${j} 8 ${ax} ${ay}`);
        if (j >= 0) st.throws++;
      }
    }
    const w = g.primary[i];
    if (w !== 0) {
      for (let a = 0; a < g.n; a++) {
        if (!g.alive[a]) continue;
        same(st, `coverFireValue ${at} aim ${a}`, coverFireValue(g, i, a, w), coverFireValuePlain(g, i, a, w));
        st.cover++;
      }
    }
    same(st, `mendChoice ${at}`, mendChoice(g, i), mendChoicePlain(g, i));
    same(st, `ritesValue ${at}`, ritesValue(g, i), ritesValuePlain(g, i));
    const nf = neediestFriendPlain(g, i);
    same(st, `neediestFriend ${at}`, neediestFriend(g, i), nf);
    if (nf >= 0) st.friends++;
  }
  [g.pick, g.pickOrder, g.pickTarget, g.pickWeapon, g.pickDest] = keep;
  t.px.set(px, g.sp);
  t.py.set(py, g.sp);
}

function play(l: LoadedConfig, games: number, seed: number): Stats {
  const scn = l.scn as unknown as NcoScenario;
  const env = new GameEnv(scn.plan);
  const st: Stats = { targets: 0, shots: 0, throws: 0, cover: 0, friends: 0, bad: [] };
  const decide: NcoDecisions = {
    ...scriptedDecisions,
    chooseOrder(g: NcoGame, s: number): void {
      check(g, st);
      scriptedDecisions.chooseOrder(g, s);
    },
    chooseSpecial(g: NcoGame, s: number): void {
      check(g, st);
      scriptedDecisions.chooseSpecial(g, s);
    },
  };
  const g = new NcoGame(scn, decide, scenarioRules, env);
  prepareGame(g);
  for (let i = 0; i < games; i++) playOne(l.ruleset, g as never, env, seed, i);
  return st;
}

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** `path` with both sides' policy replaced by `policy`. */
function withPolicy(path: string, policy: unknown): LoadedConfig {
  const base = loadConfig(resolve(ROOT, path));
  const c = structuredClone(base.config) as { sides: { policy: unknown }[] };
  for (const s of c.sides) s.policy = policy;
  return loadConfigObject(c, '', base.path);
}

describe('NCO scripted policy scans (issue 14)', () => {
  it('hitTargetFor: the table gives the rules\' number for every weapon and situation', () => {
    let bad = 0;
    for (let pass = 0; pass < 2; pass++) { // the first pass fills the table, the second reads it
      for (let w = 0; w <= 12; w++) for (let sit = 0; sit < 1 << 16; sit++) if (hitTargetFor(w, sit) !== hitTargetPlain(w, sit)) bad++;
    }
    expect(bad).toBe(0);
    expect(hitTargetFor(1, 1 << 16)).toBe(hitTargetPlain(1, 1 << 16)); // outside the table: worked out
  });

  it('give the plain values in cautious games (Medic and Chaplain)', () => {
    const st = play(withPolicy('configs/nco/default.json', { id: 'cautious' }), 12, 3);
    expect(st.bad).toEqual([]);
    expect(st.shots).toBeGreaterThan(5000);
    expect(st.friends).toBeGreaterThan(50);
  });

  it('give the plain values with grenades (both sides throw)', () => {
    const st = play(loadConfig(resolve(ROOT, 'configs/nco/matchups/grenades-us-vs-german.json')), 12, 5);
    expect(st.bad).toEqual([]);
    expect(st.throws).toBeGreaterThan(200);
    expect(st.cover).toBeGreaterThan(10000);
  });

  it('give the plain values at 32 a side (a full 32-enemy mask; two words of soldiers)', () => {
    const st = play(sizeConfig(withPolicy('configs/nco/default.json', { id: 'cautious' }), 32), 2, 7);
    expect(st.bad).toEqual([]);
    expect(st.shots).toBeGreaterThan(5000);
  });
});
