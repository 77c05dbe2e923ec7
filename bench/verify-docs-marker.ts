// The pure half of bench/verify-docs.ts (issue 32): the `<!-- verify` marker grammar, the
// table it sits above, the published cell's number and interval, the JSON extractors and the
// pass/fail rule. docs/ci.md "Published numbers" documents the grammar and the rule.
//
// A marker is an HTML comment whose first line is exactly `<!-- verify`, closed by a line
// `-->`, right above a Markdown table (blank lines between are allowed):
//
//   <!-- verify
//   row NCO basic :: tournament configs/nco/default.json -e aggressive,tuned=p.json -n 2000 --seed 7
//   col aggressive :: score tuned aggressive
//   -->
//
// - `row LABEL :: ARGS`: the table row whose first cell is LABEL is checked with
//   `squadsim ARGS --json` (a command that prints JSON). ARGS must hold `--seed N` (or `-s N`)
//   and `-n N` (or `--games N`): the published run's seed and game count.
// - `col HEADER :: EXTRACTOR`: the column with that header is checked in every row, the fresh
//   number read from the command's JSON by EXTRACTOR:
//     `score A B`  tournament JSON: entrant A's score against B (pairs[], flipped if listed as
//                  B, A) and its interval (lo, hi at the JSON's `confidence`);
//     `value PATH` any JSON: the number at PATH (dots and [i]), a rate in [0, 1] whose standard
//                  error is binomial, √(p(1−p)/n) with n the command's game count.
// - `#` lines are comments; a marker inside a fenced code block (```) is an example, skipped. Anything else, a row or column not in the table, a cell without a
//   number, or a marker not followed by a table is malformed (verify-docs exits 2, file:line).
//
// A cell reads `61.9% (60.5–63.2)`, `**61.9% (60.5–63.2)**`, `99.8%` or `0.619`: the first
// number (a `%` divides by 100) and an optional interval in parentheses right after it; any
// text after is ignored (`50.0% (the preset itself)` reads 50.0%).
import { normalCdf } from '../analysis/stat-tests.ts';

export class MarkerError extends Error {
  constructor(readonly file: string, readonly line: number, message: string) {
    super(`${file}:${line}: ${message}`);
  }
}

export type Extractor = { kind: 'score'; a: string; b: string } | { kind: 'value'; path: string };

export interface MarkerRow { label: string; args: string[]; seed: number; games: number; line: number; cells: Record<string, string> }
export interface Marker {
  file: string;
  /** 1-based line of `<!-- verify`. */
  line: number;
  /** 1-based line of the table's header row. */
  tableLine: number;
  rows: MarkerRow[];
  cols: { header: string; extractor: Extractor; line: number }[];
}

/** A published cell: the value, its standard error (from the interval or binomial), the rounding half-unit. */
export interface Published { value: number; lo?: number; hi?: number; halfUnit: number }

/** Splits a command line on blanks; "double quotes" keep blanks. */
export function tokenize(s: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m; (m = re.exec(s)); ) out.push(m[1] ?? m[2]);
  return out;
}

function flagValue(args: string[], names: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    for (const n of names) {
      if (args[i] === n) return args[i + 1];
      if (args[i].startsWith(`${n}=`)) return args[i].slice(n.length + 1);
    }
  }
  return undefined;
}

/** ARGS with the seed replaced (and the game count, if `games` is given). */
export function withSeed(args: string[], seed: number, games?: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const isSeed = a === '--seed' || a === '-s', isGames = a === '-n' || a === '--games';
    if (isSeed || (isGames && games !== undefined)) { out.push(a, String(isSeed ? seed : games)); i++; continue; }
    if (a.startsWith('--seed=')) { out.push(`--seed=${seed}`); continue; }
    if (games !== undefined && a.startsWith('--games=')) { out.push(`--games=${games}`); continue; }
    out.push(a);
  }
  return out;
}

