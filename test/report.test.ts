import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResults } from '../analysis/load.ts';
import { fairCostTable } from '../analysis/fair-cost-table.ts';
import { ConfigError } from '../engine/errors.ts';
import { buildReport } from '../reports/index.ts';
import { renderSvg } from '../reports/svg.ts';
import { cliSandbox } from './cli-harness.ts';
import { seal } from '../resultsdoc/seal.ts';
import { standardOnly, tinyBalance, tinyResults } from './results-fixture.ts';

const { cli, dir } = cliSandbox('squadsim-report-');

function writeJson(name: string, v: unknown): string {
  const p = join(dir(), name);
  writeFileSync(p, typeof v === 'string' ? v : JSON.stringify(v));
  return p;
}

/** Data marks in a Vega SVG: the items inside mark groups (not axes, legends or titles). */
function markCount(svg: string): number {
  return (svg.match(/role="graphics-symbol"/g) ?? []).length;
}

describe('buildReport', () => {
  it('has every chart for a results document with all optional blocks and a balance result', () => {
    const rep = buildReport(checkResults(tinyResults()), fairCostTable(tinyBalance()));
    expect(rep.charts.map((c) => c.id)).toEqual(['win-rates', 'score-margins', 'win-classes', 'lethality', 'value-held', 'spread', 'game-length', 'end-cause', 'type-lethality', 'type-cost', 'cost-effectiveness', 'fair-cost']);
    expect(rep.notes).toEqual([]);
    expect(rep.tables.map((t) => t.id)).toEqual(['win-rates', 'scores', 'win-classes', 'lethality', 'spread', 'losses-at-least', 'game-length', 'end-cause', 'cost-effectiveness', 'type-lethality', 'fair-cost']);
  });
  it('omits, with a note, the charts a standard-only document cannot fill', () => {
    const rep = buildReport(checkResults(standardOnly()), null);
    expect(rep.charts.map((c) => c.id)).toEqual(['win-rates', 'lethality', 'value-held', 'spread', 'game-length', 'end-cause']);
    expect(rep.notes).toHaveLength(4);
    // Results written before the distribution blocks: those three charts are omitted with a note each.
    const old = buildReport(checkResults(standardOnly(true)), null);
    expect(old.charts.map((c) => c.id)).toEqual(['win-rates', 'lethality', 'value-held']);
    expect(old.notes.filter((n) => /predate/.test(n))).toHaveLength(3);
    expect(rep.notes.join('\n')).not.toMatch(/Fair-cost/); // an ordinary report without --balance carries no banner about it (issue 13)
    // No classes of win declared is not missing data: no banner either (Platoon, issue 31).
    expect(rep.notes.join('\n')).not.toMatch(/Classes-of-win/);
  });
  it('renders every chart to an SVG with data marks', async () => {
    const rep = buildReport(checkResults(tinyResults()), fairCostTable(tinyBalance()));
    for (const chart of rep.charts) {
      const svg = await renderSvg(chart);
      expect(svg.startsWith('<svg'), chart.id).toBe(true);
      expect(markCount(svg), chart.id).toBeGreaterThan(0);
    }
  });
  it('renders the charts of a document with only the blocks every ruleset records', async () => {
    const rep = buildReport(checkResults(standardOnly()), null);
    for (const chart of rep.charts) expect(markCount(await renderSvg(chart)), chart.id).toBeGreaterThan(0);
    expect(rep.charts.map((c) => c.id)).toEqual(['win-rates', 'lethality', 'value-held', 'spread', 'game-length', 'end-cause']);
  });
  it('draws one bar per outcome and one error bar per outcome in the win-rate chart', async () => {
    const svg = await renderSvg(buildReport(checkResults(tinyResults()), null).charts[0]);
    expect((svg.match(/aria-roledescription="bar"/g) ?? []).length).toBe(3);
    expect(svg).toContain('50.0%  (15.0%–85.0%)');
  });
  it('rejects a balance file that is not a balance result', () => {
    expect(() => fairCostTable({ schema: 'squadsim.results/2' })).toThrow(ConfigError);
    const bad = tinyBalance();
    (bad.features as Record<string, unknown>[])[1].fairCost = 'x';
    expect(() => fairCostTable(bad)).toThrow(/features\[1\]/);
  });
});

