/** skill-die through the CLI and its shipped configs: schema, odds, the vehicle matchup (items 13, 16, R14, R20). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillDie } from '../engine/rulesets/skill-die/index.ts';
import { T_APC, T_LIGHT_TANK, T_TRUCK } from '../engine/rulesets/skill-die/data/catalogue.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { loadConfig } from '../sim/config.ts';
import { runCli } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';
import { player } from './play-harness.ts';

describe('skill-die CLI and configs', () => {
  it('configs/schemas/skill-die.schema.json is what `schema skill-die` prints', () => {
    const r = runCli(['schema', 'skill-die']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', 'skill-die.schema.json'), 'utf8')));
  });

  it('`odds skill-die --json` prints the exact distribution of the default rifle shot (R2: 1/4, 3/8, 3/8)', () => {
    const r = runCli(['odds', 'skill-die', '--skill', '8', '--difficulty', '3', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).outcomes.map((o: { exact: string }) => o.exact)).toEqual(['1/4', '3/8', '3/8']);
  });

  it('R14 armour.json: vehicles fielded at their points with Defense dice, and destroyed only by big enough Damage dice', () => {
    const l = loadConfig(join(ROOT, 'configs', 'skill-die', 'armour.json'));
    const s = l.scn as ReturnType<typeof skillDie.compile>;
    const types = Array.from(s.uType);
    expect(types).toContain(T_APC);
    expect(types).toContain(T_TRUCK);
    expect(types).toContain(T_LIGHT_TANK);
    const tank = types.indexOf(T_LIGHT_TANK);
    expect(s.uDefDie[tank]).toBe(10);
    expect(s.uCost[tank]).toBe(60);
    const p = player(skillDie, s).playRange(3, 0, 150);
    const K = s.plan.typeCount, B = s.plan.bins;
    const lost = (side: number, t: number) => p.block(BLOCK.typeCasualties).slice((side * K + t) * B, (side * K + t + 1) * B).reduce((a, b) => a + b, 0);
    // The light tank (d10) can only be hurt by the AT rocket (d12) or autocannon/mortar class dice: it does fall sometimes, far less than infantry.
    const tankLoss = lost(1, T_LIGHT_TANK) / 150;
    expect(tankLoss).toBeGreaterThan(0);
    expect(tankLoss).toBeLessThan(lost(1, 0) / (150 * 2));
  });
});
