import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ncoJsonSchema } from '../engine/rulesets/nco/tools/schema.ts';
import { ROOT } from './dist-fresh.ts';

describe('shipped JSON Schemas', () => {
  it('configs/schemas/nco.schema.json is what `squadsim schema nco` prints (regenerate it if this fails)', () => {
    const shipped = JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', 'nco.schema.json'), 'utf8'));
    expect(shipped).toEqual(ncoJsonSchema());
  });

  it('the default config points its $schema at the shipped file', () => {
    const path = join(ROOT, 'configs', 'nco', 'default.json');
    const cfg = JSON.parse(readFileSync(path, 'utf8'));
    expect(existsSync(resolve(dirname(path), cfg.$schema))).toBe(true);
  });

  it('the schema knows every rules parameter, with its default', () => {
    const rules = (ncoJsonSchema().properties as Record<string, { properties: Record<string, { default?: unknown }> }>).rules;
    expect(rules.properties.streak_limit.default).toBe(4);
    expect(rules.properties.sergeant_kill_bonus.default).toBe(55);
    expect(Object.keys(rules.properties).length).toBeGreaterThan(30);
  });
});
