/**
 * Start-up cost (issue 14, docs/workers.md): the CLI loads only the command it runs, and a
 * worker thread loads the engine core, the one ruleset its config names, and no other package
 * than piscina and zod.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../cli/app.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { RULESET_LOADERS } from '../engine/rulesets/registry.ts';
import { CLI } from './cli-harness.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

const HEAVY = ['arquero', 'vega', 'vega-lite', 'vega-embed', 'csv-stringify'];
/** package.json's dependencies (their own dependencies aside). */
const DEPS = new Set(Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies as Record<string, string>));

/**
 * The packages a `node dist/cli.js …args` process imported (resolved through node_modules),
 * seen by a module resolve hook registered before the CLI starts.
 */
function packagesImported(args: readonly string[]): { code: number | null; packages: string[]; stderr: string } {
  const hook = `let port; export function initialize(d) { port = d.port; }
export async function resolve(s, c, next) { const r = await next(s, c); port.postMessage(r.url); return r; }`;
  const preload = `import { register } from 'node:module'; import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel(); const seen = new Set();
port1.on('message', (u) => { const m = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(u); if (m) seen.add(m[1]); }); port1.unref();
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
process.on('exit', () => process.stderr.write('\\nIMPORTED ' + JSON.stringify([...seen].sort()) + '\\n'));`;
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(preload)}`, CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS });
  const m = /\nIMPORTED (.*)\n/.exec(r.stderr);
  if (!m) throw new Error(`no import list from the hook; stderr: ${r.stderr}`);
  return { code: r.status, packages: JSON.parse(m[1]) as string[], stderr: r.stderr };
}

describe('lazy command loading', () => {
  it("the command table's names and descriptions are the modules' own", async () => {
    for (const [name, entry] of Object.entries(COMMAND_TABLE)) {
      const mod = await entry.load();
      expect({ name, command: mod.command, describe: mod.describe }).toEqual({ name, command: entry.command, describe: entry.describe });
    }
  });

  describe('dist/cli.js', () => {
    it('is fresh', () => assertDistFresh(CLI, ['cli', 'sim', 'engine', 'analysis', 'reports']));

    it('--help loads yargs and no command', () => {
      const r = packagesImported(['--help']);
      expect(r.code).toBe(0);
      expect(r.packages.filter((p) => DEPS.has(p))).toEqual(['yargs']);
    });

    it('run loads neither arquero nor vega', () => {
      const r = packagesImported(['run', QUICK, '--games', '10', '--workers', '1', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.packages).toContain('piscina');
      for (const p of HEAVY) expect(r.packages).not.toContain(p);
    });

    it('odds loads neither arquero nor piscina', () => {
      const r = packagesImported(['odds', 'nco', '--weapon', 'smg', '--distance', '8']);
      expect(r.code, r.stderr).toBe(0);
      for (const p of [...HEAVY, 'piscina', 'cli-progress']) expect(r.packages).not.toContain(p);
    });
  });
});

/** Static imports (`import … from "x"`, `export … from "x"`, bare `import "x"`) and dynamic `import("x")` of a bundle. */
function importsOf(code: string): { static: string[]; dynamic: string[] } {
  return {
    static: [...code.matchAll(/^(?:import|export)\s[^;]*?["']([^"']+)["'];?\s*$/gm)].map((m) => m[1]),
    dynamic: [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  };
}

/** The packages a dist/ file and the dist/ files it imports statically use, and its dynamic imports of dist/ files. */
function bundleGraph(file: string): { packages: string[]; lazy: string[] } {
  const packages = new Set<string>(), lazy = new Set<string>(), seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    const { static: st, dynamic } = importsOf(readFileSync(join(ROOT, 'dist', f), 'utf8'));
    for (const s of st) if (s.startsWith('./')) walk(s.slice(2));
    else if (!s.startsWith('node:')) packages.add(s);
    for (const d of dynamic) if (d.startsWith('./')) lazy.add(d.slice(2));
  };
  walk(file);
  return { packages: [...packages].sort(), lazy: [...lazy].sort() };
}

describe('dist/worker.js', () => {
  it('loads the engine core statically, each ruleset only on demand, and of packages only piscina and zod', () => {
    assertDistFresh(join(ROOT, 'dist', 'worker.js'), ['sim', 'engine']);
    const main = bundleGraph('worker.js');
    expect(main.packages).toEqual(['piscina']);
    expect(main.lazy).toHaveLength(RULESET_IDS.length);
    for (const chunk of main.lazy) expect(bundleGraph(chunk).packages.every((p) => p === 'piscina' || p === 'zod'), chunk).toBe(true);
  });

  it("the registry's lazy loaders (the worker threads') give the same objects as the eager table", async () => {
    expect(Object.keys(RULESET_LOADERS).sort()).toEqual([...RULESET_IDS].sort());
    for (const id of RULESET_IDS) expect(await RULESET_LOADERS[id]()).toBe(getRuleset(id));
  });
});
