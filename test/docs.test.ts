/**
 * The docs as a reader uses them: every repository path they name exists, and the README's
 * example commands each write to their own folder under out/ (ignored by git), so running
 * them in turn never overwrites another example's files or the `npm start` report.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './dist-fresh.ts';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'docs', 'rules')).filter((f) => f.endsWith('.md')).map((f) => `docs/rules/${f}`),
];

// A path that starts at one of the top-level folders; placeholders (<id>, *, {a,b}) are skipped.
const PATH = /(?<![\w./-])((?:engine|sim|analysis|reports|resultsdoc|cli|bench|test|scripts|configs|docs)\/[\w./-]*\w)/g;

/** Repository paths a doc names that do not exist, as "doc: path". */
export function missingPaths(doc: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PATH)) {
    const p = m[1];
    if (/[<>*{}]/.test(p)) continue;
    if (!existsSync(join(ROOT, p.replace(/#.*/, '')))) out.push(`${doc}: ${p}`);
  }
  return out;
}

/** A doc's example commands (lines of its sh blocks that run squadsim). */
function docCommands(doc = 'README.md'): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap((b) => b.split('\n')).flatMap((l) => l.split('&&')).map((l) => l.replace(/#.*/, '').trim()).filter((l) => l.startsWith('npx squadsim '));
}

describe('docs', () => {
  it('every repository path named in README.md and docs/ exists', () => {
    const missing = DOCS.flatMap((d) => missingPaths(d, readFileSync(join(ROOT, d), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('the path check catches a wrong path (it can fail)', () => {
    expect(missingPaths('x.md', 'see `engine/rulesets/nco/tools/rows.ts` and configs/<id>/default.json')).toEqual(['x.md: engine/rulesets/nco/tools/rows.ts']);
  });

  it("README and docs examples write under out/, each producing command to its own folder (issue 31)", () => {
    expect(docCommands().length).toBeGreaterThan(10);
    const cmds = DOCS.flatMap((d) => docCommands(d).map((c) => c.replace(/\s+/g, ' ')));
    expect(cmds.length).toBeGreaterThan(60);
    const owner = new Map<string, string>();
    const problems: string[] = [];
    for (const c of cmds) {
      const out = / --out (\S+)/.exec(c)?.[1];
      const redirect = / > (\S+)/.exec(c)?.[1];
      for (const target of [out, redirect]) {
        if (target === undefined) continue;
        if (/^(DIR|FILE)$/.test(target) || target.startsWith('/') || target.startsWith('$')) continue;
        if (!/^out\//.test(target)) problems.push(`${c}: writes ${target}, outside out/`);
      }
      if (out === undefined || /^(DIR|FILE)$/.test(out) || out.startsWith('/')) continue;
      const dir = out.replace(/\/?$/, '/');
      // report writes beside the results it reads; other commands must not share a folder
      // (the npm start report owns out/ itself).
      if (/^npx squadsim (report|export) /.test(c)) continue;
      if (dir === 'out/') problems.push(`${c}: writes to out/ itself, where npm start's report lives`);
      // The same command again (a resumed checkpoint run) is the same job, not another's.
      else if (owner.has(dir) && owner.get(dir) !== c) problems.push(`${c} and ${owner.get(dir)} write to the same folder`);
      owner.set(dir, c);
    }
    expect(problems).toEqual([]);
  });

  it('git ignores what the documented commands write', () => {
    const probe = ['out/x/results.json', 'results/results.json', 'tour/tournament.json', 'bal/balance.json', 'sweep/sweep.json', 'cmp/compare.json', 'trace/trace.txt', 'shard1/results.json', 'turns.csv', 'games.arrow', 'big.ckpt'];
    const ignored = execFileSync('git', ['check-ignore', '--no-index', ...probe], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
    expect(ignored.sort()).toEqual([...probe].sort());
  });
});
