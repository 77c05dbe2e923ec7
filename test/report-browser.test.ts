/**
 * Opens report.html in headless Chromium (Debian's /usr/bin/chromium, or SQUADSIM_CHROMIUM)
 * with every network request blocked, and checks that each chart rendered its marks with
 * no console errors or warnings. Saves a screenshot to test-output/report.png.
 * Without Chromium it skips with one loud line (test/browser-harness.ts), unless
 * SQUADSIM_REQUIRE_BROWSER=1 (.ci/run), which makes that a failure.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';
import { tinyBalance } from './results-fixture.ts';
import { checkPage, SKIP_BROWSER as SKIP, VIEW_WIDTH } from './browser-harness.ts';

const SHOT = join(ROOT, 'test-output', 'report.png');
const CHARTS = ['win-rates', 'score-margins', 'win-classes', 'lethality', 'value-held', 'spread', 'game-length', 'end-cause', 'type-lethality', 'type-cost', 'cost-effectiveness', 'fair-cost'];

describe.skipIf(SKIP)('report.html in headless Chromium', () => {
  // In the skipped describe, so a skip runs no hooks at all.
  const { cli, dir } = cliSandbox('squadsim-browser-');
  let html: string;

  beforeAll(() => {
    const tmp = dir();
    const run = (args: string[]): void => {
      const r = cli(args);
      if (r.code !== 0) throw new Error(`squadsim ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    };
    run(['run', '--games', '400', '--workers', '0', '--seed', '11', '--out', 'nco']);
    writeFileSync(join(tmp, 'balance.json'), JSON.stringify(tinyBalance('nco')));
    run(['report', join(tmp, 'nco', 'results.json'), '--out', 'report', '--balance', join(tmp, 'balance.json')]);
    html = join(tmp, 'report', 'report.html');
  });

  it('renders every chart offline, with no console errors', async () => {
    const { problems, blocked, state, charts, pageWidth } = await checkPage(html, SHOT);
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    expect(state).toEqual({ expected: CHARTS.length, rendered: CHARTS.length, errors: [] });
    expect(charts.map((c) => c.id)).toEqual(CHARTS);
    for (const c of charts) {
      expect(c.rendered, c.id!).toBe('true');
      expect(c.svgs, c.id!).toBe(1);
      expect(c.marks, c.id!).toBeGreaterThan(2);
      expect(c.height, c.id!).toBeGreaterThan(100);
    }
    expect(pageWidth).toBeLessThanOrEqual(VIEW_WIDTH);
    expect(statSync(SHOT).size).toBeGreaterThan(10_000);
  });
});
