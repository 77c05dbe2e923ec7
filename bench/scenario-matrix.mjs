// Scenario × policy-pairing matrix (outside the test suite): for each NCO scenario config
// and each ordered pair of policies, runs `node dist/cli.js run` and prints side 0's win
// rate, draws, mean VP and mean scenario bonus per side, plus games/s.
//   node bench/scenario-matrix.mjs [--games 10000] [--workers 2] [--scenarios 1,2,3]
//        [--policies aggressive,cautious,objective,random] [--mirror] [--json out.json]
// --mirror puts the same roster on both sides (configs/nco/rosters/us-army-100.json), so
// a pairing's result measures the policies rather than the rosters.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : def;
};
const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const games = Number(opt('games', '10000'));
const workers = opt('workers', '2');
const scenarios = opt('scenarios', '1,2,3,4,5,6').split(',');
const policies = opt('policies', 'aggressive,cautious,objective,random').split(',');
const mirror = args.includes('--mirror');
const jsonOut = opt('json', '');

// "<preset>-w0" is the preset with objective_weight 0 (it ignores the scenario's objectives).
const policyOf = (p) => (p.endsWith('-w0') ? { id: p.slice(0, -3), objective_weight: 0 } : p);

const tmp = mkdtempSync(join(tmpdir(), 'scenario-matrix-'));
const rows = [];
try {
  for (const sc of scenarios) {
    const file = join(root, 'configs/nco/scenarios', `s${sc}.json`);
    const base = JSON.parse(readFileSync(file, 'utf8'));
    const rosterOf = (s) => resolve(dirname(file), mirror ? '../rosters/us-army-100.json' : base.sides[s].roster);
    for (const p0 of policies) {
      for (const p1 of policies) {
        const cfg = { ...base, sides: base.sides.map((sd, s) => ({ ...sd, roster: rosterOf(s), policy: policyOf(s === 0 ? p0 : p1) })) };
        delete cfg.$schema;
        const cf = join(tmp, 'config.json');
        writeFileSync(cf, JSON.stringify(cfg));
        const out = join(tmp, 'out');
        rmSync(out, { recursive: true, force: true });
        const summary = JSON.parse(execFileSync('node', [join(root, 'dist/cli.js'), 'run', cf, '--games', String(games), '--workers', workers, '--out', out, '--json'], { encoding: 'utf8' }));
        const acc = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).accumulators;
        const bonus = acc.scenarioBonus.map((r) => r.reduce((a, b) => a + b, 0) / games);
        rows.push({
          scenario: `s${sc}`, p0, p1,
          win0: summary.sides[0].winRate, win1: summary.sides[1].winRate, draws: summary.draws / games,
          vp0: summary.sides[0].meanVictoryPoints, vp1: summary.sides[1].meanVictoryPoints,
          bonus0: bonus[0], bonus1: bonus[1], gps: summary.gamesPerSecond,
        });
        const r = rows[rows.length - 1];
        const f = (x, d = 1) => x.toFixed(d);
        console.log(`${r.scenario}  ${p0.padEnd(10)} vs ${p1.padEnd(10)}  win0 ${f(100 * r.win0)}%  win1 ${f(100 * r.win1)}%  draw ${f(100 * r.draws)}%  vp ${f(r.vp0)}/${f(r.vp1)}  bonus ${f(r.bonus0)}/${f(r.bonus1)}  ${f(r.gps, 0)} g/s`);
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
