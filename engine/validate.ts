import { z } from 'zod';
import { ConfigError, formatPath } from './errors.ts';
import { closest } from './suggest.ts';

/**
 * Parses `value` with a zod schema; on failure throws a ConfigError for the first issue,
 * naming the full path (prefixed by `root`), the offending value and what is allowed.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: readonly PropertyKey[] = []): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = nearestBranch(r.error.issues[0]);
  const path = [...root, ...(issue.path as PropertyKey[])];
  // A refinement may name the value it judged (`params.value`, e.g. "5000 corners") and say
  // what is allowed in its message, instead of the whole object at its path.
  const own = issue.code === 'custom' ? (issue as { params?: { value?: unknown } }).params : undefined;
  const bad = own?.value !== undefined ? own.value : valueAt(value, issue.path as PropertyKey[]);
  let allowed = own?.value !== undefined ? issue.message : allowedText(issue);
  const keys = (issue as { keys?: string[] }).keys;
  if (issue.code === 'unrecognized_keys' && Array.isArray(keys)) allowed += unknownKeyHints(keys, fieldsAt(schema, issue.path as PropertyKey[]));
  throw new ConfigError(formatPath(path), bad, allowed);
}

/** Unknown keys an error lists (and finds a did-you-mean for); the rest are counted. */
export const UNKNOWN_KEYS_LISTED = 5;

/** `"a", "b", "c"`, or the first UNKNOWN_KEYS_LISTED of them `and N more`: a message stays short whatever the input. */
export function listKeys(keys: readonly string[]): string {
  const shown = keys.slice(0, UNKNOWN_KEYS_LISTED).map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 57)}...` : k)).join(', ');
  return keys.length > UNKNOWN_KEYS_LISTED ? `${shown} and ${keys.length - UNKNOWN_KEYS_LISTED} more` : shown;
}

/** `(did you mean "aggression" for "agression"?)` for each listed unknown key close to a real field. */
function unknownKeyHints(keys: readonly string[], fields: readonly string[]): string {
  const hints: string[] = [];
  for (const k of keys.slice(0, UNKNOWN_KEYS_LISTED)) {
    const c = closest(k, fields);
    if (c !== undefined) hints.push(`did you mean ${JSON.stringify(c)} for ${JSON.stringify(k)}?`);
  }
  if (hints.length > 0) return ` (${hints.join(' ')})`;
  return fields.length > 0 && fields.length <= 40 ? ` (allowed fields: ${fields.join(', ')})` : '';
}

type Def = { type?: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; valueType?: z.ZodType; getter?: () => z.ZodType };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The field names of the object schema at `path` inside `schema` (all union branches merged). */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  const out = new Set<string>();
  const walk = (s: z.ZodType, i: number, depth: number): void => {
    if (depth > 50) return;
    const d = defOf(s);
    switch (d.type) {
      case 'optional': case 'default': case 'nullable': case 'readonly': case 'catch': case 'prefault': case 'nonoptional':
        return d.innerType ? walk(d.innerType, i, depth + 1) : undefined;
      case 'pipe': return d.in ? walk(d.in, i, depth + 1) : undefined;
      case 'lazy': return d.getter ? walk(d.getter(), i, depth + 1) : undefined;
      case 'union': for (const o of d.options ?? []) walk(o, i, depth + 1); return;
      case 'array': return i < path.length && d.element ? walk(d.element, i + 1, depth + 1) : undefined;
      case 'record': return i < path.length && d.valueType ? walk(d.valueType, i + 1, depth + 1) : undefined;
      case 'object':
        if (i === path.length) { for (const k of Object.keys(d.shape ?? {})) out.add(k); return; }
        { const next = d.shape?.[String(path[i])]; if (next) walk(next, i + 1, depth + 1); }
        return;
      default: return;
    }
  };
  walk(schema, 0, 0);
  return [...out];
}

/**
 * A union whose value matched one branch's form (e.g. a policy object with a valid "id")
 * but failed inside it: report that branch's own issue (an unknown field, a range), not
 * "expected one of" the union's ids. Other unions stay as they are.
 */
function nearestBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  const errors = (issue as { errors?: z.core.$ZodIssue[][] }).errors;
  if (issue.code !== 'invalid_union' || !Array.isArray(errors)) return issue;
  const inside = errors.filter((b) => b.length > 0 && b.every((i) => i.path.length > 0 || i.code === 'unrecognized_keys'));
  if (inside.length !== 1) return issue;
  const sub = inside[0][0];
  return nearestBranch({ ...sub, path: [...issue.path, ...sub.path] } as z.core.$ZodIssue);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function allowedText(issue: z.core.$ZodIssue): string {
  const i = issue as z.core.$ZodIssue & { values?: unknown[]; keys?: string[] };
  if (i.code === 'invalid_value' && Array.isArray(i.values)) {
    return `expected one of ${i.values.map((x) => JSON.stringify(x)).join(', ')}`;
  }
  if (i.code === 'invalid_type') {
    const expected = (issue as { expected?: string }).expected ?? 'value';
    return `expected ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
  }
  if (i.code === 'unrecognized_keys' && Array.isArray(i.keys)) {
    return `has unknown field(s) ${listKeys(i.keys)}; remove or correct them`;
  }
  if (i.code === 'too_big' || i.code === 'too_small') {
    const b = issue as { maximum?: number | bigint; minimum?: number | bigint; inclusive?: boolean; origin?: string };
    const limit = i.code === 'too_big' ? b.maximum : b.minimum;
    const what = b.origin === 'array' ? 'entries' : b.origin === 'string' ? 'characters' : '';
    const word = i.code === 'too_big' ? (b.inclusive === false ? 'less than' : 'at most') : (b.inclusive === false ? 'more than' : 'at least');
    return `allowed: ${word} ${String(limit)}${what ? ' ' + what : ''}`;
  }
  if (i.code === 'invalid_union') return unionText(issue as z.core.$ZodIssue & { errors?: z.core.$ZodIssue[][] });
  return `is invalid: ${issue.message}`;
}

