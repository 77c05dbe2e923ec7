/**
 * Calling the CLI's main(args) in this process (no spawn, no build needed): the exit code
 * and what it printed. Use runCli (cli-harness.ts) only for what needs a real process.
 */
import { vi } from 'vitest';
import { main } from '../cli/app.ts';
import type { CliResult } from './cli-harness.ts';

const text = (chunk: unknown): string => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));

/** `cwd`: run as if started there (process.chdir, put back after; the forks pool allows it). */
export async function runMain(args: readonly string[], cwd?: string): Promise<CliResult> {
  let stdout = '', stderr = '';
  const before = process.cwd();
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: unknown) => ((stdout += text(c)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: unknown) => ((stderr += text(c)), true));
  try {
    if (cwd !== undefined) process.chdir(cwd);
    const code = await main([...args]);
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
    out.mockRestore();
    err.mockRestore();
  }
}
