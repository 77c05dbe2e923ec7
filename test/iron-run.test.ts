/**
 * Iron Squad through the runner and the CLI: determinism for any worker count (the default
 * matchup), game isolation, the per-game row, bad input, the shipped JSON Schema, and
 * `squadsim odds iron-squad` on the rulebook's worked example (item 52).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { player } from './play-harness.ts';
import { ConfigError } from '../engine/errors.ts';
import { compileIron } from '../engine/rulesets/iron-squad/compile.ts';
import { createIronGame, ironSquad } from '../engine/rulesets/iron-squad/index.ts';
import { loadConfig, loadConfigObject } from '../sim/config.ts';
import { runSimulation, type RunResult } from '../sim/run.ts';
import { runCli } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';

const CONFIG = join(ROOT, 'configs', 'iron-squad', 'default.json');
const DEFAULT = JSON.parse(readFileSync(CONFIG, 'utf8'));
const GAMES = 6000;

// Determinism at any worker count and over shards is checked for every ruleset by
// test/conformance.test.ts; here, what only Iron Squad records.
describe('Iron Squad results', () => {
  let run: RunResult;
  beforeAll(async () => {
    run = await runSimulation({ config: loadConfig(CONFIG), games: GAMES, seed: 7, workers: 0 });
  });

  it('summarizes the default matchup in rounds', () => {
    const s = run.summary;
    expect(s.ruleset).toBe('iron-squad');
    expect(s.sides[0].wins + s.sides[1].wins + s.draws).toBe(GAMES);
    expect(s.lethality.unit).toBe('round');
    expect(s.lethality.steps).toBe(12);
    expect(s.nouns).toMatchObject({ unit: 'unit', value: 'health', score: 'VP', step: 'round' });
  });

  it('lethality per round is recorded with night and day split (results details)', () => {
    const d = run.summary.details as { lethalityByRound: { nightShare: number }[]; lethalityByHour: { night: boolean }[] };
    expect(d.lethalityByRound).toHaveLength(12);
    // Round 1 starts at night for start rolls 1, 2, 11, 12: 4/12 of games.
    const p = 4 / 12;
    expect(Math.abs(d.lethalityByRound[0].nightShare - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / GAMES));
    expect(d.lethalityByHour.filter((h) => h.night)).toHaveLength(4);
  });
});

describe('Iron Squad games are isolated', () => {
  it('game k alone records exactly what game k records after other games', () => {
    const scn = compileIron(DEFAULT);
    const rowOf = (p: ReturnType<typeof player<typeof scn, ReturnType<typeof createIronGame>>>, k: number): number[] => {
      p.env.tally.row = new Float64Array(scn.plan.rowColumns.length);
      p.clear().play(42, k);
      return Array.from(p.env.tally.row);
    };
    const alone = player(ironSquad, scn), used = player(ironSquad, scn).playRange(42, 0, 17);
    const rowAlone = rowOf(alone, 17), accAlone = Array.from(alone.acc);
    expect(rowOf(used, 17)).toEqual(rowAlone);
    expect(Array.from(used.acc)).toEqual(accAlone);
    expect(rowAlone[3]).toBeGreaterThan(0); // rounds played
  });
});

describe('Iron Squad config and CLI', () => {
  it('bad input is a ConfigError naming the field', () => {
    expect(() => compileIron({ ...DEFAULT, rules: { rounds: 13 } })).toThrow(/rules\.rounds/);
    expect(() => compileIron({ ...DEFAULT, sides: [{ ...DEFAULT.sides[0], policy: 'reckless' }, DEFAULT.sides[1]] })).toThrow(ConfigError);
    expect(() => compileIron({ ...DEFAULT, map: { generate: { board_cols: 2 } } })).toThrow(/map\.generate\.board_cols/);
    expect(() => compileIron({ ...DEFAULT, rules: { mystery: 1 } })).toThrow(/unknown field/);
    const r = runCli(['run', join(ROOT, 'configs', 'nco', 'default.json').replace('nco/default', 'iron-squad/nope'), '-n', '10']);
    expect(r.code).toBe(2);
  });

  it('policies: three presets whose weights can be overridden (sweeps); unknown weights are refused', () => {
    const side0 = (policy: unknown) => compileIron({ ...DEFAULT, sides: [{ ...DEFAULT.sides[0], policy }, DEFAULT.sides[1]] }).policies[0];
    expect(side0('bot').targetRule).toBe(0);
    expect(side0('farm').fireFirst).toBe(true);
    const p = side0({ id: 'farm', fire_first: false, exposure_weight: 2 });
    expect([p.fireFirst, p.exposureWeight, p.vpWeight]).toEqual([false, 2, side0('farm').vpWeight]);
    expect(() => side0({ id: 'rush', bravado: 1 })).toThrow(ConfigError);
  });

  it('every ASSUMED default is a named rules parameter (R1–R23)', () => {
    const rules = compileIron(DEFAULT).rules as Record<string, unknown>;
    for (const k of ['mp_by_type', 'range_by_type', 'hills_tam_column', 'unrevealed_blocks_los', 'local_health', 'building_explore_once', 'mission_mode',
      'sniper_opp_per_enemy_turn', 'attacker_hit_gives_vp', 'splash_recompute_tam', 'mp_penalty_stacks', 'fog_min_range', 'medic_reactive', 'captain_rally_phase',
      'engineer_path_cap', 'solo_hp_bonus', 'solo_lost_unit_penalty']) expect(rules).toHaveProperty(k);
  });

  it('configs/schemas/iron-squad.schema.json is what `schema iron-squad` prints, and validates the default shape', () => {
    const r = runCli(['schema', 'iron-squad']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', 'iron-squad.schema.json'), 'utf8')));
    expect(JSON.parse(r.stdout).properties.sides.maxItems).toBe(2);
  });

  it('52 `odds iron-squad` reproduces the worked example: 21 before the die, a 4 gives 34 = D −1H', () => {
    const r = runCli(['odds', 'iron-squad', '--weapon', 'rifle', '--terrain', 'forest', '--elevation', 'in-favour', '--distance', '2', '--health', '4', '--night', '--fog', '--json']);
    expect(r.code).toBe(0);
    const res = JSON.parse(r.stdout);
    expect(res.inputs.accuracyBeforeDie).toBe(21);
    expect(res.tables[0].rows[3]).toMatchObject({ face: 4, finalAccuracy: 34, result: 'D −1H' });
    const bad = runCli(['odds', 'iron-squad', '--weapon', 'rifle', '--distance', '3', '--fog']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/distance/);
  });
});

// Issue 35 item 1: the documented minima of the Explore deck (0 empty cards, 0 unit cards
// per nation, or both: an empty deck, where every explore draws nothing) play to completion.
describe('Iron Squad Explore deck at its minima', () => {
  const minima: Record<string, number>[] = [{ explore_deck_empty: 0 }, { explore_deck_units_per_nation: 0 }, { explore_deck_empty: 0, explore_deck_units_per_nation: 0 }];
  for (const rules of minima) {
    it(`runs with rules ${JSON.stringify(rules)}`, async () => {
      const cfg = { ...DEFAULT, rules: { ...DEFAULT.rules, ...rules } };
      const run = await runSimulation({ config: loadConfigObject(cfg, dirname(CONFIG)), games: 200, seed: 3, workers: 0 });
      const s = run.summary;
      expect(s.sides[0].wins + s.sides[1].wins + s.draws).toBe(200);
      const actions = (s.details as { counters: { actions: Record<string, { explores: number; spawns: number }> } }).counters.actions;
      const explores = actions.USA.explores + actions.Germany.explores, spawns = actions.USA.spawns + actions.Germany.spawns;
      expect(explores).toBeGreaterThan(0);
      // No unit cards: no Local ever appears.
      if (rules.explore_deck_units_per_nation === 0) expect(spawns).toBe(0);
    });
  }
});
