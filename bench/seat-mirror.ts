/**
 * Seat effect of every shipped table (issue 28): each config played as a mirror match, side
 * 1 given side 0's force and player, so any edge left is the seat's (the table, deployment,
 * who moves first, the mission). Within ±2 points (95%) a table is seat-fair; outside, the
 * report says so, and docs/balance.md names the edges the rulebooks give themselves.
 *
 *   npm run seat-mirror -- [CONFIG...] [--games 4000] [--json]
 *
 * Without configs: every run config under configs/<id>/ and its scenarios/, missions/,
 * boards/ and maps/ folders (a map or board file is played on its ruleset's default config).
 * OWAM's side 1 keeps its own nation and division (the R3 roster is the same 12 cards for
 * every division, and nations are fixed to a seat), with side 0's player and fireteams (its own
 * fireteams where side 0's are not in its roster: the historical one). Solo tables are skipped.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { loadConfigObject } from '../sim/config.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { wilson } from '../engine/stats.ts';
import { seatPlayer } from './seat-results.ts';

const argv = yargs(hideBin(process.argv))
  .usage('$0 [CONFIG...] [--games N] [--seed S] [--json]')
  .option('games', { type: 'number', default: 4000 })
  .option('seed', { type: 'number', default: 1 })
  .option('json', { type: 'boolean', default: false })
  .strict()
  .parseSync();

const ROOT = resolve(import.meta.dirname, '..');
const RULESETS = ['nco', 'platoon', 'skill-die', 'iron-squad', 'owam'];

/** [label, config object, its folder] for every table to measure. */
function tables(): [string, Record<string, unknown>, string][] {
  const named = argv._.map(String);
  if (named.length > 0) return named.map((f) => [f, readJsonFile(resolve(f), { field: 'config', shown: f, allowed: 'a config file' }) as Record<string, unknown>, dirname(resolve(f))]);
  const out: [string, Record<string, unknown>, string][] = [];
  for (const id of RULESETS) {
    const dir = join(ROOT, 'configs', id);
    const base = readJsonFile(join(dir, 'default.json'), { field: 'config', shown: id, allowed: 'a config' }) as Record<string, unknown>;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) out.push([relative(ROOT, join(dir, f)), readJsonFile(join(dir, f), { field: 'config', shown: f, allowed: 'a config' }) as Record<string, unknown>, dir]);
    for (const sub of ['scenarios', 'missions']) {
      if (!existsSync(join(dir, sub))) continue;
      for (const f of readdirSync(join(dir, sub)).filter((x) => x.endsWith('.json'))) out.push([relative(ROOT, join(dir, sub, f)), readJsonFile(join(dir, sub, f), { field: 'config', shown: f, allowed: 'a config' }) as Record<string, unknown>, join(dir, sub)]);
    }
    for (const sub of ['maps', 'boards']) {
      if (!existsSync(join(dir, sub))) continue;
      for (const f of readdirSync(join(dir, sub)).filter((x) => x.endsWith('.json'))) out.push([`${relative(ROOT, join(dir, 'default.json'))} on ${sub}/${f}`, { ...base, map: `${sub}/${f}` }, dir]);
    }
  }
  return out.filter(([, c]) => Array.isArray(c.sides));
}

/** Side 1 takes side 0's force and player (OWAM: its own nation and division, side 0's player and fireteams). */
function mirror(config: Record<string, unknown>): Record<string, unknown> {
  const sides = config.sides as Record<string, unknown>[];
  const s0 = structuredClone(sides[0]);
  const s1 = config.ruleset === 'owam'
    ? { ...structuredClone(sides[1]), policy: structuredClone(sides[0].policy), ...(sides[0].fireteams !== undefined ? { fireteams: structuredClone(sides[0].fireteams) } : {}) }
    : { ...s0, name: `${String(sides[1].name ?? 'side 1')}` };
  return { ...structuredClone(config), sides: [s0, s1] };
}

const rows: { table: string; ruleset: string; games: number; seat0: number; lo: number; hi: number; verdict: string; error?: string }[] = [];
for (const [label, config, dir] of tables()) {
  const scenario = config.scenario as { id?: unknown } | string | undefined;
  if (scenario === 'solo' || (typeof scenario === 'object' && scenario?.id === 'solo')) continue; // one player against the rules' bot: no second seat
  try {
    let loaded;
    try {
      loaded = loadConfigObject(mirror(config), dir, label);
    } catch (e) {
      // OWAM's historical roster differs by side: keep side 1's own fireteams, side 0's player.
      if (config.ruleset !== 'owam') throw e;
      const sides = config.sides as Record<string, unknown>[];
      loaded = loadConfigObject({ ...config, sides: [sides[0], { ...sides[1], policy: sides[0].policy }] }, dir, label);
    }
    const x = seatPlayer(loaded, 0)(argv.seed, argv.games);
    const score = x.reduce((a, b) => a + b, 0);
    const [lo, hi] = wilson(score, argv.games);
    const verdict = lo > 0.48 && hi < 0.52 ? 'fair (within ±2)' : lo > 0.5 ? 'seat 0 favoured' : hi < 0.5 ? 'seat 1 favoured' : 'undecided at this size';
    rows.push({ table: label, ruleset: String(config.ruleset), games: argv.games, seat0: score / argv.games, lo, hi, verdict });
  } catch (e) {
    rows.push({ table: label, ruleset: String(config.ruleset), games: 0, seat0: NaN, lo: NaN, hi: NaN, verdict: 'not measured', error: (e as Error).message.split('\n')[0] });
  }
  if (!argv.json) {
    const r = rows.at(-1)!;
    process.stdout.write(r.error ? `${r.table}: not measured (${r.error})\n` : `${r.table}: seat 0 ${(100 * r.seat0).toFixed(1)}% (${(100 * r.lo).toFixed(1)}–${(100 * r.hi).toFixed(1)}), ${r.verdict}\n`);
  }
}
if (argv.json) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
