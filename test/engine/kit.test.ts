/** engine/kit: players and knobs, counters and config declared once (issue 27). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configJsonSchema, fileRef, fileRefPaths } from '../../engine/kit/config.ts';
import { Counter, CounterSet, SIDES } from '../../engine/kit/counters.ts';
import { camel, definePlayers, knob } from '../../engine/kit/players.ts';
import { TallyPlan } from '../../engine/tally-plan.ts';
import { Tally } from '../../engine/tally.ts';

const KNOBS = {
  advance_to_in: knob.number(0, 72, 'inches'),
  rally_pins: knob.int(1, 12, 'pins'),
  idle_ambush: knob.boolean('ambush'),
  target_rule: knob.choice(['max-damage', 'nearest'] as const, 'which'),
};
const A = { name: 'a' }, R = { name: 'r' };
const players = definePlayers(KNOBS, {
  scripted: { doc: 'scripted', decisions: A, presets: {
    bold: { advance_to_in: 6, rally_pins: 3, idle_ambush: false, target_rule: 'max-damage' },
    shy: { advance_to_in: 18, rally_pins: 2, idle_ambush: true, target_rule: 'nearest' },
  } },
  random: { doc: 'random', decisions: R, tunable: false, presets: { random: { advance_to_in: 12, rally_pins: 12, idle_ambush: false, target_rule: 'nearest' } } },
});

describe('kit players: knobs declared once', () => {
  it('camel-cases config names for code', () => {
    expect(camel('advance_to_in')).toBe('advanceToIn');
    expect(camel('aggression')).toBe('aggression');
  });
  it('ids are every preset in declaration order; the schema takes an id or the object form', () => {
    expect(players.ids).toEqual(['bold', 'shy', 'random']);
    expect(players.schema.safeParse('shy').success).toBe(true);
    expect(players.schema.safeParse({ id: 'bold', rally_pins: 5 }).success).toBe(true);
    expect(players.schema.safeParse({ id: 'bold', rally_pins: 13 }).success).toBe(false);
    expect(players.schema.safeParse({ id: 'bold', rally_pins: 2.5 }).success).toBe(false);
    expect(players.schema.safeParse({ id: 'bold', nope: 1 }).success).toBe(false);
    // A player that is not tunable takes no knobs.
    expect(players.schema.safeParse({ id: 'random', rally_pins: 5 }).success).toBe(false);
    expect(players.schema.safeParse({ id: 'random' }).success).toBe(true);
  });
  it('resolves a preset with overrides; a choice becomes its index', () => {
    const p = players.resolve({ id: 'bold', target_rule: 'nearest', advance_to_in: 9 });
    expect(p).toEqual({ id: 'bold', player: 'scripted', advanceToIn: 9, rallyPins: 3, idleAmbush: false, targetRule: 1 });
    expect(players.decisionsOf(p)).toBe(A);
    expect(players.decisionsOf(players.resolve('random'))).toBe(R);
  });
  it('presetConfig gives every knob in config form, and toConfig inverts resolve', () => {
    expect(players.presetConfig('shy')).toEqual({ advance_to_in: 18, rally_pins: 2, idle_ambush: true, target_rule: 'nearest' });
    expect(players.presetConfig('random')).toBeUndefined();
    expect(players.presetConfig('nobody')).toBeUndefined();
    const cfg = { id: 'shy', advance_to_in: 3, rally_pins: 2, idle_ambush: true, target_rule: 'max-damage' };
    expect(players.toConfig(players.resolve(cfg))).toEqual(cfg);
  });
  it('refuses a preset that misses a knob or names an unknown one, and a preset id declared twice', () => {
    expect(() => definePlayers(KNOBS, { s: { doc: '', decisions: A, presets: { x: { advance_to_in: 1, rally_pins: 1, idle_ambush: false } as never } } })).toThrow(/does not give knob target_rule/);
    expect(() => definePlayers({ a: knob.boolean('') }, { s: { doc: '', decisions: A, presets: { x: { a: true, b: 1 } as never } } })).toThrow(/unknown knob b/);
    expect(() => definePlayers({}, { s: { doc: '', decisions: A, presets: { x: {} } }, t: { doc: '', decisions: R, presets: { x: {} } } })).toThrow(/declared by s and t/);
  });
});

describe('kit counters: labels give dims, handles give offsets', () => {
  const names = ['Blue', 'Red'] as const;
  const set = new CounterSet(names, {
    orders: { axes: [SIDES, ['fire', 'move', 'rally']], doc: 'orders' },
    endTurn: { axes: [['turn 1', 'turn 2']], doc: 'games ending' },
    grid: { axes: [SIDES, ['a', 'b'], ['x', 'y', 'z']], doc: '3-d' },
  });
  const plan = new TallyPlan({ sideNames: names, nouns: { unit: 'u', units: 'us', value: 'v', score: 's', scoreLong: 's', step: 't', steps: 'ts' }, steps: 2, extras: set.blocks() });
  it('declares blocks whose dims are the label counts', () => {
    expect(set.blocks().map((b) => [b.name, b.dims])).toEqual([['orders', [2, 3]], ['endTurn', [2]], ['grid', [2, 2, 3]]]);
  });
  it('handles write where the layout says, on whatever buffer the tally holds', () => {
    const tally = new Tally(plan);
    const c = set.bind(tally);
    expect(c.orders).toBeInstanceOf(Counter);
    c.orders.add(1, 2);
    c.orders.addBy(5, 0, 1);
    c.endTurn.add(1);
    c.grid.add(1, 1, 2);
    const l = plan.layout;
    expect(tally.acc[l.offset('orders') + 1 * 3 + 2]).toBe(1);
    expect(tally.acc[l.offset('orders') + 0 * 3 + 1]).toBe(5);
    expect(tally.acc[l.offset('endTurn') + 1]).toBe(1);
    expect(tally.acc[l.offset('grid') + 1 * 6 + 1 * 3 + 2]).toBe(1);
    const other = new Float64Array(l.size);
    tally.attach(other);
    c.orders.add(0, 0);
    expect(other[l.offset('orders')]).toBe(1);
    expect(c.orders.get(0, 0)).toBe(1);
  });
  it('summarises every counter per game, keyed by label', () => {
    const acc = new Float64Array(plan.layout.size);
    acc[plan.layout.offset('orders') + 3 + 2] = 8;
    acc[plan.layout.offset('endTurn') + 1] = 3;
    const s = set.summary(acc, (n) => plan.layout.offset(n), 4) as Record<string, Record<string, unknown>>;
    expect(s.orders).toEqual({ Blue: { fire: 0, move: 0, rally: 0 }, Red: { fire: 0, move: 0, rally: 2 } });
    expect(s.endTurn).toEqual({ 'turn 1': 0, 'turn 2': 0.75 });
  });
  it('refuses padding, blank, repeated labels and bad ranks', () => {
    expect(() => new CounterSet(names, { a: { axes: [['x', '-'] ], doc: '' } })).toThrow(/padding/);
    expect(() => new CounterSet(names, { a: { axes: [['x', '-13']], doc: '' } })).toThrow(/padding/);
    expect(() => new CounterSet(names, { a: { axes: [['x', ' ']], doc: '' } })).toThrow(/blank/);
    expect(() => new CounterSet(names, { a: { axes: [['x', 'x']], doc: '' } })).toThrow(/repeats/);
    expect(() => new CounterSet(names, { a: { axes: [], doc: '' } })).toThrow(/1–3 axes/);
  });
});

describe('kit config: one schema, three faces', () => {
  const map = z.object({ w: z.number() }).strict().describe('the map');
  const cfg = z.object({
    map: fileRef(map, 'path to a map file').prefault({ w: 1 }),
    sides: z.array(z.object({ army: fileRef(z.array(z.string()).describe('the army'), 'path to an army file'), name: z.string() })).length(2),
    plain: z.string().optional().describe('x'),
  }).strict();
  it('lists every fileRef as a dotted path, * for array elements', () => {
    expect(fileRefPaths(cfg)).toEqual(['map', 'sides.*.army']);
  });
  it('parses the value form only (the loader has inlined the files)', () => {
    expect(cfg.safeParse({ sides: [{ army: ['a'], name: 'x' }, { army: [], name: 'y' }] }).success).toBe(true);
    expect(cfg.safeParse({ map: 'm.json', sides: [{ army: ['a'], name: 'x' }, { army: [], name: 'y' }] }).success).toBe(false);
  });
  it('the JSON Schema takes a path string or the value at each fileRef, with both descriptions', () => {
    const js = configJsonSchema(cfg) as { properties: Record<string, { anyOf?: { type?: string; description?: string }[]; description?: string; items?: { properties: Record<string, { anyOf?: unknown[] }> } }> };
    expect(js.properties.map.anyOf?.[0]).toEqual({ type: 'string', description: 'path to a map file' });
    expect(js.properties.map.description).toBe('the map');
    expect(js.properties.sides.items?.properties.army.anyOf?.length).toBe(2);
    expect(js.properties.plain.anyOf).toBeUndefined();
  });
});
