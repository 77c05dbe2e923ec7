/**
 * Opens report.html in headless Chromium (Debian's /usr/bin/chromium, or SQUADSIM_CHROMIUM)
 * with every network request blocked, and checks that each chart rendered its marks with
 * no console errors or warnings. Saves a screenshot to test-output/report.png.
 * Without Chromium this test fails, unless SQUADSIM_SKIP_BROWSER=1.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { ROOT } from './dist-fresh.ts';
import { tinyBalance } from './results-fixture.ts';

const CHROMIUM = process.env.SQUADSIM_CHROMIUM || '/usr/bin/chromium';
const SKIP = process.env.SQUADSIM_SKIP_BROWSER === '1';
const SHOT = join(ROOT, 'test-output', 'report.png');
const CHARTS = ['win-rates', 'score-margins', 'win-classes', 'lethality', 'value-held', 'type-lethality', 'type-cost', 'cost-effectiveness', 'fair-cost'];

describe.skipIf(SKIP)('report.html in headless Chromium', () => {
  // In the skipped describe, so SQUADSIM_SKIP_BROWSER=1 runs no hooks at all.
  const { cli, dir } = cliSandbox('squadsim-browser-');
  let html: string;

  beforeAll(() => {
    const tmp = dir();
    const run = (args: string[]): void => {
      const r = cli(args);
      if (r.code !== 0) throw new Error(`squadsim ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    };
    run(['run', '--games', '400', '--workers', '0', '--seed', '11', '--out', 'nco']);
    writeFileSync(join(tmp, 'balance.json'), JSON.stringify(tinyBalance()));
    run(['report', join(tmp, 'nco', 'results.json'), '--out', 'report', '--balance', join(tmp, 'balance.json')]);
    html = join(tmp, 'report', 'report.html');
  }, 180_000);

  it('renders every chart offline, with no console errors', async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM}. Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`), ` +
          'point SQUADSIM_CHROMIUM at a Chromium binary, or set SQUADSIM_SKIP_BROWSER=1 to skip this test.',
      );
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const problems: string[] = [];
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => {
        if (!blocked.includes(r.url())) problems.push(`request failed: ${r.url()}`);
      });
      // Offline: anything but the page file itself is refused (and recorded).
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url === pathToFileURL(html).href) return route.continue();
        blocked.push(url);
        return route.abort();
      });
      await page.goto(pathToFileURL(html).href);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });

      const charts = await page.$$eval('.vis', (els) =>
        els.map((el) => ({
          id: el.getAttribute('data-chart'),
          rendered: el.getAttribute('data-rendered'),
          svgs: el.querySelectorAll('svg').length,
          // data marks: items of mark groups (axes, legends and titles are other roles)
          marks: el.querySelectorAll('svg .role-mark > *').length,
          width: el.getBoundingClientRect().width,
          height: el.getBoundingClientRect().height,
        })),
      );
      // Nothing may push the page wider than the window (a horizontal scrollbar).
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const state = await page.evaluate(() => (window as unknown as { squadsimReport: { expected: number; rendered: number; errors: string[] } }).squadsimReport);

      mkdirSync(join(ROOT, 'test-output'), { recursive: true });
      await page.screenshot({ path: SHOT, fullPage: true });

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
      expect(pageWidth).toBeLessThanOrEqual(1100);
      expect(statSync(SHOT).size).toBeGreaterThan(10_000);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
