/**
 * One self-contained HTML page of charts and tables (report.html, sweep.html): vega,
 * vega-lite and vega-embed are inlined from their browser bundles, the chart specs carry
 * their data inline, and a Content-Security-Policy forbids every network request, so the
 * page works offline from file://. `window.squadsimReport` and `data-ready` let a headless
 * browser check that every chart rendered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Chart } from './chart.ts';
import { textColumns, type SummaryTable } from './tables.ts';

export const LONG_TABLE = 40;
const BUNDLES = ['vega/build/vega.min.js', 'vega-lite/build/vega-lite.min.js', 'vega-embed/build/vega-embed.min.js'];

/** Finds a file under node_modules the way Node resolves packages: walking up from here. */
function findBundle(rel: string): string {
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    let dir = start;
    for (;;) {
      const p = join(dir, 'node_modules', rel);
      if (existsSync(p)) return p;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  throw new Error(`cannot find node_modules/${rel}: is the package installed?`);
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Inline code must not close its own <script> element. */
const scriptSafe = (js: string): string => js.replace(/<\/(script)/gi, '<\\/$1');

// No network: default-src 'none' blocks fetch, images, fonts and frames. Vega compiles its
// expressions with new Function, hence 'unsafe-eval'; vega-embed injects a <style>.
const CSP = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:";

const STYLE = `
body { font-family: Helvetica, Arial, sans-serif; color: #222; margin: 0; background: #f6f6f4; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 0 0 6px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
.meta { color: #555; font-size: 13px; margin: 0 0 16px; }
.meta code { font-size: 12px; }
nav { font-size: 13px; margin-bottom: 20px; line-height: 1.8; }
nav a { color: #2a5d9f; margin-right: 14px; text-decoration: none; white-space: nowrap; }
section.card { background: white; border: 1px solid #ddd; border-radius: 6px; padding: 16px 18px; margin: 0 0 20px; }
section.card p.desc { font-size: 13px; color: #444; margin: 0 0 10px; max-width: 80ch; }
.vis { overflow-x: auto; }
.note { font-size: 13px; color: #7a5500; background: #fff7e0; border: 1px solid #f0dca0; border-radius: 4px; padding: 6px 10px; margin: 6px 0; }
table { border-collapse: collapse; font-size: 12.5px; margin: 4px 0 8px; }
th, td { padding: 3px 9px; border-bottom: 1px solid #e4e4e4; text-align: right; white-space: nowrap; }
th { background: #f0f0ee; font-weight: 600; white-space: normal; vertical-align: bottom; max-width: 11ch; }
th.text, td.text { text-align: left; }
details { margin: 14px 0 6px; font-size: 14px; }
details summary { cursor: pointer; font-weight: 600; }
.table-wrap { overflow-x: auto; }
section.played ul { margin: 4px 0 0; padding-left: 20px; font-size: 13px; line-height: 1.6; }
`;

export interface IntroCard {
  title: string;
  lines: string[];
  /** The card's id (default "played"). */
  id?: string;
}

export interface PageParts {
  /** <title> and <h1>. */
  title: string;
  /** The line under the title (HTML, already escaped by the caller). */
  metaHtml: string;
  /** Cards of bullet points under the title (e.g. "What was played", "Compared with"), when given. */
  intro?: IntroCard | IntroCard[];
  notes: string[];
  charts: Chart[];
  tables: SummaryTable[];
  /** The text above the tables. */
  tablesDesc: string;
  /** Heading of the tables' section (default "Summary tables"). */
  tablesTitle?: string;
  /** Fold tables longer than LONG_TABLE rows (default true; a trace's log stays open). */
  foldLong?: boolean;
}

/** The page; `libraries` is for tests (defaults to the installed bundles). */
export function chartsPage(p: PageParts, libraries: string[] = BUNDLES.map((b) => readFileSync(findBundle(b), 'utf8'))): string {
  // The page gives each chart a heading and a description, so the spec's own title (kept in
  // the SVG files, which stand alone) would only repeat it.
  const specs = Object.fromEntries(p.charts.map((c) => [c.id, { ...c.spec, title: undefined }]));
  // JSON in a <script> element: escape "<" so no string in it can end the element.
  const specJson = JSON.stringify(specs).replace(/</g, '\\u003c');
  const nav = [...p.charts.map((c) => `<a href="#chart-${c.id}">${esc(c.title)}</a>`), ...(p.tables.length ? [`<a href="#tables">${esc(p.tablesTitle ?? 'Summary tables')}</a>`] : [])].join('\n');
  const charts = p.charts
    .map((c) => `<section class="card chart" id="chart-${c.id}"><h2>${esc(c.title)}</h2><p class="desc">${esc(c.description)}</p><div class="vis" id="vis-${c.id}" data-chart="${c.id}"></div></section>`)
    .join('\n');
  const notes = p.notes.map((n) => `<p class="note">${esc(n)}</p>`).join('\n');
  const tables = p.tables
    .map((t) => {
      const table = `<div class="table-wrap">${htmlTable(t.header, t.cells)}</div>`;
      // Long tables (per type and step) stay folded: they are for looking things up.
      return t.cells.length > LONG_TABLE && p.foldLong !== false
        ? `<details id="table-${t.id}"><summary>${esc(t.title)} (${t.cells.length} rows; also ${t.id}.csv)</summary>\n${table}</details>`
        : `<h3 id="table-${t.id}">${esc(t.title)}</h3>\n${table}`;
    })
    .join('\n');
  const cards = p.intro === undefined ? [] : Array.isArray(p.intro) ? p.intro : [p.intro];
  const intro = cards.map((c) => `<section class="card played" id="${c.id ?? 'played'}"><h2>${esc(c.title)}</h2>\n<ul>${c.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></section>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>squadsim: ${esc(p.title)}</title>
<style>${STYLE}</style>
${libraries.map((js) => `<script>${scriptSafe(js)}</script>`).join('\n')}
</head>
<body>
<main>
<h1>${esc(p.title)}</h1>
<p class="meta">${p.metaHtml}</p>
${intro}
<nav>${nav}</nav>
${notes}
${charts}
${p.tables.length ? `<section class="card" id="tables"><h2>${esc(p.tablesTitle ?? 'Summary tables')}</h2>\n<p class="desc">${esc(p.tablesDesc)}</p>\n${tables}\n</section>` : ''}
</main>
<script type="application/json" id="squadsim-specs">${specJson}</script>
<script>
(function () {
  var specs = JSON.parse(document.getElementById('squadsim-specs').textContent);
  var state = (window.squadsimReport = { expected: Object.keys(specs).length, rendered: 0, errors: [] });
  var jobs = Object.keys(specs).map(function (id) {
    var el = document.getElementById('vis-' + id);
    return vegaEmbed(el, specs[id], { actions: false, renderer: 'svg' })
      .then(function () { state.rendered++; el.setAttribute('data-rendered', 'true'); })
      .catch(function (e) { state.errors.push(id + ': ' + e); el.textContent = 'This chart failed to render: ' + e; });
  });
  Promise.all(jobs).then(function () { document.body.setAttribute('data-ready', 'true'); });
})();
</script>
</body>
</html>
`;
}

function htmlTable(header: string[], cells: string[][]): string {
  // Text columns (names) align left, number columns right; the first row decides.
  const isText = textColumns(header, cells);
  const cls = (c: number): string => (isText[c] ? ' class="text"' : '');
  const head = `<tr>${header.map((h, c) => `<th${cls(c)}>${esc(h)}</th>`).join('')}</tr>`;
  const body = cells.map((row) => `<tr>${row.map((v, c) => `<td${cls(c)}>${esc(v)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}
