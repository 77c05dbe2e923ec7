import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level and no whitespace, so equal configs hash
 * equally whatever order their fields were written in.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** "sha256:<hex>" of the canonical JSON of a compiled scenario's normalized config. */
export function configHash(normalized: unknown): string {
  return 'sha256:' + createHash('sha256').update(canonicalJson(normalized)).digest('hex');
}