describe('squadsim report', () => {
  it('writes report.html, one SVG per chart and the tables for an NCO run', () => {
    const run = cli(['run', '--games', '300', '--workers', '0', '--seed', '5', '--out', 'nco']);
    expect(run.code, run.stderr).toBe(0);
    const out = join(dir(), 'nco-report');
    const r = cli(['report', join(dir(), 'nco', 'results.json'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const files = readdirSync(out).sort();
    const svgs = ['cost-effectiveness', 'lethality', 'win-classes', 'value-held', 'spread', 'game-length', 'end-cause', 'type-lethality', 'type-cost', 'score-margins', 'win-rates'];
    expect(files).toEqual(
      [...svgs.map((s) => `${s}.svg`), 'cost-effectiveness.csv', 'lethality.csv', 'spread.csv', 'losses-at-least.csv', 'game-length.csv', 'end-cause.csv', 'report.html', 'rules-in-play.csv', 'scores.csv', 'summary.md', 'type-lethality.csv', 'win-classes.csv', 'win-rates.csv'].sort(),
    );
    for (const s of svgs) expect(markCount(readFileSync(join(out, `${s}.svg`), 'utf8')), s).toBeGreaterThan(0);
    expect(r.stdout).not.toMatch(/Fair-cost chart omitted/);
    const csv = readFileSync(join(out, 'win-rates.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('outcome,kind,games,rate,lo,hi');
    expect(csv[1]).toMatch(/^US Army,win,\d+,/);
    // Every side CSV names its columns in snake_case, like export's tables.
    for (const f of readdirSync(out).filter((x) => x.endsWith('.csv'))) {
      const header = readFileSync(join(out, f), 'utf8').split('\n')[0];
      expect(header, f).toMatch(/^[a-z0-9_]+(,[a-z0-9_]+)*$/);
    }
    expect(readFileSync(join(out, 'lethality.csv'), 'utf8')).toMatch(/^side,step,step_label,casualties,casualties_lo,/);
    // Types read as the rulebook prints them on the page and in summary.md; the CSVs keep the ids.
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toMatch(/\| US Army \| Veteran Corporal \|/);
    expect(md).not.toMatch(/\| veteran-corporal \|/);
    expect(readFileSync(join(out, 'cost-effectiveness.csv'), 'utf8')).toMatch(/\nUS Army,veteran-corporal,/);
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toMatch(/## Win rates\n\n\| outcome \| games \| share \| 95% interval \|/);
  });

  it('writes a self-contained report.html that names no network resource', () => {
    const out = join(dir(), 'tiny-report');
    const r = cli(['report', writeJson('tiny.json', seal(tinyResults())), '--out', out, '--balance', writeJson('balance.json', tinyBalance())]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, 'fair-cost.svg'))).toBe(true);
    expect(readFileSync(join(out, 'fair-cost.csv'), 'utf8')).toMatch(/^feature,group,printed,fair,lo,hi,verdict\nPrivate,soldier,30,14,10,18,over-costed/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/\s(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).toContain("default-src 'none'");
    // the three libraries are inlined, and every chart has its place
    expect(html).toContain('vegaEmbed');
    expect(html.length).toBeGreaterThan(500_000);
    for (const id of ['win-rates', 'score-margins', 'win-classes', 'lethality', 'value-held', 'type-lethality', 'type-cost', 'cost-effectiveness', 'fair-cost']) expect(html).toContain(`id="vis-${id}"`);
  });

  it('exits 2 on a bad results file and writes nothing', () => {
    const out = join(dir(), 'never');
    const bad = tinyResults() as any;
    bad.accumulators.casualties = [[1, 2]];
    for (const file of [writeJson('bad.json', seal(bad)), writeJson('junk.json', '{ not json'), join(dir(), 'absent.json')]) {
      const r = cli(['report', file, '--out', out]);
      expect(r.code, file).toBe(2);
      expect(r.stderr).toMatch(/^squadsim: /);
      expect(r.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
    }
  });

  it('exits 2 on a bad balance file and writes nothing into an existing folder', () => {
    const out = join(dir(), 'existing');
    mkdirSync(out);
    const r = cli(['report', writeJson('tiny2.json', seal(tinyResults())), '--out', out, '--balance', writeJson('not-balance.json', tinyResults())]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/squadsim\.balance\/1/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('exits 2 when --out is missing', () => {
    const r = cli(['report', writeJson('tiny3.json', tinyResults())]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/out/);
  });
});
