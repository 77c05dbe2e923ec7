/**
 * Mutations for the fuzz corpus, as fast-check arbitraries: structural edits of a parsed
 * JSON document (replace, delete, add a key, retype, tweak a number or a string, copy one
 * subtree over another) and edits of its text (BOM, truncation, duplicate keys, comments,
 * trailing commas, deep nesting, invalid UTF-8, ...).
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

const INTERESTING: Json[] = [
  0, -1, 1, 2, 0.5, -0.5, 1e-9, 2 ** 31, 2 ** 32, 2 ** 53, 1e308, -1e308, '', ' ', 'x', '\n', 'a\u2028b', '\u0000', 'draw',
  'nco', 'iron-squad', '/dev/zero', '../../etc/passwd', 'A'.repeat(5000), null, true, false, [], {}, [0], [[[]]], { x: 1 },
];

const valueArb: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INTERESTING) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

const OPS = ['replace', 'replace', 'replace', 'delete', 'add-key', 'repeat', 'empty', 'number', 'string', 'retype', 'copy'] as const;

export interface StructuralOp {
  op: (typeof OPS)[number];
  /** Picks the path (modulo the number of paths). */
  at: number;
  /** Picks a second path (copy) or a variant (number, string, retype). */
  other: number;
  value: Json;
  key: string;
}

export const structuralOpArb: fc.Arbitrary<StructuralOp> = fc.record({
  op: fc.constantFrom(...OPS),
  at: fc.nat(),
  other: fc.nat(),
  value: valueArb,
  key: fc.constantFrom('extra', 'Rules', 'name', 'id', '__proto__', 'generate', 'schema', 'integrity', 'acc', 'games'),
});

/** Every path in `v`, root first (at most `max`). */
function pathsOf(v: Json, max = 4000): Path[] {
  const out: Path[] = [];
  const walk = (x: Json, p: Path): void => {
    if (out.length >= max) return;
    out.push(p);
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...p, i]));
    else if (x !== null && typeof x === 'object') for (const k of Object.keys(x)) walk(x[k], [...p, k]);
  };
  walk(v, []);
  return out;
}

function get(v: Json, p: Path): Json {
  return p.reduce<Json>((x, k) => (x as Record<string | number, Json>)[k], v);
}

