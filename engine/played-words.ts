/**
 * Words for "what was played" (Ruleset.describePlayed, resultsdoc/played.ts): config ids
 * turned into the words a reader expects, counted lists, and a map in one phrase. Pure
 * helpers on plain JSON, never on the hot path.
 */

/** Letters groups that read as initials ("mmg-team" → "MMG team"). */
const INITIALS = new Set(['mmg', 'hmg', 'lmg', 'smg', 'mg', 'at', 'piat', 'apc', 'ew', 'nvg', 'us', 'usa', 'vp', 'ft', 'dz', 'koth']);

/** A config id in words: "infantry-section" → "Infantry section", "bolt_rifle" → "Bolt rifle", "mmg-team" → "MMG team". */
export function idWords(id: string): string {
  const words = id.split(/[-_\s]+/).filter((w) => w !== '').map((w) => (INITIALS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return id;
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return words.join(' ');
}

/** "Private, Private, Medic" → "2 × Private, Medic" (counts in first-seen order). */
export function countedList(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, k]) => (k > 1 ? `${k} × ${n}` : n)).join(', ');
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A value in words for a one-line list: numbers and strings as they are, lists joined, no JSON. */
export function valueWords(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(valueWords).join('×');
  if (isObj(v)) return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, ' ')} ${valueWords(x)}`).join(', ');
  return String(v);
}

/**
 * The map in one phrase: "generated each game (mirrored true, …)", "village crossroads,
 * 72×48 in, 12 terrain pieces", or `none` when the config has no map field.
 */
export function mapWords(m: unknown, unit = 'in'): string {
  if (typeof m === 'string') return m;
  if (!isObj(m)) return 'none';
  if (isObj(m.generate)) {
    const g = Object.entries(m.generate).map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueWords(v)}`).join(', ');
    return `generated each game${g ? ` (${g})` : ' (default settings)'}`;
  }
  const name = typeof m.name === 'string' ? m.name : 'a fixed map';
  const size = Array.isArray(m.size) ? `, ${m.size.join('×')} ${unit}` : '';
  const pieces = Array.isArray(m.terrain) ? `, ${m.terrain.length} terrain pieces` : '';
  return `${name}${size}${pieces}`;
}

/** A resolved policy's knobs (camelCase, as the engine holds them) in config form (snake_case), `kind` dropped. */
export function knobsInConfigForm(resolved: Record<string, unknown>, rename: Record<string, (v: unknown) => unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(resolved)) {
    if (k === 'kind') continue;
    const snake = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[snake] = rename[snake] ? rename[snake](v) : v;
  }
  return out;
}
