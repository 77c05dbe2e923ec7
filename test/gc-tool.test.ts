// `node dist/gc.js` (issue 14): the standard set is every shipped game config and nothing
// else, the tool measures and reports, and the verdict (exit code, re-run row) follows
// --limit. The verdict on the shipped configs' numbers is `npm run gc`, not `npm test`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../engine/rulesets/index.ts';
import { loadConfig } from '../sim/config.ts';
import { assertDistFresh, QUICK, ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

const GC = join(ROOT, 'dist', 'gc.js');
const gc = (args: string[]) => spawnSync(process.execPath, [GC, ...args], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS });

describe('gc --list: the standard set', () => {
  let list: string[] = [];
  beforeAll(() => {
    assertDistFresh(GC, ['bench', 'engine', 'sim']);
    const out = gc(['--list']);
    if (out.status !== 0) throw new Error(`gc --list exited ${out.status}: ${out.stderr}`);
    list = out.stdout.trim().split('\n');
  });

  it('holds every ruleset default and the other shipped game configs', () => {
    for (const id of RULESET_IDS) expect(list).toContain(`configs/${id}/default.json`);
    for (let i = 1; i <= 6; i++) expect(list).toContain(`configs/nco/scenarios/s${i}.json`);
    expect(list).toContain('configs/nco/matchups/open-fields-airborne-vs-italian.json');
    expect(list).toContain('configs/owam/missions/chateau.json');
    expect(list).toContain('configs/skill-die/armour.json');
    expect(list).toContain('configs/iron-squad/solo.json');
    expect(new Set(list).size).toBe(list.length);
  });

  it('leaves out results, run plans, presets and the files configs refer to', () => {
    for (const p of list) expect(p).not.toMatch(/\/(baselines|tournaments|sweeps|policies|maps|rosters|armies|boards)\//);
  });

  it('lists only files that load as game configs', () => {
    for (const p of list) expect(() => loadConfig(join(ROOT, p)), p).not.toThrow();
  });
});

describe('gc verdict', () => {
  // No verdict on the numbers here: a quick fixture's young-generation growth is noise on a
  // loaded machine (issue 32: called dirty 1 run in 3 at load 10–13). Whether the shipped
  // configs are clean is `npm run gc` (docs/gc-audit.md); the test checks the tool runs and
  // reports, and that the verdict follows --limit where the numbers cannot decide it.
  it('measures a config and reports its row and a verdict line', () => {
    const out = gc(['--config', QUICK, '--sec', '1', '--warm', '3000', '--games', '4000']);
    expect([0, 1], out.stderr).toContain(out.status);
    expect(out.stdout).toMatch(/^\| config \| games\/s \| steady games \| GC \|/m);
    expect(out.stdout).toMatch(new RegExp(`^\\| ${QUICK.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\| [\\d,]+ \\| 4,000 \\| \\d+ \\|`, 'm'));
    expect(out.stdout).toMatch(out.status === 0 ? /no config\(s\) with GC or more than 128 B\/game/ : /1 config\(s\) with GC/);
  });

  it('exits 1, after a re-run, when the growth limit is exceeded', () => {
    // Growth is never below zero without GC, and GC is dirty too: --limit -1 makes any run dirty.
    const out = gc(['--config', QUICK, '--sec', '1', '--warm', '500', '--games', '2000', '--limit', '-1']);
    expect(out.status, out.stderr).toBe(1);
    expect(out.stdout).toContain(`${QUICK} (re-run)`);
    expect(out.stdout).toContain('1 config(s) with GC');
  });
});
