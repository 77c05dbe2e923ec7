/**
 * Bad NCO input through the CLI, the way a designer meets it: each case exits 2, names the
 * field path, the bad value and what is allowed, prints no stack trace and writes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';

const ROSTERS = join(ROOT, 'configs', 'nco', 'rosters');

const { dir } = cliSandbox('squadsim-badin-');

type Json = Record<string, any>;
const roster = (name: string): Json => JSON.parse(readFileSync(join(ROSTERS, name), 'utf8'));

/** A small valid config with side 0's roster (inline) and top-level fields replaced. */
function config(side0: Json = roster('us-army-100.json'), over: Json = {}): Json {
  return {
    ruleset: 'nco',
    scenario: 'basic',
    map: { generate: { mirrored: true } },
    sides: [
      { name: 'A', roster: side0, policy: 'aggressive' },
      { name: 'B', roster: join(ROSTERS, 'german-heer-100.json'), policy: 'cautious' },
    ],
    ...over,
  };
}

function edit(name: string, f: (r: Json) => void): Json {
  const r = roster(name);
  f(r);
  return r;
}

const cases: [string, () => Json, RegExp[]][] = [
  ['a specialist forbidden to the nation (item 141: Soviet Army, no Chaplain)',
    () => config(edit('us-army-100.json', (r) => { r.nation = 'soviet-army'; r.soldiers[8] = { type: 'chaplain' }; })),
    [/sides\[0\]\.roster\.soldiers\[8\]\.type/, /"chaplain"/, /Soviet Army may not take a Chaplain/, /allowed: .*"medic"/]],
  ['more soldiers than the nation allows (item 134: German SS, 10)',
    () => config(edit('german-ss-100.json', (r) => { r.soldiers.push({ type: 'private', primary: 'rifle' }); })),
    [/sides\[0\]\.roster\.soldiers/, /got 11/, /at most 10 for German SS/]],
  ['a roster over the vps budget',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[6].type = 'veteran-corporal'; })),
    [/sides\[0\]\.roster/, /got 112/, /at most 100 vps/]],
  ['a roster over the sps budget',
    () => config(edit('us-army-100.json', (r) => { r.soldiers.push({ type: 'marksman' }); r.nation = 'us-marines'; })),
    [/sides\[0\]\.roster/, /got 65/, /at most 50 sps/]],
  ['an item only the Sergeant may carry (item 88: Intel)',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[1].items = ['intel']; })),
    [/sides\[0\]\.roster\.soldiers\[1\]\.items\[0\]/, /"intel"/, /Sergeant only/]],
  ['more items than the soldier type carries (item 121: Private, 1)',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[6].items = ['flask', 'tobacco']; })),
    [/sides\[0\]\.roster\.soldiers\[6\]\.items/, /\["flask","tobacco"\]/, /at most 1 item\(s\) for Private/]],
  ['a weapon the soldier type may not take (item 121: Private with an LMG)',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[6].primary = 'lmg'; })),
    [/sides\[0\]\.roster\.soldiers\[6\]\.primary/, /"lmg"/, /allowed for Private: "rifle"/]],
  ['too many grenades (item 118: Lance-Corporal, 1)',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[4].grenades = 2; })),
    [/sides\[0\]\.roster\.soldiers\[4\]\.grenades/, /got 2/, /at most 1 grenade/]],
  ['an unknown item',
    () => config(edit('us-army-100.json', (r) => { r.soldiers[6].items = ['jetpack']; })),
    [/items\[0\]/, /"jetpack"/, /"lucky-trinket"/]],
  ['an unknown nation',
    () => config(edit('us-army-100.json', (r) => { r.nation = 'narnia'; })),
    [/sides\[0\]\.roster\.nation/, /"narnia"/, /"soviet-army"/]],
  ['an unknown scenario',
    () => config(undefined, { scenario: 's9-capture-the-flag' }),
    [/scenario/, /"s9-capture-the-flag"/, /basic/]],
  ['a rules parameter out of range',
    () => config(undefined, { rules: { turns: 0 } }),
    [/rules\.turns/, /got 0/, /at least 1/]],
  ['an unknown rules parameter',
    () => config(undefined, { rules: { turn_count: 6 } }),
    [/rules/, /"turn_count"/, /unknown field/]],
  ['a policy parameter out of range',
    () => { const c = config(); c.sides[1].policy = { id: 'cautious', aggression: 3 }; return c; },
    [/sides\[1\]\.policy\.aggression/, /got 3/, /at most 1/]],
  ['an unknown policy',
    () => { const c = config(); c.sides[1].policy = 'kamikaze'; return c; },
    [/sides\[1\]\.policy/, /"kamikaze"/, /aggressive/]],
  ['a map polygon off the table',
    () => config(undefined, { map: { size: [36, 36], terrain: [{ polygon: [[0, 0], [40, 0], [40, 5]] }] } }),
    [/map\.terrain\[0\]\.polygon\[1\]/, /within the table/]],
];

describe('NCO bad input exits 2 with path, value and what is allowed; nothing is written', () => {
  for (const [name, make, patterns] of cases) {
    it(name, async () => {
      const slug = name.replace(/\W+/g, '-').slice(0, 60);
      const file = join(dir(), `${slug}.json`);
      writeFileSync(file, JSON.stringify(make()));
      const out = join(dir(), `out-${slug}`);
      const r = await runMain(['run', file, '--games', '20', '--out', out, '--json']);
      expect(r.stderr).toMatch(/^squadsim: /);
      for (const p of patterns) expect(r.stderr).toMatch(p);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
    });
  }
});