/**
 * A union (e.g. "an id, or an object with an id") failed every branch: list the ids the
 * enum branches allow and name the other forms, instead of zod's bare "Invalid input".
 */
function unionText(issue: z.core.$ZodIssue & { errors?: z.core.$ZodIssue[][] }): string {
  const ids: string[] = [];
  const forms: string[] = [];
  for (const branch of issue.errors ?? []) {
    for (const sub of branch as (z.core.$ZodIssue & { values?: unknown[]; expected?: string })[]) {
      if (sub.path.length > 0) continue;
      if (sub.code === 'invalid_value' && Array.isArray(sub.values)) ids.push(...sub.values.map((x) => JSON.stringify(x)));
      else if (sub.code === 'invalid_type' && sub.expected) forms.push(sub.expected);
    }
  }
  if (ids.length === 0) return `is invalid: ${issue.message}; see \`squadsim schema\` for the allowed forms`;
  const other = [...new Set(forms)].filter((f) => f !== 'string');
  return `expected one of ${ids.join(', ')}${other.length ? ` (or ${other.map((f) => `an ${f}`).join(' or ')} with one of them as its "id")` : ''}`;
}

/**
 * Options for a whole-object superRefine: run it only once every field has passed. zod
 * runs it after "continuable" issues too (a failed min(), length() or regex), on values
 * that are not what the types say (a hex at row -1e308 indexed the board: exit 3).
 */
export const WHEN_VALID = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * Text that labels reports, charts (inside Vega expressions) and CSV files: printable
 * only, no control characters, line or paragraph separators. The one definition: readers
 * of a results document refuse any other string in it (resultsdoc/validate.ts), and `run`
 * checks its labels the same way before playing (sim/result-labels.ts).
 */
export const PRINTABLE = /^[^\p{C}\p{Zl}\p{Zp}]*$/u;
export const PRINTABLE_TEXT = 'printable text, without control characters or line breaks';

/** A display label (a roster's name, a force's label): printable text of at most `max` characters. */
export function labelSchema(max: number): z.ZodString {
  return z.string().max(max).regex(PRINTABLE, `must be ${PRINTABLE_TEXT}`);
}

/**
 * A side's name: it labels reports, charts (inside Vega expressions) and CSV files, so
 * printable text only: no control characters, line or paragraph separators.
 */
export const sideNameSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(PRINTABLE, `must be ${PRINTABLE_TEXT}`).describe('The side\'s name, shown in reports, charts and CSV files; printable text, different from the other side\'s and not "draw".');

/**
 * The two sides need different names (case and spaces aside), and neither may be "draw",
 * the outcome's third label: results and CSV rows could not tell them apart.
 */
export function checkSideNames(names: readonly string[], root: readonly PropertyKey[] = ['sides']): void {
  const key = (n: string): string => n.trim().toLowerCase();
  names.forEach((n, s) => {
    if (key(n) === 'draw') throw new ConfigError(formatPath([...root, s, 'name']), n, 'is reserved for drawn games; give the side another name');
  });
  if (names.length === 2 && key(names[0]) === key(names[1])) throw new ConfigError(formatPath([...root, 1, 'name']), names[1], `expected a name other than side 1's ${JSON.stringify(names[0])}`);
}
