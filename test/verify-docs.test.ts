// bench/verify-docs.ts (issue 32): the marker parser, the cell reader, the pass/fail rule on
// hand values, --list over the real docs, and one tiny real marker run end to end (passes;
// a wrong published number fails with exit 1; a malformed marker exits 2 naming file:line).
// Needs dist/ (node scripts/build.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCell, extract, MarkerError, parseCell, parseMarkers, withSeed, zFor } from '../bench/verify-docs-marker.ts';

const table = ['| ruleset | aggressive | random |', '|---|---|---|', '| NCO basic | **61.9% (60.5–63.2)** | 99.8% |', '| OWAM | 50.0% (the preset itself) | 0.95 |'];
const good = [
  'Some text.',
  '',
  '<!-- verify',
  '# a comment',
  'row NCO basic :: tournament configs/nco/default.json -e aggressive,tuned=x.json -n 2000 --seed 7',
  'row OWAM :: tournament configs/owam/default.json -n 500 -s 3',
  'col aggressive :: score tuned aggressive',
  'col random :: value pairs[0].score',
  '-->',
  '',
  ...table,
  '',
].join('\n');

function bad(markerLines: string[], tableLines = table): string {
  return ['intro', '<!-- verify', ...markerLines, '-->', ...tableLines].join('\n');
}

function errorOf(text: string): MarkerError {
  try {
    parseMarkers(text, 'docs/x.md');
  } catch (e) {
    if (e instanceof MarkerError) return e;
    throw e;
  }
  throw new Error('no MarkerError');
}

describe('verify-docs marker parser', () => {
  it('reads rows, columns, seeds, game counts and the table cells', () => {
    const [m, ...rest] = parseMarkers(good, 'docs/x.md');
    expect(rest).toEqual([]);
    expect(m.line).toBe(3);
    expect(m.tableLine).toBe(11);
    expect(m.rows.map((r) => [r.label, r.seed, r.games])).toEqual([['NCO basic', 7, 2000], ['OWAM', 3, 500]]);
    expect(m.rows[0].cells).toEqual({ aggressive: '**61.9% (60.5–63.2)**', random: '99.8%' });
    expect(m.rows[1].cells.aggressive).toBe('50.0% (the preset itself)');
    expect(m.cols.map((c) => c.extractor)).toEqual([{ kind: 'score', a: 'tuned', b: 'aggressive' }, { kind: 'value', path: 'pairs[0].score' }]);
    expect(parseMarkers('no markers here\n| a | b |\n|---|---|\n| 1 | 2 |', 'docs/y.md')).toEqual([]);
    expect(parseMarkers(['```md', ...good.split('\n'), '```'].join('\n'), 'docs/y.md')).toEqual([]);
    expect(parseMarkers(['```md', ...good.split('\n'), '```', good].join('\n'), 'docs/y.md')[0].line).toBe(good.split('\n').length + 5);
  });

  it('a malformed marker names the file and line', () => {
    const row = 'row NCO basic :: tournament c.json -n 2000 --seed 7';
    const col = 'col aggressive :: score tuned aggressive';
    const cases: [string, number, RegExp][] = [
      [bad([row.replace(' --seed 7', ''), col]), 3, /needs "--seed N"/],
      [bad([row.replace(' -n 2000', ''), col]), 3, /needs "-n N"/],
      [bad(['row NCO S9 :: tournament c.json -n 20 --seed 7', col]), 3, /"NCO S9" is not a row/],
      [bad([row, 'col nope :: score tuned nope']), 4, /column "nope" is not a header/],
      [bad([row, 'col aggressive :: mean tuned']), 4, /bad extractor/],
      [bad([row, 'cell aggressive = 3']), 4, /bad marker line/],
      [bad([row]), 2, /at least one "row" and one "col"/],
      [bad([row, col], ['no table']), 2, /not followed by a Markdown table/],
      [bad([row, col], ['| ruleset | aggressive |', '|---|---|', '| NCO basic | n/a |']), 8, /no number in cell "n\/a"/],
      ['x\n<!-- verify\n' + row, 2, /not closed/],
      ['<!-- verify: tournament c.json -->', 1, /exactly "<!-- verify"/],
    ];
    for (const [text, line, re] of cases) {
      const e = errorOf(text);
      expect(e.line, e.message).toBe(line);
      expect(e.message).toMatch(new RegExp(`^docs/x\\.md:${line}: `));
      expect(e.message).toMatch(re);
    }
  });

  it('reads published cells and replaces the seed', () => {
    expect(parseCell('**61.9% (60.5–63.2)**')).toEqual({ value: 0.619, lo: 0.605, hi: 0.632, halfUnit: 0.0005 });
    expect(parseCell('99.8%').lo).toBeUndefined();
    expect(parseCell('99.8%').value).toBeCloseTo(0.998, 12);
    expect(parseCell('0.95')).toEqual({ value: 0.95, halfUnit: 0.005 });
    expect(parseCell('50.0% (the preset itself)').value).toBe(0.5);
    expect(() => parseCell('the preset')).toThrow(/no number/);
    expect(withSeed(['t', 'c.json', '-n', '20', '--seed', '7'], 1007)).toEqual(['t', 'c.json', '-n', '20', '--seed', '1007']);
    expect(withSeed(['t', '-s', '7', '--games=20'], 8, 5)).toEqual(['t', '-s', '8', '--games=5']);
  });
});

