/**
 * The import graph of engine/ (DESIGN.md, "Layout" and "The contract, version 2"), read
 * from the static `import … from` / `export … from` lines of every .ts file under engine/.
 * Generic: it walks the folders, so a new ruleset or room is checked without an edit here.
 *   (a) engine/ imports nothing outside engine/ (packages excepted) and no Node module;
 *   (b) a ruleset imports engine/ and its own folder only, never another ruleset;
 *   (c) no import cycle (strongly connected component of files, type-only imports
 *       included) spans more than one folder;
 *   (d) policies sit on top of the rules: (d1) no import cycle joins a ruleset's policy
 *       code (policy/, or a file named policy*.ts in a flat ruleset) with its other code;
 *       (d2) in a ruleset with a rules/ folder nothing under rules/, scenarios/ or data/
 *       imports policy/ at all (rules ask a policy through their decision interface).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const ENGINE = join(ROOT, 'engine');
const RULESETS = join(ENGINE, 'rulesets');
const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const PACKAGES = new Set(Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies ?? {}));

interface Edge { to: string; typeOnly: boolean; line: number }

/** Every .ts file under dir (absolute paths). */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

// `import x, { a, type b } from '…'`, `import type …`, `export { … } from '…'`, `export * from`,
// and bare `import '…'`; the clause may span lines. Comments are stripped first.
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/gm;

/** Static imports of one source file: specifier, whether it is type-only, line. */
function importsOf(src: string): { spec: string; typeOnly: boolean; line: number }[] {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
  const out: { spec: string; typeOnly: boolean; line: number }[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const [, kw, typeKw, clause, spec] = m;
    if (kw === 'export' && !/^(\*|\{)/.test(clause)) continue; // `export const x = '…'`
    // `{ type A, type B }` with no default import is erased like `import type`.
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const allTypes = braces !== null && braces[1].split(',').every((s) => s.trim() === '' || /^type\s/.test(s.trim()));
    out.push({ spec, typeOnly: typeKw !== undefined || (allTypes && braces[1].trim() !== ''), line: code.slice(0, m.index).split('\n').length });
  }
  return out;
}

const files = tsFiles(ENGINE).sort();
const rel = (f: string) => relative(ROOT, f).split(sep).join('/');
const graph = new Map<string, Edge[]>();
const external = new Map<string, { spec: string; line: number }[]>();
for (const f of files) {
  const edges: Edge[] = [], ext: { spec: string; line: number }[] = [];
  for (const { spec, typeOnly, line } of importsOf(readFileSync(f, 'utf8'))) {
    if (spec.startsWith('.')) edges.push({ to: resolve(dirname(f), spec), typeOnly, line });
    else ext.push({ spec, line });
  }
  graph.set(f, edges);
  external.set(f, ext);
}

/** The ruleset folder a file belongs to (engine/rulesets/<id>), or null. */
function rulesetOf(f: string): string | null {
  const r = relative(RULESETS, f).split(sep);
  return r.length > 1 && r[0] !== '..' ? join(RULESETS, r[0]) : null;
}

const within = (f: string, dir: string) => f === dir || f.startsWith(dir + sep);

/** Tarjan's strongly connected components over files (iterative: no recursion limit). */
function components(): string[][] {
  const index = new Map<string, number>(), low = new Map<string, number>(), onStack = new Set<string>();
  const stack: string[] = [], out: string[][] = [];
  let next = 0;
  for (const root of files) {
    if (index.has(root)) continue;
    const work: { v: string; i: number }[] = [{ v: root, i: 0 }];
    index.set(root, next); low.set(root, next++); stack.push(root); onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1];
      const edges = (graph.get(top.v) ?? []).filter((e) => graph.has(e.to));
      if (top.i < edges.length) {
        const w = edges[top.i++].to;
        if (!index.has(w)) {
          index.set(w, next); low.set(w, next++); stack.push(w); onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1].v, Math.min(low.get(work[work.length - 1].v)!, low.get(top.v)!));
      if (low.get(top.v) === index.get(top.v)) {
        const c: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); c.push(w); } while (w !== top.v);
        out.push(c);
      }
    }
  }
  return out;
}

