/**
 * How `check --against` says what it found (analysis/gate.ts GateReport): the console table,
 * Markdown for a job summary ($GITHUB_STEP_SUMMARY), and GitHub workflow annotations.
 */
import type { GateMetricResult, GateReport } from './gate.ts';

const int = (n: number): string => n.toLocaleString('en-US');
const sign = (x: number): string => (x >= 0 ? '+' : '−');

/** A metric's mean as shown: the result as a percentage, others as numbers. */
function level(m: GateMetricResult, x: number): string {
  return m.kind === 'result' ? `${(100 * x).toFixed(2)}%` : x.toFixed(3);
}

/** A difference (shift, bound, tolerance) as shown: the result in win-rate points. */
function delta(m: GateMetricResult, x: number, signed = true): string {
  const body = m.kind === 'result' ? `${(100 * Math.abs(x)).toFixed(2)}` : Math.abs(x).toFixed(m.tolerance < 0.01 ? 4 : 3);
  return `${signed ? sign(x) : ''}${body}${m.kind === 'result' ? ' pts' : ''}`;
}

export function intervalText(m: GateMetricResult): string {
  const end = (x: number): string => (Number.isFinite(x) ? delta(m, x).replace(/ pts$/, '') : x > 0 ? '+∞' : '−∞');
  return `${end(m.lo)} … ${end(m.hi)}${m.kind === 'result' ? ' pts' : ''}`;
}

function decisionText(m: GateMetricResult): string {
  if (m.decision === 'undecided') return 'undecided';
  return `${m.decision === 'shifted' ? 'SHIFTED' : 'equivalent'} (${int(m.decidedAt ?? 0)} games)`;
}

function pct(x: number): string {
  return `${+(100 * x).toPrecision(3)}%`;
}

/** The lines every format shares: what was compared, the test, where it stopped. */
function headLines(r: GateReport): { what: string; test: string; stop: string } {
  const what = `${r.config} (this build, squadsim ${r.versions.current}) against ${r.against} (${int(r.referenceGames)} games, seed ${r.seed}, squadsim ${r.versions.reference}), paired game by game`;
  const t = r.test;
  const test = `${t.name}: false-alarm rate ${pct(t.alpha)} for the whole gate (${t.metrics} metrics, every look; ${pct(t.alphaEach)} each), tuned for ${int(t.horizon)} games; `
    + `equivalent = interval inside ±tolerance (result: ±${t.tolerancePoints} pts; the others the same size in standard deviations), shifted = interval excludes 0`;
  const stop = r.stopped === 'decided'
    ? `stopped after ${int(r.games)} games (${r.looks} look${r.looks === 1 ? '' : 's'} of ${int(r.batch)}): every metric decided`
    : `stopped after ${int(r.games)} games (${r.looks} look${r.looks === 1 ? '' : 's'} of ${int(r.batch)}): the budget of ${int(r.budget)} games ran out`;
  return { what, test, stop };
}

function verdictLine(r: GateReport): string {
  const m = r.metrics.length;
  if (!r.pass) {
    const shifted = r.metrics.filter((x) => x.decision === 'shifted').map((x) => `${x.label} ${delta(x, x.shift)} (${intervalText(x)})`);
    return `FAIL: ${r.shifted} of ${m} metric${m === 1 ? '' : 's'} shifted: ${shifted.join('; ')}`;
  }
  if (r.undecided === 0) return `PASS: every metric equivalent within its tolerance (${m} of ${m})`;
  return `PASS: no metric shifted (${m - r.undecided} equivalent, ${r.undecided} undecided when the budget ran out)`;
}

const HEAD = ['metric', 'reference', 'this build', 'shift', 'interval', 'tolerance', 'decision'];

function rows(r: GateReport): string[][] {
  return r.metrics.map((m) => [m.label, level(m, m.reference), level(m, m.current), delta(m, m.shift), intervalText(m), `±${delta(m, m.tolerance, false)}`, decisionText(m)]);
}

/** The console report. */
export function formatGate(r: GateReport): string {
  const { what, test, stop } = headLines(r);
  const table = [HEAD, ...rows(r)];
  const w = HEAD.map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const line = (row: string[]): string => row.map((v, c) => (c === 0 || c === 6 ? v.padEnd(w[c]) : v.padStart(w[c]))).join('  ').trimEnd();
  return [`check: ${what}`, `test: ${test}`, stop, '', ...table.map(line), '', ...r.warnings.map((x) => `warning: ${x}`), verdictLine(r), ''].join('\n');
}

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const code = (s: string): string => `\`${s.replace(/`/g, "'")}\``;

/** Markdown for a job summary: a heading with the verdict, the table, the test. */
export function gateMarkdown(r: GateReport): string {
  const { test, stop } = headLines(r);
  const title = r.pass ? `Balance gate passed: ${code(r.config)}` : `Balance gate FAILED: ${r.shifted} metric${r.shifted === 1 ? '' : 's'} shifted in ${code(r.config)}`;
  return [
    `### ${title}`,
    '',
    `Paired sequential check of ${code(r.config)} (this build, squadsim ${cell(r.versions.current)}) against ${code(r.against)} (${int(r.referenceGames)} games, seed ${r.seed}, squadsim ${cell(r.versions.reference)}): ${stop}.`,
    '',
    `| ${HEAD.join(' | ')} |`,
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows(r).map((row) => `| ${row.map((v, c) => cell(c === 6 && v.startsWith('SHIFTED') ? `**${v}**` : v)).join(' | ')} |`),
    '',
    ...r.warnings.map((x) => `> warning: ${cell(x)}`),
    ...(r.warnings.length ? [''] : []),
    `**${cell(verdictLine(r))}**`,
    '',
    `<sub>${cell(test)}.</sub>`,
    '',
  ].join('\n');
}

/** GitHub's escaping of a workflow command's message, and of a property value. */
const escData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProp = (s: string): string => escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * Workflow commands for GitHub Actions: `::error` for each shifted metric, `::warning` for
 * each metric left undecided, one `::notice` when the gate passed.
 */
export function gateAnnotations(r: GateReport): string {
  const file = `file=${escProp(r.config)}`;
  const where = `in ${r.config} against ${r.against} (${int(r.games)} paired games, seed ${r.seed})`;
  const out: string[] = [];
  for (const m of r.metrics) {
    if (m.decision === 'shifted') {
      out.push(`::error ${file},title=${escProp(`Balance regression: ${m.label}`)}::${escData(`${m.label} shifted ${delta(m, m.shift)} (interval ${intervalText(m)}, tolerance ±${delta(m, m.tolerance, false)}): reference ${level(m, m.reference)}, this build ${level(m, m.current)}, ${where}`)}`);
    } else if (m.decision === 'undecided') {
      out.push(`::warning ${file},title=${escProp(`Balance gate undecided: ${m.label}`)}::${escData(`${m.label} neither shifted nor equivalent within ±${delta(m, m.tolerance, false)} when the budget ran out: shift ${delta(m, m.shift)} (interval ${intervalText(m)}), ${where}`)}`);
    }
  }
  if (r.pass) out.push(`::notice title=${escProp('Balance gate passed')}::${escData(`${verdictLine(r)}, ${where}`)}`);
  return out.length ? out.join('\n') + '\n' : '';
}