function set(v: Json, p: Path, value: Json): Json {
  if (p.length === 0) return value;
  const parent = get(v, p.slice(0, -1)) as Record<string | number, Json>;
  Object.defineProperty(parent, p[p.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return v;
}

/** Applies one structural edit to a copy of `doc`; returns the copy and what was done. */
export function applyStructural(doc: Json, m: StructuralOp): { doc: Json; did: string } {
  let v = structuredClone(doc);
  const paths = pathsOf(v);
  const p = paths[m.at % paths.length];
  const cur = get(v, p);
  const where = JSON.stringify(p);
  switch (m.op) {
    case 'replace':
      return { doc: set(v, p, m.value), did: `replace ${where} with ${JSON.stringify(m.value)?.slice(0, 60)}` };
    case 'delete': {
      if (p.length === 0) return { doc: v, did: 'delete (root: no-op)' };
      const parent = get(v, p.slice(0, -1));
      if (Array.isArray(parent)) parent.splice(p[p.length - 1] as number, 1);
      else delete (parent as Record<string, Json>)[p[p.length - 1]];
      return { doc: v, did: `delete ${where}` };
    }
    case 'add-key': {
      const objects = paths.filter((q) => { const x = get(v, q); return x !== null && typeof x === 'object' && !Array.isArray(x); });
      if (objects.length === 0) return { doc: v, did: 'add-key (no object)' };
      const q = objects[m.at % objects.length];
      // defineProperty: a "__proto__" key stays an own key, as JSON.parse would make it.
      set(v, [...q, m.key], m.value);
      return { doc: v, did: `add ${JSON.stringify([...q, m.key])} = ${JSON.stringify(m.value)?.slice(0, 60)}` };
    }
    case 'repeat':
      if (!Array.isArray(cur) || cur.length === 0) return { doc: set(v, p, [cur, cur, cur]), did: `triple ${where} into an array` };
      return { doc: set(v, p, [...cur, ...cur, ...cur.slice(0, 1 + (m.other % cur.length))]), did: `repeat the elements of ${where}` };
    case 'empty':
      return { doc: set(v, p, Array.isArray(cur) ? [] : cur !== null && typeof cur === 'object' ? {} : ''), did: `empty ${where}` };
    case 'number': {
      if (typeof cur !== 'number') return { doc: set(v, p, m.other % 7), did: `number ${where} := ${m.other % 7}` };
      const tweaks = [cur + 1, cur - 1, cur * 10, -cur, 0, cur + 0.5, cur * 1e6];
      const x = tweaks[m.other % tweaks.length];
      return { doc: set(v, p, x), did: `tweak ${where} ${cur} -> ${x}` };
    }
    case 'string': {
      const s = typeof cur === 'string' ? cur : JSON.stringify(cur) ?? '';
      const tweaks = [s + '\n', '', s.toUpperCase(), s + ' ', s.repeat(100).slice(0, 20_000), `${s}\t`, s.slice(1)];
      return { doc: set(v, p, tweaks[m.other % tweaks.length]), did: `string ${where} variant ${m.other % tweaks.length}` };
    }
    case 'retype': {
      const forms: Json[] = [[cur], { value: cur }, JSON.stringify(cur) ?? 'null', typeof cur === 'number' ? String(cur) : 1, null];
      return { doc: set(v, p, forms[m.other % forms.length]), did: `retype ${where} form ${m.other % forms.length}` };
    }
    case 'copy': {
      const q = paths[m.other % paths.length];
      if (q.length <= p.length && JSON.stringify(q) === JSON.stringify(p.slice(0, q.length))) return { doc: v, did: 'copy (onto itself: no-op)' };
      v = set(v, p, structuredClone(get(v, q)));
      return { doc: v, did: `copy ${JSON.stringify(q)} over ${where}` };
    }
  }
}

const TEXT_OPS = ['none', 'none', 'none', 'none', 'pretty', 'bom', 'truncate', 'insert', 'dup-key', 'trailing-comma', 'comment', 'deep', 'invalid-utf8', 'empty'] as const;
/** Text edits that keep the document's meaning (the rest make it invalid). */
export const HARMLESS_TEXT = new Set(['none', 'pretty', 'bom']);

export interface TextOp {
  op: (typeof TEXT_OPS)[number];
  at: number;
  char: string;
}

export const textOpArb: fc.Arbitrary<TextOp> = fc.record({
  op: fc.constantFrom(...TEXT_OPS),
  at: fc.nat(),
  char: fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'x', '0', '-', '\u0000', '\n', '\ufeff'),
});

/** Serializes `doc` and applies a text edit; returns the file's bytes. */
export function applyText(doc: Json, t: TextOp): Buffer {
  const text = t.op === 'pretty' ? JSON.stringify(doc, null, 2).replace(/\n/g, '\r\n') : JSON.stringify(doc) ?? 'null';
  const at = t.at % Math.max(1, text.length);
  switch (t.op) {
    case 'none':
    case 'pretty':
      return Buffer.from(text);
    case 'bom':
      return Buffer.from('\ufeff' + text);
    case 'truncate':
      return Buffer.from(text.slice(0, at));
    case 'insert':
      return Buffer.from(text.slice(0, at) + t.char + text.slice(at));
    case 'dup-key': {
      // Repeat the first property of one object: `{"a":1,...}` -> `{"a":1,"a":1,...}`.
      const starts = [...text.matchAll(/\{(?=")/g)].map((m) => m.index);
      if (starts.length === 0) return Buffer.from(text + ' x');
      const i = starts[t.at % starts.length] + 1;
      const prop = /^"(?:[^"\\]|\\.)*":(?:"(?:[^"\\]|\\.)*"|-?[\d.eE+-]+|true|false|null)/.exec(text.slice(i))?.[0] ?? '"k":1,"k":2';
      return Buffer.from(text.slice(0, i) + prop + ',' + text.slice(i));
    }
    case 'trailing-comma':
      return Buffer.from(text.replace(/([}\]])$/, ',$1'));
    case 'comment':
      return Buffer.from('// squadsim\n' + text);
    case 'deep':
      return Buffer.from('['.repeat(150) + text + ']'.repeat(150));
    case 'invalid-utf8':
      return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(text.slice(at))]);
    case 'empty':
      return Buffer.alloc(0);
  }
}
