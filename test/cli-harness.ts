/**
 * Running the built CLI from tests the way users do (`npm test` builds dist/ first), in a
 * temp folder per test file or describe block.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { assertDistFresh, ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

export const CLI = join(ROOT, 'dist', 'cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli.js ...args` in `cwd` and returns its exit code and output. */
export function runCli(args: readonly string[], cwd: string = ROOT, timeout = HANG_MS): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface CliSandbox {
  /** The temp folder (valid inside tests and hooks). */
  dir(): string;
  /** runCli in the temp folder. */
  cli(args: readonly string[], timeout?: number): CliResult;
}

/**
 * Registers hooks in the calling file or describe block: checks that dist/cli.js is newer
 * than its sources, makes a temp folder `prefix…` before the tests and removes it after.
 */
export function cliSandbox(prefix: string): CliSandbox {
  let tmp = '';
  beforeAll(() => {
    assertDistFresh(CLI, ['cli', 'sim', 'engine', 'analysis', 'reports']);
    tmp = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  return {
    dir: () => tmp,
    cli: (args, timeout) => runCli(args, tmp, timeout),
  };
}
