import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The package root: the nearest folder above this module holding package.json. Walking up
 * (instead of a fixed "..") makes it work both from the TS sources (sim/) and from the
 * esbuild bundles in dist/.
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

let version: string | undefined;

/** The squadsim version from package.json, stamped into every summary and results document. */
export function packageVersion(): string {
  if (version) return version;
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return (version = pkg.version ?? '0.0.0');
}

/** The default matchup run by `squadsim run` with no config. */
export function defaultConfigPath(): string {
  return join(packageRoot(), 'configs', 'nco', 'default.json');
}
