// Re-checks every published number in docs/ (`npm run verify-docs`, issue 32): finds every
// `<!-- verify` marker in docs/*.md (bench/verify-docs-marker.ts has the grammar), re-runs each
// row's squadsim command on a fresh seed (the marker's seed + --seed-salt) and checks each
// marked cell against its published interval widened by the fresh run's own sampling error
// (docs/ci.md "Published numbers"). Exit 0: every cell passes; 1: a cell fails (or a command
// fails); 2: a malformed marker (file:line) or a bad flag.
//   node dist/verify-docs.js --list
//   node dist/verify-docs.js --workers 2 --only policies.md
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchArgs } from './args.ts';
import { checkCell, DEFAULT_Z, extract, MarkerError, parseCell, parseMarkers, withSeed, type Marker } from './verify-docs-marker.ts';

const argv = benchArgs()
  .scriptName('verify-docs')
  .option('docs', { type: 'string', default: 'docs', describe: 'folder of Markdown files to check' })
  .option('only', { type: 'string', array: true, describe: 'check only these docs (file name, e.g. policies.md)' })
  .option('seed-salt', { type: 'number', default: 1000, describe: "the fresh seed is the marker's seed + this" })
  .option('seed', { type: 'number', describe: "fresh seed for every command (instead of the marker's seed + salt)" })
  .option('games', { type: 'number', describe: "play this many games (-n) instead of the marker's (a quicker, weaker check)" })
  .option('workers', { alias: 'w', type: 'number', default: 1, describe: 'worker threads for each command (-w)' })
  .option('z', { type: 'number', default: DEFAULT_Z, describe: 'z of the rule (3.29: a 0.1% false alarm per cell)' })
  .option('list', { type: 'boolean', default: false, describe: 'list the markers and their cells without running' })
  .option('json', { type: 'boolean', default: false, describe: 'print the results as JSON' })
  .check((a) => {
    if (!Number.isInteger(a['seed-salt'])) throw new Error(`--seed-salt: ${a['seed-salt']} is not an integer`);
    if (a.seed !== undefined && !(Number.isInteger(a.seed) && a.seed >= 0)) throw new Error(`--seed: ${a.seed} is not an integer >= 0`);
    if (a.games !== undefined && !(Number.isInteger(a.games) && a.games > 0)) throw new Error(`--games: ${a.games} is not an integer > 0`);
    if (!(Number.isInteger(a.workers) && a.workers >= 0)) throw new Error(`--workers: ${a.workers} is not an integer >= 0`);
    if (!(a.z > 0)) throw new Error(`--z: ${a.z} is not > 0`);
    return true;
  })
  .parseSync();

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.js');

function findMarkers(): Marker[] {
  let files: string[];
  try {
    files = readdirSync(argv.docs).filter((f) => f.endsWith('.md')).sort();
  } catch (e) {
    process.stderr.write(`verify-docs: --docs: cannot read folder "${argv.docs}" (${(e as Error).message})\n`);
    process.exit(2);
  }
  if (argv.only) {
    const missing = argv.only.filter((o) => !files.includes(basename(o)));
    if (missing.length) {
      process.stderr.write(`verify-docs: --only: ${missing.join(', ')} not in ${argv.docs}/ (docs: ${files.join(', ')})\n`);
      process.exit(2);
    }
    files = files.filter((f) => argv.only!.map((o) => basename(o)).includes(f));
  }
  const out: Marker[] = [];
  for (const f of files) {
    const path = join(argv.docs, f);
    try {
      out.push(...parseMarkers(readFileSync(path, 'utf8'), relative(process.cwd(), path) || path));
    } catch (e) {
      if (!(e instanceof MarkerError)) throw e;
      process.stderr.write(`verify-docs: malformed marker: ${e.message}\n`);
      process.exit(2);
    }
  }
  return out;
}

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Result { doc: string; table: number; row: string; cell: string; published: number; fresh: number | null; allowed: number | null; pass: boolean; seed: number; games: number; error?: string }

const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(2)}%`);

const markers = findMarkers();
if (argv.list) {
  const list = markers.flatMap((m) => m.rows.flatMap((r) => m.cols.map((c) => ({ doc: m.file, table: m.tableLine, row: r.label, cell: c.header, published: r.cells[c.header], command: r.args.join(' ') }))));
  if (argv.json) process.stdout.write(`${JSON.stringify({ markers: markers.length, cells: list.length, list }, null, 2)}\n`);
  else {
    for (const m of markers) {
      process.stdout.write(`${m.file}:${m.line} table at line ${m.tableLine}: ${m.rows.length} rows × ${m.cols.length} columns\n`);
      for (const r of m.rows) process.stdout.write(`  ${r.label}: squadsim ${r.args.join(' ')}\n    ${m.cols.map((c) => `${c.header} = ${r.cells[c.header]}`).join('; ')}\n`);
    }
    process.stdout.write(`${markers.length} markers, ${list.length} cells\n`);
  }
  process.exit(0);
}

const t0 = performance.now();
const results: Result[] = [];
for (const m of markers) {
  for (const r of m.rows) {
    const seed = argv.seed ?? r.seed + argv['seed-salt'];
    const games = argv.games ?? r.games;
    const args = [...withSeed(r.args, seed, argv.games), '--json', '-w', String(argv.workers)];
    if (!argv.json) process.stderr.write(`verify-docs: ${m.file} "${r.label}": squadsim ${args.join(' ')}\n`);
    const out = await run(args);
    let json: unknown = null, error: string | undefined;
    if (out.code !== 0) error = `exit ${out.code}: ${out.stderr.trim().split('\n').slice(-3).join(' ')}`;
    else {
      try { json = JSON.parse(out.stdout); } catch { error = 'the command did not print JSON'; }
    }
    for (const c of m.cols) {
      const pub = parseCell(r.cells[c.header]);
      const base = { doc: m.file, table: m.tableLine, row: r.label, cell: c.header, published: pub.value, seed, games };
      if (error) { results.push({ ...base, fresh: null, allowed: null, pass: false, error }); continue; }
      try {
        const fresh = extract(json, c.extractor, games);
        const verdict = checkCell(pub, r.games, fresh, argv.z);
        results.push({ ...base, fresh: fresh.value, allowed: verdict.allowed, pass: verdict.pass });
      } catch (e) {
        results.push({ ...base, fresh: null, allowed: null, pass: false, error: (e as Error).message });
      }
    }
  }
}
const seconds = (performance.now() - t0) / 1000;
const failed = results.filter((x) => !x.pass).length;
if (argv.json) process.stdout.write(`${JSON.stringify({ seconds, cells: results.length, failed, z: argv.z, results }, null, 2)}\n`);
else {
  const rows = [['doc', 'table', 'row', 'cell', 'published', 'fresh', 'allowed ±', 'result']];
  for (const x of results) rows.push([x.doc, `line ${x.table}`, x.row, x.cell, pct(x.published), pct(x.fresh), pct(x.allowed), x.pass ? 'pass' : `FAIL${x.error ? `: ${x.error}` : ''}`]);
  const w = rows[0].map((_, k) => Math.max(...rows.map((row) => (k === 7 ? 0 : row[k].length))));
  for (const row of rows) process.stdout.write(`${row.map((c, k) => (k === 7 ? c : c.padEnd(w[k]))).join('  ')}\n`);
  process.stdout.write(`${results.length - failed}/${results.length} cells pass (z ${argv.z}, ${seconds.toFixed(0)} s)\n`);
}
process.exit(failed ? 1 : 0);
