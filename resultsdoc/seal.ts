import { createHash } from 'node:crypto';
import { ConfigError } from '../engine/errors.ts';
import { canonicalJson } from './hash.ts';

/**
 * Results documents, shard files and checkpoints carry `integrity`: the sha256 of their
 * canonical JSON without that field, so of everything in them: every accumulator block
 * and the layout that orders them, the chunk range (games, chunkGames, shard, nextChunk)
 * and the fields that identify the run (ruleset, configHash, seed, version). An edited or
 * damaged file no longer matches. It is not a signature (whoever edits a file can
 * recompute it), so readers also check the invariants (resultsdoc/validate.ts).
 */
export const SEAL_FIELD = 'integrity';

export type Sealed<T> = T & { integrity: string };

/** "sha256:<hex>" of `doc` without its integrity field. */
export function digestOf(doc: object): string {
  const { [SEAL_FIELD]: _old, ...rest } = doc as Record<string, unknown>;
  return 'sha256:' + createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/** `doc` with its integrity field set (last, so a reader sees it after what it covers). */
export function seal<T extends object>(doc: T): Sealed<T> {
  const { [SEAL_FIELD]: _old, ...rest } = doc as Record<string, unknown>;
  return { ...rest, [SEAL_FIELD]: digestOf(rest) } as Sealed<T>;
}

/** Throws a ConfigError on `field` unless `doc` carries a matching integrity field. */
export function checkSeal(doc: unknown, field: string, shown: unknown, what: string): void {
  const d = doc as Record<string, unknown> | null;
  if (d === null || typeof d !== 'object' || Array.isArray(d)) throw new ConfigError(field, shown, `expected ${what} (a JSON object)`);
  const got = d[SEAL_FIELD];
  if (typeof got !== 'string') throw new ConfigError(field, shown, `has no "${SEAL_FIELD}" hash, so it is not ${what} written by this squadsim (or it was edited)`);
  if (got !== digestOf(d)) throw new ConfigError(field, shown, `fails its integrity check: its content was edited or damaged after squadsim wrote it (expected ${what})`);
}