describe('verify-docs rule', () => {
  it('passes within z·√(se_pub² + se_fresh²) + half the last digit, fails outside', () => {
    expect(zFor(0.95)).toBeCloseTo(1.95996, 4);
    const pub = parseCell('61.9% (60.5–63.2)');
    const sePub = 0.027 / (2 * zFor(0.95));
    const allowed = 3.29 * Math.hypot(sePub, 0.007) + 0.0005;
    const near = checkCell(pub, 2000, { value: 0.64, se: 0.007 });
    expect(near.allowed).toBeCloseTo(allowed, 10);
    expect(near.pass).toBe(true);
    expect(checkCell(pub, 2000, { value: 0.619 + allowed * 0.99, se: 0.007 }).pass).toBe(true);
    expect(checkCell(pub, 2000, { value: 0.619 + allowed * 1.01, se: 0.007 }).pass).toBe(false);
    expect(checkCell(pub, 2000, { value: 0.66, se: 0.007 }).pass).toBe(false);
    // No interval: a binomial standard error over the published game count.
    const r = checkCell(parseCell('99.8%'), 2000, { value: 0.997, se: 0.001 });
    expect(r.allowed).toBeCloseTo(3.29 * Math.hypot(Math.sqrt((0.998 * 0.002) / 2000), 0.001) + 0.0005, 10);
    expect(r.pass).toBe(true);
    expect(checkCell(parseCell('99.8%'), 2000, { value: 0.99, se: 0.001 }).pass).toBe(false);
    // A zero-width interval (the preset against itself) allows only the rounding.
    expect(checkCell(parseCell('50.0% (the preset itself)'), 2000, { value: 0.5, se: 0 }).pass).toBe(true);
  });

  it('extracts a tournament score from either side of the pair, and a value at a path', () => {
    const json = { confidence: 0.95, pairs: [{ a: 'aggressive', b: 'tuned', score: 0.4, lo: 0.38, hi: 0.42 }] };
    const s = extract(json, { kind: 'score', a: 'tuned', b: 'aggressive' }, 2000);
    expect(s.value).toBeCloseTo(0.6, 12);
    expect(s.se).toBeCloseTo(0.04 / (2 * zFor(0.95)), 10);
    expect(extract(json, { kind: 'score', a: 'aggressive', b: 'tuned' }, 2000).value).toBe(0.4);
    expect(() => extract(json, { kind: 'score', a: 'tuned', b: 'random' }, 2000)).toThrow(/no pair tuned \/ random/);
    const v = extract(json, { kind: 'value', path: 'pairs[0].score' }, 100);
    expect(v.value).toBe(0.4);
    expect(v.se).toBeCloseTo(Math.sqrt(0.24 / 100), 12);
    expect(() => extract(json, { kind: 'value', path: 'pairs[3].score' }, 100)).toThrow(/no number/);
  });
});

describe('verify-docs CLI', () => {
  const script = join(process.cwd(), 'dist', 'verify-docs.js');
  const cli = (args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  const dir = mkdtempSync(join(tmpdir(), 'verify-docs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--list finds the markers in the real docs', () => {
    const r = cli(['--list', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { markers: number; cells: number; list: { doc: string; row: string; cell: string }[] };
    expect(out.markers).toBeGreaterThanOrEqual(3);
    expect(out.cells).toBeGreaterThanOrEqual(40);
    expect(out.list).toContainEqual(expect.objectContaining({ doc: 'docs/policies.md', row: 'NCO S6', cell: 'objective' }));
    expect(out.list).toContainEqual(expect.objectContaining({ doc: 'docs/policies.md', row: 'Platoon (`aggressive`)', cell: 'random' }));
  });

  it('runs a tiny real marker end to end: the right number passes, a wrong one fails with 1, a malformed marker exits 2', () => {
    const args = ['tournament', 'configs/owam/default.json', '-e', 'aggressive,cautious', '-n', '16', '--seed', '7'];
    const pub = spawnSync(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), ...args, '--json', '-w', '0'], { encoding: 'utf8' });
    expect(pub.status, pub.stderr).toBe(0);
    const pair = (JSON.parse(pub.stdout) as { pairs: { score: number; lo: number; hi: number }[] }).pairs[0];
    const p = (x: number) => (x * 100).toFixed(1);
    const doc = (cell: string) => ['<!-- verify', `row OWAM :: ${args.join(' ')}`, 'col cautious :: score aggressive cautious', '-->', '| ruleset | cautious |', '|---|---|', `| OWAM | ${cell} |`, ''].join('\n');
    writeFileSync(join(dir, 'good.md'), doc(`**${p(pair.score)}% (${p(pair.lo)}–${p(pair.hi)})**`));
    writeFileSync(join(dir, 'wrong.md'), doc(`${p(pair.score > 0.5 ? 0.02 : 0.98)}% (1.0–3.0)`));
    writeFileSync(join(dir, 'broken.md'), doc('x').replace(' --seed 7', ''));
    const ok = cli(['--docs', dir, '--only', 'good.md', '--workers', '0', '--json']);
    expect(ok.status, ok.stderr + ok.stdout).toBe(0);
    const res = JSON.parse(ok.stdout) as { cells: number; failed: number; results: { seed: number; pass: boolean }[] };
    expect(res.cells).toBe(1);
    expect(res.results[0]).toMatchObject({ seed: 1007, pass: true });
    const wrong = cli(['--docs', dir, '--only', 'wrong.md', '--workers', '0']);
    expect(wrong.status, wrong.stderr).toBe(1);
    expect(wrong.stdout).toMatch(/FAIL/);
    expect(wrong.stdout).toMatch(/0\/1 cells pass/);
    const broken = cli(['--docs', dir, '--only', 'broken.md', '--list']);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/broken\.md:2: row "OWAM": the command needs "--seed N"/);
  }, 30000);
});
