/**
 * Every shipped NCO config, roster and map is valid and playable: a designer copying one
 * as a starting point must never start from a broken file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { player } from './play-harness.ts';
import { compileRoster } from '../engine/rulesets/nco/data/roster.ts';
import { ncoRulesSchema } from '../engine/rulesets/nco/data/params.ts';
import { nationById } from '../engine/rulesets/nco/data/nations.ts';
import { loadConfig } from '../sim/config.ts';

const NCO = join(import.meta.dirname, '..', 'configs', 'nco');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
}

const configs = [join(NCO, 'default.json'), ...jsonFiles(join(NCO, 'matchups')), ...safe(() => jsonFiles(join(NCO, 'scenarios')))];

function safe(f: () => string[]): string[] {
  try {
    return f();
  } catch {
    return [];
  }
}

describe('shipped NCO files', () => {
  const rules = ncoRulesSchema.parse({});
  it('every sample roster is legal, within 100 vps and its nation\'s sps, and at least six nations are covered', () => {
    const nations = new Set<string>();
    for (const file of jsonFiles(join(NCO, 'rosters'))) {
      const r = compileRoster(JSON.parse(readFileSync(file, 'utf8')), rules, [file]);
      expect(r.totalVps, file).toBeLessThanOrEqual(100);
      expect(r.totalSps, file).toBeLessThanOrEqual(50 + (nationById(r.nation)?.bonusSps ?? 0));
      nations.add(r.nation);
    }
    nations.delete('none');
    expect(nations.size).toBeGreaterThanOrEqual(6);
  });

  it('there are at least three hand-made maps', () => {
    expect(jsonFiles(join(NCO, 'maps')).length).toBeGreaterThanOrEqual(3);
  });

  for (const file of configs) {
    it(`${file.slice(NCO.length + 1)} compiles and plays 40 games`, () => {
      const { ruleset, scn } = loadConfig(file);
      const outcome = player(ruleset, scn).playRange(11, 0, 40).block('outcome');
      expect(outcome[0] + outcome[1] + outcome[2]).toBe(40);
    });
  }
});
