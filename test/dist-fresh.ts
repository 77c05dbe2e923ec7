import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository root, for tests. */
export const ROOT = join(import.meta.dirname, '..');

/**
 * A small, fast NCO matchup (3 soldiers a side on a 24" fixed map, ~50 µs a game) for tests
 * of the runner and CLI plumbing that do not need the default matchup's numbers.
 */
export const QUICK = join(ROOT, 'test', 'fixtures', 'quick.json');

function newestSource(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestSource(p) : e.name.endsWith('.ts') ? statSync(p).mtimeMs : 0);
  }
  return t;
}

/**
 * Throws unless the built file exists and is newer than the sources it bundles; otherwise a
 * test would compare fresh sources with a stale bundle. `npm test` builds first.
 */
export function assertDistFresh(file: string, sourceDirs: string[]): void {
  const name = file.slice(ROOT.length + 1);
  if (!existsSync(file)) throw new Error(`${name} is missing: run \`npm run build\` (npm test does it)`);
  const newest = Math.max(...sourceDirs.map((d) => newestSource(join(ROOT, d))));
  if (statSync(file).mtimeMs < newest) throw new Error(`${name} is older than ${sourceDirs.join('/, ')}/ sources: run \`npm run build\` (npm test does it)`);
}
