import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './dist-fresh.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';

describe('shipped JSON Schemas', () => {
  it('configs/schemas/nco.schema.json is what `squadsim schema nco` prints (regenerate it if this fails)', () => {
    const shipped = JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', 'nco.schema.json'), 'utf8'));
    expect(shipped).toEqual(GENERATORS.nco());
  });

  it('the default config points its $schema at the shipped file', () => {
    const path = join(ROOT, 'configs', 'nco', 'default.json');
    const cfg = JSON.parse(readFileSync(path, 'utf8'));
    expect(existsSync(resolve(dirname(path), cfg.$schema))).toBe(true);
  });

  it('the schema knows every rules parameter, with its default', () => {
    const rules = (GENERATORS.nco().properties as Record<string, { properties: Record<string, { default?: unknown }> }>).rules;
    expect(rules.properties.streak_limit.default).toBe(4);
    expect(rules.properties.sergeant_kill_bonus.default).toBe(55);
    expect(Object.keys(rules.properties).length).toBeGreaterThan(30);
  });
});

const GENERATORS: Record<string, () => Record<string, unknown>> = Object.fromEntries(
  RULESET_IDS.map((id) => [id, () => getRuleset(id)!.jsonSchema!()]),
);

/** Paths of object properties (other than `$schema`) whose schema has no non-empty "description". */
function undescribed(node: unknown, path = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((x, i) => undescribed(x, `${path}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const out: string[] = [];
  const o = node as Record<string, unknown>;
  if (o.properties && typeof o.properties === 'object') {
    for (const [k, v] of Object.entries(o.properties as Record<string, unknown>)) {
      if (k === '$schema') continue;
      const d = (v as { description?: unknown } | null)?.description;
      if (typeof d !== 'string' || d.trim() === '') out.push(`${path}/properties/${k}`);
    }
  }
  for (const [k, v] of Object.entries(o)) out.push(...undescribed(v, `${path}/${k}`));
  return out;
}

describe('schema descriptions (issue 13: editors show them on hover)', () => {
  it('the walker finds a property without a description, however deep', () => {
    const s = { properties: { $schema: {}, a: { description: 'A', properties: { b: { anyOf: [{ properties: { c: { description: ' ' } } }] } } } } };
    expect(undescribed(s)).toEqual(['/properties/a/properties/b', '/properties/a/properties/b/anyOf[0]/properties/c']);
  });

  for (const [id, generate] of Object.entries(GENERATORS)) {
    it(`configs/schemas/${id}.schema.json is what \`squadsim schema ${id}\` prints`, () => {
      const shipped = JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', `${id}.schema.json`), 'utf8'));
      expect(shipped).toEqual(JSON.parse(JSON.stringify(generate())));
    });

    it(`every property in configs/schemas/${id}.schema.json has a description`, () => {
      const shipped = JSON.parse(readFileSync(join(ROOT, 'configs', 'schemas', `${id}.schema.json`), 'utf8'));
      const missing = undescribed(shipped);
      expect(missing, `${missing.length} properties without a description:\n${missing.join('\n')}`).toEqual([]);
    });
  }
});
