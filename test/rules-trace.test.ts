/**
 * Rules-trace contract. docs/rules/<id>.md traces every checklist item and every resolution
 * (R…) of the rulebook digest (shared/rules/<id>.digest.md) to its code and the test that
 * checks it. Tests get renamed and merged; this test keeps the trace honest:
 *   - every digest number has a row in the main trace doc;
 *   - every test a row names (`file → "title"`, "…" = title prefix) still exists;
 *   - "same" (the row above) and "see item N" are followed; loose references such as
 *     "mapgen tests" only have their file checked.
 * All problems are reported in one message, so a maintainer sees everything at once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../engine/rulesets/index.ts';

const ROOT = new URL('../', import.meta.url);
const DIGESTS = new URL('../../shared/rules/', import.meta.url); // outside the repo

/**
 * Every registered ruleset's trace docs: docs/rules/<id>.md must cover the digest; the
 * others (docs/rules/<id>-*.md) are only reference-checked.
 */
function traceDocs(id: string): string[] {
  const extra = readdirSync(new URL('docs/rules/', ROOT)).filter((f) => f.startsWith(`${id}-`) && f.endsWith('.md')).sort();
  return [`${id}.md`, ...extra];
}
// Rows that honestly name no test ("—"), by ruleset. Kept visible here for the lead to
// decide; an entry that gains a test must be removed (the check says so).
const KNOWN_UNTESTED: Record<string, string[]> = {};
// The status column's fixed vocabulary (issue 30): every status cell begins with one of these.
//   implemented     played as the rulebook says;
//   parameter       an ASSUMED or decided reading, played through a named rules.* value;
//   simplified      played, but less than the rulebook says: listed under the main doc's
//                   "## Simplifications" with its effect (measured where it can be);
//   not applicable  nothing to play (a name, a rule other rows resolve).
// The known gaps are the simplified rows: derived from the docs, not kept by hand here.
const STATUSES = ['implemented', 'parameter', 'simplified', 'not applicable'] as const;
const STATUS = new RegExp(`^(${STATUSES.join('|')})(?=$|[ :;,.(—])`);
// Words that say a rule is not (fully) played: a row whose status uses them must be "simplified".
const GAP_WORDS = /\bnot (yet|modell?ed|implemented|played)\b|\bpartial(ly)?\b|\bsimplif|\bapproximat|\brefused until\b|\bstub\b|\bTODO\b|\bno route-finding\b/i;
// Short names the docs use for test files, and words before "tests" that are not files.
const ALIASES: Record<string, string> = { board: 'iron-board' };
const NOT_FILES = new Set(['two', 'three', 'the', 'determinism', 'exact', 'normal']);

const WILD = '\u0000'; // stands for `${…}` / `%s` in a test title

type Ref = { file: string; title?: string };
type Row = { keys: string[]; cell: string; status: string; line: number };

const range = (n: number, p = '') => Array.from({ length: n }, (_, i) => `${p}${i + 1}`);

/**
 * What the trace doc's opening says it covers ("items 1–156", "R1–R36"): the check when
 * the digest is absent (CI on a clean clone where ../shared may not exist), and itself
 * checked against the digest when it is there.
 */
function statedCoverage(id: string): { items: number; res: number } | null {
  const head = readFileSync(new URL(`docs/rules/${id}.md`, ROOT), 'utf8').split('\n').slice(0, 15).join(' ');
  const items = /(?<![R\d])1\s*[–-]\s*(\d+)/.exec(head), res = /R1\s*[–-]\s*R(\d+)/.exec(head);
  return items && res ? { items: Number(items[1]), res: Number(res[1]) } : null;
}

