import { didYouMean, quotedChoices } from './suggest.ts';

/**
 * Bad user input (config, roster, policy, flag). The CLI maps it to exit code 2.
 * The message always names the field path, the value given and what is allowed.
 */
export class ConfigError extends Error {
  constructor(
    readonly path: string,
    readonly value: unknown,
    readonly allowed: string,
  ) {
    // A misspelt choice gets the likely intent: `got "rilfe"; expected one of … (did you mean "rifle"?)`.
    const hint = allowed.includes('did you mean') ? '' : didYouMean(value, quotedChoices(allowed));
    super(`${path || '(root)'}: ${describeValue(value)} ${allowed}${hint}`);
    this.name = 'ConfigError';
  }
}

/** A short, readable rendering of a bad value for error messages. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'is missing;';
  let s: string;
  try {
    s = JSON.stringify(v);
  } catch {
    s = String(v);
  }
  if (s === undefined) s = String(v);
  if (s.length > 80) s = s.slice(0, 77) + '...';
  return `got ${s};`;
}

/** Joins a path like ['sides', 0, 'roster', 'soldiers', 3] into "sides[0].roster.soldiers[3]". */
export function formatPath(parts: readonly PropertyKey[]): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}
