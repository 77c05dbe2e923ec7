/**
 * "What was played" (issue 31): every registered ruleset describes its scenario or mission,
 * its map and each side's force in words (Ruleset.describePlayed), and each side's player
 * with every knob, for every shipped config, with no raw JSON and no raw unit ids; a policy
 * preset file is named for what it is, not as the built-in policy it starts from.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { describePlayed, playedLines } from '../resultsdoc/played.ts';
import { loadConfig } from '../sim/config.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';
import { shippedConfigs } from './shipped-configs.ts';


/** Raw JSON punctuation, or a snake_case config id ("bolt_rifle", "king_of_the_hill"). */
const RAW = /[{}[\]"_]/;

describe.each(RULESET_IDS)('what was played: %s', (id) => {
  const ruleset = getRuleset(id)!;
  it('the ruleset describes its scenario, map and forces itself (Ruleset.describePlayed)', () => {
    expect(typeof ruleset.describePlayed).toBe('function');
  });
  it.each(shippedConfigs(id).map((p) => relative(ROOT, p)))('%s: scenario, map, forces in words and every knob of each player', (path) => {
    const loaded = loadConfig(join(ROOT, path));
    const p = describePlayed(ruleset, loaded.scn.normalized, loaded.presets);
    const types = loaded.scn.plan.spec.types ?? [];
    const c = loaded.scn.normalized as { scenario?: unknown; mission?: unknown };
    const scenarioId = [c.scenario, (c.scenario as { id?: unknown } | undefined)?.id, c.mission].find((x): x is string => typeof x === 'string');
    for (const [what, text] of [['scenario', p.scenario], ['map', p.map], ['side 1 force', p.sides[0].roster], ['side 2 force', p.sides[1].roster]] as const) {
      expect(text, `${what}: ${text}`).not.toMatch(RAW);
      expect(text, what).not.toMatch(/^(none|undefined|)$/);
      if (scenarioId) expect(text, `${what} names the scenario by its id`).not.toContain(scenarioId);
      // Unit types by name, never by id ("local", "captain" are ids; "Local", "Captain" names).
      for (const t of types) if (/^[a-z]/.test(t) && what.endsWith('force')) expect(text, `${what} names type ${t} by its id`).not.toMatch(new RegExp(`\\b${t}\\b`));
    }
    for (const s of p.sides) {
      expect(s.roster.length).toBeGreaterThan(3);
      // Every knob: a policy with knobs (object form in the schema) lists more than its id.
      expect(Object.keys(s.policy).length, `${s.name}'s policy ${JSON.stringify(s.policy)}`).toBeGreaterThan(1);
    }
    const lines = playedLines(p);
    expect(lines[0]).toMatch(/^scenario: /);
    expect(lines[1]).toMatch(/^map: /);
    for (const l of lines) expect(l).not.toMatch(/[{}[\]]/);
  });
});

describe('a policy preset file in what was played', () => {
  it('configs/nco/default.json plays policies/basic.json: the summary and report name the file and its description, built on aggressive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-played-'));
    const r = await runMain(['run', join(ROOT, 'configs', 'nco', 'default.json'), '-n', '20', '-w', '0', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    const desc = JSON.parse(readFileSync(join(ROOT, 'configs', 'nco', 'policies', 'basic.json'), 'utf8')).description;
    expect(doc.summary.played.sides[0].preset).toEqual({ file: 'policies/basic.json', description: desc });
    expect(r.stdout).toContain(`US Army: player preset policies/basic.json ("${desc}"), built on policy aggressive (aggression 0.25,`);
    for (const l of r.stdout.split('\n').filter((x) => x.includes('policy aggressive'))) expect(l).toContain('player preset policies/basic.json');
    const rep = await runMain(['report', join(dir, 'results.json'), '--out', join(dir, 'rep')]);
    expect(rep.code, rep.stderr).toBe(0);
    const md = readFileSync(join(dir, 'rep', 'summary.md'), 'utf8');
    expect(md).toContain('- US Army: player preset policies/basic.json');
    expect(md).toContain('- scenario: Basic');
  }, 60_000);
  it('a side that names a built-in policy id has no preset', () => {
    const loaded = loadConfig(join(ROOT, 'configs', 'owam', 'default.json'));
    const p = describePlayed(loaded.ruleset, loaded.scn.normalized, loaded.presets);
    expect(p.sides.map((s) => s.preset)).toEqual([undefined, undefined]);
    expect(playedLines(p)[2 + 2]).toMatch(/^USA: player policy aggressive \(attack_margin 0\.05, /);
  });
});
