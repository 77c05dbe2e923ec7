#!/usr/bin/env node
// Results fingerprint for refactors: plays every shipped matchup for a few chunks on the
// main thread and prints one hash per accumulator block (and per-game rows), so a change
// that must not move results can be checked against the same command on the old commit:
//
//   node scripts/fingerprint.mjs > before.json      (on the old commit, after npm run build)
//   node scripts/fingerprint.mjs --compare before.json
//
// --rename old=new maps a block renamed between the two commits.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const games = opt('games', '1000');
const seed = opt('seed', '5');
const compare = opt('compare');
const only = opt('only');
const renames = Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === '--rename' ? [a.split('=')] : [])));

const configs = [
  'configs/nco/default.json',
  ...readdirSync(join(root, 'configs/nco/matchups')).map((f) => `configs/nco/matchups/${f}`),
  ...readdirSync(join(root, 'configs/nco/scenarios')).map((f) => `configs/nco/scenarios/${f}`),
  'configs/iron-squad/default.json',
  'configs/iron-squad/normandy.json',
  'configs/iron-squad/solo.json',
].filter((c) => !only || c.includes(only)).sort();

const sha = (x) => createHash('sha256').update(x).digest('hex').slice(0, 16);
const out = {};
for (const c of configs) {
  const dir = mkdtempSync(join(tmpdir(), 'squadsim-fp-'));
  try {
    execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'run', join(root, c), '--games', games, '--seed', seed, '--workers', '0', '--record', 'games', '--out', dir, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const doc = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    const blocks = {};
    for (const [name, v] of Object.entries(doc.accumulators)) blocks[name] = sha(JSON.stringify(v));
    // Rows hashed per column (by name), so a change of column order alone does not show.
    const rows = new Float64Array(readFileSync(join(dir, 'games.f64')).buffer.slice(0));
    const cols = doc.gameRows.columns, w = cols.length;
    cols.forEach((name, c) => {
      const col = new Float64Array(rows.length / w);
      for (let g = 0; g < col.length; g++) col[g] = rows[g * w + c];
      blocks[`#rows.${name}`] = sha(new Uint8Array(col.buffer));
    });
    out[c] = blocks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!compare) {
  process.stdout.write(JSON.stringify(out, null, 1) + '\n');
} else {
  const before = JSON.parse(readFileSync(compare, 'utf8'));
  let diff = 0;
  for (const c of configs) {
    const a = before[c] ?? {}, b = out[c];
    const seen = new Set();
    for (const [k, was] of Object.entries(a)) {
      const name = renames[k] ?? k;
      seen.add(name);
      if (was !== b[name]) {
        diff++;
        console.log(`${c}: ${k}${name !== k ? ` -> ${name}` : ''} ${was} -> ${b[name] ?? '(absent)'}`);
      }
    }
    for (const name of Object.keys(b)) if (!seen.has(name)) console.log(`${c}: ${name} is new`);
  }
  console.log(diff === 0 ? `identical: ${configs.length} configs` : `${diff} block(s) differ`);
  process.exitCode = diff === 0 ? 0 : 1;
}
