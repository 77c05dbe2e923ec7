import type { z } from 'zod';
import { ConfigError, formatPath } from './errors.ts';

/**
 * Parses `value` with a zod schema; on failure throws a ConfigError for the first issue,
 * naming the full path (prefixed by `root`), the offending value and what is allowed.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, root: readonly PropertyKey[] = []): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = [...root, ...(issue.path as PropertyKey[])];
  const bad = valueAt(value, issue.path as PropertyKey[]);
  throw new ConfigError(formatPath(path), bad, allowedText(issue));
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
    return `has unknown field(s) ${i.keys.map((k) => JSON.stringify(k)).join(', ')}; remove or correct them`;
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