function splitRow(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

function parseExtractor(text: string, file: string, line: number): Extractor {
  const t = tokenize(text);
  if (t[0] === 'score' && t.length === 3) return { kind: 'score', a: t[1], b: t[2] };
  if (t[0] === 'value' && t.length === 2) return { kind: 'value', path: t[1] };
  throw new MarkerError(file, line, `bad extractor "${text}": expected "score A B" or "value PATH"`);
}

/** Every marker of one Markdown file, with its table's cells. Throws MarkerError when malformed. */
export function parseMarkers(text: string, file: string): Marker[] {
  const lines = text.split('\n');
  const markers: Marker[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    // A marker inside a fenced code block (an example in the docs) is text, not a marker.
    if (/^\s*(```|~~~)/.test(lines[i])) fenced = !fenced;
    if (fenced) continue;
    if (lines[i].trim() !== '<!-- verify') {
      if (/^\s*<!--\s*verify\b/.test(lines[i])) throw new MarkerError(file, i + 1, 'a marker opens with a line that is exactly "<!-- verify"');
      continue;
    }
    const start = i + 1;
    const rows: { label: string; args: string[]; line: number }[] = [];
    const cols: Marker['cols'] = [];
    for (i++; ; i++) {
      if (i >= lines.length) throw new MarkerError(file, start, 'marker not closed by a "-->" line');
      const l = lines[i].trim();
      if (l === '-->') break;
      if (l === '' || l.startsWith('#')) continue;
      const m = /^(row|col)\s+(.+?)\s+::\s+(.+)$/.exec(l);
      if (!m) throw new MarkerError(file, i + 1, `bad marker line "${l}": expected "row LABEL :: ARGS" or "col HEADER :: EXTRACTOR"`);
      if (m[1] === 'row') rows.push({ label: m[2], args: tokenize(m[3]), line: i + 1 });
      else cols.push({ header: m[2], extractor: parseExtractor(m[3], file, i + 1), line: i + 1 });
    }
    if (!rows.length || !cols.length) throw new MarkerError(file, start, 'a marker needs at least one "row" and one "col" line');
    let t = i + 1;
    while (t < lines.length && lines[t].trim() === '') t++;
    if (t >= lines.length || !lines[t].trim().startsWith('|')) throw new MarkerError(file, start, 'marker not followed by a Markdown table');
    const header = splitRow(lines[t]);
    const body: { cells: string[]; line: number }[] = [];
    for (let r = t + 2; r < lines.length && lines[r].trim().startsWith('|'); r++) body.push({ cells: splitRow(lines[r]), line: r + 1 });
    const out: MarkerRow[] = rows.map((row) => {
      const seed = Number(flagValue(row.args, ['--seed', '-s']));
      const games = Number(flagValue(row.args, ['-n', '--games']));
      if (!Number.isInteger(seed) || seed < 0) throw new MarkerError(file, row.line, `row "${row.label}": the command needs "--seed N" (N an integer >= 0)`);
      if (!Number.isInteger(games) || games <= 0) throw new MarkerError(file, row.line, `row "${row.label}": the command needs "-n N" (N an integer > 0)`);
      const b = body.find((x) => x.cells[0] === row.label);
      if (!b) throw new MarkerError(file, row.line, `row "${row.label}" is not a row of the table at line ${t + 1} (rows: ${body.map((x) => x.cells[0]).join(', ')})`);
      const cells: Record<string, string> = {};
      for (const c of cols) {
        const k = header.indexOf(c.header);
        if (k < 0) throw new MarkerError(file, c.line, `column "${c.header}" is not a header of the table at line ${t + 1} (headers: ${header.join(', ')})`);
        const cell = b.cells[k] ?? '';
        try { parseCell(cell); } catch (e) { throw new MarkerError(file, b.line, `row "${row.label}", column "${c.header}": ${(e as Error).message}`); }
        cells[c.header] = cell;
      }
      return { ...row, seed, games, cells };
    });
    markers.push({ file, line: start, tableLine: t + 1, rows: out, cols });
  }
  return markers;
}

/** Reads a published cell: `61.9% (60.5–63.2)`, bold or not, or a bare number. */
export function parseCell(cell: string): Published {
  const s = cell.replace(/\*\*/g, '').trim();
  const m = /^(-?\d+(?:\.(\d+))?)(%?)(?:\s*\((-?\d+(?:\.\d+)?)\s*[–-]\s*(-?\d+(?:\.\d+)?)\))?/.exec(s);
  if (!m) throw new Error(`no number in cell "${cell}"`);
  const scale = m[3] === '%' ? 0.01 : 1;
  const decimals = m[2]?.length ?? 0;
  const out: Published = { value: Number(m[1]) * scale, halfUnit: 0.5 * 10 ** -decimals * scale };
  if (m[4] !== undefined) { out.lo = Number(m[4]) * scale; out.hi = Number(m[5]) * scale; }
  return out;
}

/** The two-sided normal quantile for a confidence level (0.95 → 1.96), by bisection. */
export function zFor(confidence: number): number {
  let lo = 0, hi = 10;
  const target = 1 - (1 - confidence) / 2;
  for (let k = 0; k < 60; k++) { const mid = (lo + hi) / 2; if (normalCdf(mid) < target) lo = mid; else hi = mid; }
  return (lo + hi) / 2;
}

/** Standard error from an interval at `confidence`, else binomial over `n` games. */
export function standardError(value: number, n: number, lo?: number, hi?: number, confidence = 0.95): number {
  if (lo !== undefined && hi !== undefined) return (hi - lo) / (2 * zFor(confidence));
  const p = Math.min(1, Math.max(0, value));
  return Math.sqrt((p * (1 - p)) / n);
}

/** The fresh number and its standard error read from a command's JSON. */
export function extract(json: unknown, ex: Extractor, games: number): { value: number; se: number } {
  if (ex.kind === 'score') {
    const d = json as { pairs?: { a: string; b: string; score: number; lo: number; hi: number }[]; confidence?: number };
    if (!Array.isArray(d.pairs)) throw new Error('the JSON has no "pairs" (not a tournament?)');
    const conf = d.confidence ?? 0.95;
    const p = d.pairs.find((x) => x.a === ex.a && x.b === ex.b);
    if (p) return { value: p.score, se: standardError(p.score, games, p.lo, p.hi, conf) };
    const q = d.pairs.find((x) => x.a === ex.b && x.b === ex.a);
    if (q) return { value: 1 - q.score, se: standardError(1 - q.score, games, 1 - q.hi, 1 - q.lo, conf) };
    throw new Error(`no pair ${ex.a} / ${ex.b} in the tournament (pairs: ${d.pairs.map((x) => `${x.a}/${x.b}`).join(', ')})`);
  }
  let v: unknown = json;
  for (const part of ex.path.split(/\.|\[(\d+)\]/).filter((x) => x !== undefined && x !== '')) {
    v = v == null ? undefined : (v as Record<string, unknown>)[part];
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`no number at "${ex.path}" in the JSON`);
  return { value: v, se: standardError(v, games) };
}

/** Default z: 3.29, a 0.1% two-sided false alarm per cell. */
export const DEFAULT_Z = 3.29;

/**
 * The rule: the fresh number passes when |published − fresh| ≤ z·√(se_pub² + se_fresh²) + h,
 * with h half the published cell's last printed digit (its rounding).
 */
export function checkCell(pub: Published, pubGames: number, fresh: { value: number; se: number }, z = DEFAULT_Z): { allowed: number; diff: number; pass: boolean } {
  const sePub = standardError(pub.value, pubGames, pub.lo, pub.hi);
  const allowed = z * Math.hypot(sePub, fresh.se) + pub.halfUnit;
  const diff = Math.abs(pub.value - fresh.value);
  return { allowed, diff, pass: diff <= allowed + 1e-12 };
}