/** Item numbers (section 1) and R numbers (section 3) of the digest. */
function digestKeys(id: string): string[] {
  const file = new URL(`${id}.digest.md`, DIGESTS);
  if (!existsSync(file)) {
    const c = statedCoverage(id);
    return c ? [...range(c.items), ...range(c.res, 'R')] : [`docs/rules/${id}.md does not say which items it covers ("items 1–N, R1–RM")`];
  }
  const sections = readFileSync(file, 'utf8').split(/^## /m);
  const section = (n: number) => sections.find((s) => s.startsWith(`${n}.`)) ?? '';
  const items = [...section(1).matchAll(/^(\d+)\.\s/gm)].map((m) => m[1]);
  const res = [...section(3).matchAll(/^- (R\d+)\b/gm)].map((m) => m[1]);
  if (items.length === 0 || res.length === 0) return ['digest format not understood'];
  return [...new Set([...items, ...res])];
}

const norm = (s: string) =>
  s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\\(["'`])/g, '$1').replace(/\s+/g, ' ').trim();

const titleCache = new Map<string, string[] | null>();
/** Literal titles of it/test/describe in test/<file>.test.ts (null if the file is missing). */
function titlesOf(file: string): string[] | null {
  if (titleCache.has(file)) return titleCache.get(file)!;
  const path = new URL(`test/${file}.test.ts`, ROOT);
  let out: string[] | null = null;
  if (existsSync(path)) {
    const src = readFileSync(path, 'utf8');
    out = [];
    const call = /(?<![.\w])(?:it|test|describe)\b(?:\.\w+(?:\([^()]*\))?)*\(\s*(?=['"`])|\]\)\(\s*(?=['"`])/g;
    for (const m of src.matchAll(call)) out.push(norm(readLiteral(src, m.index! + m[0].length)));
  }
  titleCache.set(file, out);
  return out;
}

function readLiteral(src: string, i: number): string {
  const q = src[i];
  let s = '';
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === q) break;
    if (c === '\\') s += src[++j];
    else if (q === '`' && c === '$' && src[j + 1] === '{') {
      for (let depth = 0; j < src.length; j++) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}' && --depth === 0) break;
      }
      s += WILD;
    } else s += c;
  }
  return s.replace(/%[sdifjo]/g, WILD); // it.each placeholders
}

/** Does a quoted doc title name this test title? "…" / "..." marks a prefix. */
function matches(title: string, quoted: string): boolean {
  const cut = quoted.search(/…|\.\.\./);
  const ref = norm(cut < 0 ? quoted : quoted.slice(0, cut));
  const wild = title.indexOf(WILD);
  if (wild >= 0) return ref.startsWith(title.slice(0, wild)) || title.startsWith(ref);
  return cut < 0 ? title === ref : title.startsWith(ref);
}

/**
 * Split a test cell into unquoted and quoted parts. Titles and notes contain inch marks (20"):
 * a `"` after a digit never opens a title, one inside a title closes it only when followed by
 * a separator, and `\"` is always an inch mark.
 */
function splitQuotes(cell: string): { quoted: boolean; text: string }[] | null {
  const parts: { quoted: boolean; text: string }[] = [];
  let buf = '';
  let inQ = false;
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '\\' && cell[i + 1] === '"') { buf += '\\"'; i++; continue; }
    const rest = cell.slice(i + 1);
    const inch = /\d/.test(cell[i - 1] ?? '');
    const closes = /^\s*($|[,;(×]|tests?\b)/.test(rest) && !(inch && rest[0] === '"');
    if (c === '"' && (inQ ? closes : !inch)) {
      parts.push({ quoted: inQ, text: buf });
      buf = '';
      inQ = !inQ;
    } else buf += c;
  }
  parts.push({ quoted: false, text: buf });
  return inQ ? null : parts;
}

/** The test references of one cell; problems go to `bad`. */
function refsOf(cell: string, prev: Ref[], seeRow: (k: string) => Ref[], bad: (p: string) => void): Ref[] {
  const text = cell.trim();
  if (/^same( as above)?$/i.test(text)) return prev;
  const see = /^see item (\d+)$/i.exec(text);
  if (see) return seeRow(see[1]);
  const parts = splitQuotes(text);
  if (!parts) return bad(`unbalanced quotes in ${JSON.stringify(text)}`), [];
  const refs: Ref[] = [];
  let file: string | null = null;
  for (const { quoted, text: t } of parts) {
    if (quoted) {
      if (file) refs.push({ file, title: t });
      else bad(`title "${t}" names no test file`);
      continue;
    }
    const word = /(?:test\/)?([A-Za-z][\w-]*)(?:\.test\.ts)?(\s*→\s*(same\b)?|\s+tests?\b)?/g;
    for (const [, w, after, same] of t.matchAll(word)) {
      const name = ALIASES[w] ?? w;
      if (titlesOf(name)) {
        file = name;
        refs.push({ file }, ...(same ? prev.filter((r) => r.file === name) : []));
      } else if (after?.includes('→') || (after && !NOT_FILES.has(w))) bad(`no test file test/${name}.test.ts`);
    }
  }
  return refs;
}

/** Rows of the trace tables: first cell an item number or R number (ranges and lists allowed). */
function traceRows(md: string): Row[] {
  const rows: Row[] = [];
  let testCol = -1, statusCol = -1;
  md.split('\n').forEach((line, n) => {
    if (!line.startsWith('|')) return void (testCol = -1);
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    if (testCol < 0) {
      statusCol = cells.findIndex((c) => /^status\b/i.test(c));
      return void (testCol = cells.findIndex((c) => /^test\b/.test(c)));
    }
    const keys = cells[0].split(',').flatMap((part) => {
      const m = /^(R?)(\d+)(?:\s*[–-]\s*R?(\d+))?(\s*\(.*\))?$/.exec(part.trim());
      if (!m) return [];
      const [a, b] = [Number(m[2]), Number(m[3] ?? m[2])];
      return Array.from({ length: b - a + 1 }, (_, i) => `${m[1]}${a + i}`);
    });
    if (keys.length && cells[testCol] !== undefined) rows.push({ keys, cell: cells[testCol], status: statusCol >= 0 ? cells[statusCol] ?? '' : '', line: n + 1 });
  });
  return rows;
}

const statusSeen = (rows: Row[]) => rows.some((r) => r.status !== '');

/**
 * The keys the main doc's "## Simplifications" section lists: bullets `- **item 25** …`,
 * `- **items 69, R17** …` (or `- **everywhere** …` for one that no row owns), each saying
 * its effect ("Effect: …", measured where it can be, or why not).
 */
function simplifications(md: string, problems: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const at = md.search(/^## Simplifications\s*$/m);
  if (at < 0) return out;
  const body = md.slice(at).split(/^## /m)[1];
  for (const m of body.matchAll(/^- \*\*(.+?)\*\*([^]*?)(?=^- |^\s*$|$(?![^]))/gm)) {
    if (!/\beffect\b/i.test(m[2])) problems.push(`Simplifications: "${m[1]}" does not state its effect ("Effect: …")`);
    if (/^everywhere$/i.test(m[1])) continue;
    for (const part of m[1].replace(/^items?\s+/i, '').split(/,\s*/)) {
      const r = /^(R?)(\d+)(?:\s*[–-]\s*R?(\d+))?$/.exec(part.trim());
      if (!r) { problems.push(`Simplifications: "${part}" is not an item number`); continue; }
      for (let k = Number(r[2]); k <= Number(r[3] ?? r[2]); k++) out.set(`${r[1]}${k}`, m[2]);
    }
  }
  return out;
}

function check(id: string): string[] {
  const problems: string[] = [];
  if (!existsSync(new URL(`docs/rules/${id}.md`, ROOT))) return [`docs/rules/${id}.md is missing`];
  const c = statedCoverage(id), keys = digestKeys(id);
  const stated = c ? [...range(c.items), ...range(c.res, 'R')] : [];
  if (!c || stated.join() !== keys.join()) problems.push(`docs/rules/${id}.md's opening must state the digest's range (items 1–${keys.filter((k) => !k.startsWith('R')).length}, R1–R${keys.filter((k) => k.startsWith('R')).length})`);
  const simplified = new Set<string>();
  traceDocs(id).forEach((doc, d) => {
    const rows = traceRows(readFileSync(new URL(`docs/rules/${doc}`, ROOT), 'utf8'));
    const byKey = new Map<string, Ref[]>();
    let prev: Ref[] = [];
    for (const row of rows) {
      const at = `${doc}:${row.line} item ${row.keys.join(',')}`;
      const bad = (p: string) => problems.push(`${at}: ${p}`);
      const refs = refsOf(row.cell, prev, (k) => byKey.get(k) ?? (bad(`"see item ${k}": no such row`), []), bad);
      for (const r of refs.filter((r) => r.title !== undefined)) {
        if (!titlesOf(r.file)!.some((t) => matches(t, r.title!))) bad(`no test "${r.title}" in test/${r.file}.test.ts`);
      }
      const untested = (KNOWN_UNTESTED[id] ?? []).some((k) => row.keys.includes(k));
      if (refs.length === 0 && !untested) bad('names no test');
      if (refs.length > 0 && untested) bad('now has a test: remove it from KNOWN_UNTESTED');
      const status = STATUS.exec(row.status)?.[1];
      if (status === undefined) bad(`status ${JSON.stringify(row.status.slice(0, 60))} does not begin with one of: ${STATUSES.join(', ')}`);
      else if (status !== 'simplified' && GAP_WORDS.test(row.status)) bad(`status says the rule is not fully played (${JSON.stringify(GAP_WORDS.exec(row.status)![0])}) but is "${status}": call it simplified (and list it under Simplifications), or fix the rule`);
      if (status === 'simplified') for (const k of row.keys) simplified.add(k);
      for (const k of row.keys) byKey.set(k, [...(byKey.get(k) ?? []), ...refs]);
      prev = refs;
    }
    if (d === 0) {
      for (const k of keys) if (!rows.some((r) => r.keys.includes(k))) problems.push(`${doc}: item ${k}: no row`);
      if (statusSeen(rows)) problems.push(...rows.filter((r) => r.status === '').map((r) => `${doc}:${r.line}: no status`));
    }
  });
  const listed = simplifications(readFileSync(new URL(`docs/rules/${id}.md`, ROOT), 'utf8'), problems);
  for (const k of simplified) if (!listed.has(k)) problems.push(`${id}.md: item ${k} is simplified but not listed under "## Simplifications"`);
  for (const k of listed.keys()) if (!simplified.has(k)) problems.push(`${id}.md: "## Simplifications" lists item ${k}, whose row is not "simplified"`);
  return problems;
}

describe('rules trace docs/rules/<id>.md ↔ digest ↔ tests', () => {
  it('every digest item and resolution has a row, and every test a row names exists', () => {
    const problems = RULESET_IDS.flatMap((id) => check(id).map((p) => `${id}: ${p}`));
    expect(problems, `${problems.length} trace problem(s):\n${problems.join('\n')}`).toEqual([]);
  });
});
