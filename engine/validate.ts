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
  return `is invalid: ${issue.message}`;
}
