/**
 * Calling the CLI's main(args) in this process (no spawn, no build needed): the exit code
 * and what it printed. Use runCli (cli-harness.ts) only for what needs a real process.
 */
import { vi } from 'vitest';
import { main } from '../cli/app.ts';
import type { CliResult } from './cli-harness.ts';

const text = (chunk: unknown): string => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));

export async function runMain(args: readonly string[]): Promise<CliResult> {
  let stdout = '', stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: unknown) => ((stdout += text(c)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: unknown) => ((stderr += text(c)), true));
  try {
    const code = await main([...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
