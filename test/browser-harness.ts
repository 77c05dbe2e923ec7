/**
 * Opens a squadsim HTML page (reports/page.ts) in headless Chromium (Debian's
 * /usr/bin/chromium, or SQUADSIM_CHROMIUM) with every network request blocked, waits for
 * every chart to render, and returns what a person would see: each chart's marks and size,
 * console problems, blocked requests, the page width. Saves a screenshot when asked.
 *
 * Without Chromium the callers skip their browser tests (SKIP_BROWSER), and this module says
 * so in one loud line, so `npm test` passes on a fresh clone. SQUADSIM_REQUIRE_BROWSER=1 (set
 * by .ci/run) makes a missing Chromium a failure instead; SQUADSIM_SKIP_BROWSER=1 skips them
 * even when Chromium is there.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { HANG_MS } from './limits.ts';

export const CHROMIUM = process.env.SQUADSIM_CHROMIUM || '/usr/bin/chromium';
/** CI: a missing Chromium fails the browser tests instead of skipping them. */
export const REQUIRE_BROWSER = process.env.SQUADSIM_REQUIRE_BROWSER === '1';
const asked = process.env.SQUADSIM_SKIP_BROWSER === '1';
const missing = !existsSync(CHROMIUM);
/** The callers' browser tests skip when this holds (it.skipIf / describe.skipIf). */
export const SKIP_BROWSER = asked || (missing && !REQUIRE_BROWSER);
if (SKIP_BROWSER) {
  console.warn(
    `SKIPPED: this file's headless-Chromium tests (${asked ? 'SQUADSIM_SKIP_BROWSER=1' : `no Chromium at ${CHROMIUM}`}). ` +
      'To run them: `sudo apt-get install chromium` (or SQUADSIM_CHROMIUM=/path/to/chromium); SQUADSIM_REQUIRE_BROWSER=1 (.ci/run) makes a missing one a failure.',
  );
}

/** The window the pages are checked in: a laptop's half screen, where a designer reads them beside a config. */
export const VIEW_WIDTH = 800;

export interface PageCheck {
  problems: string[];
  blocked: string[];
  state: { expected: number; rendered: number; errors: string[] };
  charts: { id: string | null; rendered: string | null; svgs: number; marks: number; width: number; height: number }[];
  pageWidth: number;
}

export async function checkPage(html: string, screenshot?: string): Promise<PageCheck> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}${REQUIRE_BROWSER ? ' and SQUADSIM_REQUIRE_BROWSER=1 says it must be there' : ''}. ` +
        'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or point SQUADSIM_CHROMIUM at a Chromium binary.',
    );
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage({ viewport: { width: VIEW_WIDTH, height: 900 } });
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
    await page.waitForSelector('body[data-ready="true"]', { timeout: HANG_MS });
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
    const state = await page.evaluate(() => (window as unknown as { squadsimReport: PageCheck['state'] }).squadsimReport);
    if (screenshot) {
      mkdirSync(dirname(screenshot), { recursive: true });
      await page.screenshot({ path: screenshot, fullPage: true });
    }
    return { problems, blocked, state, charts, pageWidth };
  } finally {
    await browser.close();
  }
}
