import { formatEta } from '../sim/progress.ts';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { QUICK, ROOT } from './dist-fresh.ts';

// The built CLI the way users do (npm test builds dist/ first), and main() in-process where
// a real process adds nothing (bad input: exit code and message).
const DEFAULT = join(ROOT, 'configs', 'nco', 'default.json');

const { cli, dir } = cliSandbox('squadsim-cli-');

/** The default config with its roster paths made absolute, so a copy works from any folder. */
function defaultConfig(): Record<string, any> {
  const c = JSON.parse(readFileSync(DEFAULT, 'utf8'));
  for (const s of c.sides) {
    if (typeof s.roster === 'string') s.roster = resolve(join(ROOT, 'configs', 'nco'), s.roster);
    if (typeof s.policy === 'string' && s.policy.endsWith('.json')) s.policy = resolve(join(ROOT, 'configs', 'nco'), s.policy);
  }
  return c;
}

function writeConfig(name: string, content: unknown): string {
  const p = join(dir(), name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

describe('squadsim run', () => {
  it('--json prints only the summary JSON', () => {
    const r = cli(['run', '--games', '500', '--seed', '7', '--json', '--workers', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['schema', 'ruleset', 'games', 'seed', 'configHash', 'version', 'sides', 'draws', 'lethality']));
    expect(s.schema).toBe('squadsim.summary/2');
    expect(s.ruleset).toBe('nco');
    expect(s.games).toBe(500);
    expect(s.seed).toBe(7);
    expect(s.sides.map((x: { name: string }) => x.name)).toEqual(['US Army', 'German Heer']);
    expect(s.sides[0].wins + s.sides[1].wins + s.draws).toBe(500);
  });

  it('prints the same summary for 1 and 2 workers, apart from timings', () => {
    const strip = (out: string) => {
      const { elapsedSeconds: _e, gamesPerSecond: _g, ...rest } = JSON.parse(out);
      return JSON.stringify(rest);
    };
    const one = cli(['run', QUICK, '--games', '1500', '--seed', '3', '--json', '--workers', '1']);
    const two = cli(['run', QUICK, '--games', '1500', '--seed', '3', '--json', '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(strip(two.stdout)).toBe(strip(one.stdout));
  });

  it('prints a human table and writes results.json with --out', () => {
    const out = join(dir(), 'ok-out');
    const r = cli(['run', writeConfig('ok.json', defaultConfig()), '--games', '600', '--workers', '0', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/US Army/);
    expect(r.stdout).toMatch(/games\/s/);
    expect(readdirSync(out)).toEqual(['results.json']);
    const doc = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(doc.schema).toBe('squadsim.results/2');
    expect(doc.games).toBe(600);
  });

  it('squadsim alone prints the commands and exits 2 (issue 13: it used to print only "name a command")', () => {
    const r = cli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Commands:/);
    expect(r.stderr).toMatch(/squadsim trace \[config\]/);
  });
  it('the progress bar\'s ETA never shows 60 seconds in a minute (it showed "1m60s")', () => {
    expect([formatEta(59.6), formatEta(119.6), formatEta(125), formatEta(3599.7), formatEta(7325)]).toEqual(['1m00s', '2m00s', '2m05s', '1h00m', '2h02m']);
    expect(formatEta(4.2)).toBe('4s');
  });
  it('has --help on the program and on run', () => {
    const top = cli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/run \[config\]/);
    const run = cli(['run', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--games/);
    expect(run.stdout).toMatch(/--workers/);
  });
});

describe('squadsim run: bad input exits 2 and writes nothing', () => {
  const badRoster = () => {
    const c = defaultConfig();
    c.sides[1].roster = 'rosters/no-such-roster.json';
    return c;
  };
  const cases: [string, () => string[], RegExp[]][] = [
    ['a missing config file', () => ['no-such-config.json'], [/config/, /no-such-config\.json/, /does not exist/]],
    ['invalid JSON', () => [writeConfig('bad.json', '{ "ruleset": "nco", ')], [/config/, /bad\.json/, /not valid JSON/]],
    ['an unknown ruleset', () => [writeConfig('unknown.json', { ...defaultConfig(), ruleset: 'chess' })], [/ruleset/, /"chess"/, /"nco"/]],
    ['a bad roster path', () => [writeConfig('bad-roster.json', badRoster())], [/sides\[1\]\.roster/, /rosters\/no-such-roster\.json/]],
    ['--games -5', () => ['--games', '-5'], [/--games/, /-5/, /positive integer/]],
    ['--games abc', () => ['--games', 'abc'], [/--games/, /"abc"/, /positive integer/]],
    ['--games 1.5', () => ['--games', '1.5'], [/--games/, /1\.5/, /positive integer/]],
    ['--seed out of range', () => ['--seed', '4294967296'], [/--seed/, /4294967296/, /0 to 4294967295/]],
    ['--workers -1', () => ['--workers', '-1'], [/--workers/, /-1/, /integer from 0/]],
    ['an unknown flag', () => ['--frobnicate'], [/frobnicate/, /Unknown argument/i]],
    ['a flag with no value', () => ['--games'], [/games/]],
  ];

  for (const [name, args, patterns] of cases) {
    it(name, async () => {
      const out = join(dir(), `out-${name.replace(/\W+/g, '-')}`);
      const r = await runMain(['run', ...args(), '--out', out, '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^squadsim: /);
      for (const p of patterns) expect(r.stderr).toMatch(p);
      expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(existsSync(out)).toBe(false);
    });
  }

  it('an unknown command', async () => {
    const r = await runMain(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/frobnicate/);
  });

  it('no command', async () => {
    const r = await runMain([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/command/);
  });
});