describe('engine/ import graph', () => {
  it('parses imports (sanity: the graph is not empty and resolves)', () => {
    expect(files.length).toBeGreaterThan(20);
    const unresolved = [...graph].flatMap(([f, es]) => es.filter((e) => !files.includes(e.to)).map((e) => `${rel(f)}:${e.line} → ${rel(e.to)}`));
    expect(unresolved, 'relative imports that name no file under engine/ (or leave it)').toEqual(
      unresolved.filter((u) => !within(resolve(ROOT, u.split(' → ')[1]), ENGINE)));
  });

  it('(a) engine/ imports nothing outside engine/ and no Node module', () => {
    const bad: string[] = [];
    for (const [f, es] of graph) for (const e of es) if (!within(e.to, ENGINE)) bad.push(`${rel(f)}:${e.line} imports ${rel(e.to)}`);
    for (const [f, xs] of external) {
      for (const x of xs) {
        if (NODE.has(x.spec) || x.spec.startsWith('node:')) bad.push(`${rel(f)}:${x.line} imports the Node module ${x.spec}`);
        else if (!PACKAGES.has(x.spec.split('/')[0])) bad.push(`${rel(f)}:${x.line} imports ${x.spec}, not a dependency`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('(b) a ruleset imports only engine/ and its own folder, never another ruleset', () => {
    const bad: string[] = [];
    for (const [f, es] of graph) {
      const own = rulesetOf(f);
      if (!own) continue;
      for (const e of es) if (within(e.to, RULESETS) && !within(e.to, own)) bad.push(`${rel(f)}:${e.line} imports ${rel(e.to)}`);
    }
    expect(bad).toEqual([]);
  });

  it('(c) no import cycle spans more than one folder', () => {
    const bad = components()
      .filter((c) => new Set(c.map((f) => dirname(f))).size > 1)
      .map((c) => `cycle over ${new Set(c.map((f) => rel(dirname(f)))).size} folders: ${c.map(rel).sort().join(', ')}`);
    expect(bad).toEqual([]);
  });

  it('(d1) no import cycle joins policy code with the rules it plays', () => {
    const isPolicy = (f: string) => rulesetOf(f) !== null && (f.split(sep).includes('policy') || basename(f).startsWith('policy'));
    const bad = components()
      .filter((c) => c.some(isPolicy) && !c.every(isPolicy))
      .map((c) => `cycle through policy code: ${c.map(rel).sort().join(', ')}`);
    expect(bad).toEqual([]);
  });

  it('(d2) rules/, scenarios/ and data/ of a ruleset never import its policy/', () => {
    const bad: string[] = [];
    for (const dir of readdirSync(RULESETS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const rs = join(RULESETS, dir.name);
      if (!readdirSync(rs).includes('rules')) continue;
      const policy = join(rs, 'policy');
      for (const room of ['rules', 'scenarios', 'data']) {
        for (const f of files.filter((x) => within(x, join(rs, room)))) {
          for (const e of graph.get(f)!) if (within(e.to, policy)) bad.push(`${rel(f)}:${e.line} imports ${rel(e.to)}${e.typeOnly ? ' (type)' : ''}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

/**
 * The top-level folders depend one way (DESIGN.md, "Layout"): cli → sim, analysis, reports →
 * resultsdoc → engine. Read from the same static imports, over every top-level source folder.
 */
const LAYERS: Record<string, string[]> = {
  cli: ['sim', 'analysis', 'reports', 'resultsdoc', 'engine'],
  sim: ['resultsdoc', 'engine'],
  reports: ['analysis', 'resultsdoc', 'engine'],
  analysis: ['resultsdoc', 'engine'],
  resultsdoc: ['engine'],
  engine: [],
};

describe('top-level folders', () => {
  it('import only the folders below them (cli → sim, analysis, reports → resultsdoc → engine)', () => {
    const bad: string[] = [];
    for (const [top, allowed] of Object.entries(LAYERS)) {
      for (const f of tsFiles(join(ROOT, top))) {
        for (const { spec, line } of importsOf(readFileSync(f, 'utf8'))) {
          if (!spec.startsWith('.')) continue;
          const to = relative(ROOT, resolve(dirname(f), spec)).split(sep)[0];
          if (to !== top && !allowed.includes(to)) bad.push(`${rel(f)}:${line} imports ${to}/ (${top}/ may import ${allowed.join(', ') || 'nothing outside itself'})`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
