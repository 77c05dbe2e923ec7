/** Scenario configs through the built CLI: the shipped S1–S6 configs run; a bad scenario id or option exits 2 and writes nothing. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';

const S1 = join(ROOT, 'configs', 'nco', 'scenarios', 's1.json');
const { dir } = cliSandbox('squadsim-scen-');
const run = (args: string[]) => runMain(['run', ...args]);

/** s1.json with absolute roster paths and the given scenario field. */
function withScenario(name: string, scenario: unknown): string {
  const c = JSON.parse(readFileSync(S1, 'utf8'));
  c.scenario = scenario;
  for (const sd of c.sides) sd.roster = join(ROOT, 'configs', 'nco', 'scenarios', sd.roster);
  const f = join(dir(), name);
  writeFileSync(f, JSON.stringify(c));
  return f;
}

describe('squadsim run with scenarios', () => {
  for (const k of [1, 2, 3, 4, 5, 6]) {
    it(`configs/nco/scenarios/s${k}.json runs`, async () => {
      const r = await run([join(ROOT, 'configs', 'nco', 'scenarios', `s${k}.json`), '--games', '50', '--workers', '0', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).games).toBe(50);
    });
  }

  const cases: [string, unknown, RegExp[]][] = [
    ['an unknown scenario id', 's7-invasion', [/scenario/, /"s7-invasion"/, /"s1-secure-the-sectors"/]],
    ['an unknown id in the object form', { id: 'nope' }, [/scenario\.id/, /"nope"/, /"s6-intel-retrieval"/]],
    ['a bad option value', { id: 's3-rescue-mission', kill_from_turn: 0 }, [/scenario\.kill_from_turn/, /0/, /at least 1/]],
    ['an option of another scenario', { id: 's1-secure-the-sectors', exclusion_in: 6 }, [/scenario/, /exclusion_in/]],
  ];
  for (const [name, scenario, patterns] of cases) {
    it(`${name} exits 2 and writes nothing`, async () => {
      const out = join(dir(), `out-${name.replace(/\W+/g, '-')}`);
      const r = await run([withScenario(`${name.replace(/\W+/g, '-')}.json`, scenario), '--out', out, '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      for (const p of patterns) expect(r.stderr).toMatch(p);
      expect(existsSync(out)).toBe(false);
    });
  }
});
