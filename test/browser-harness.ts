/**
 * Opens a squadsim HTML page (reports/page.ts) in headless Chromium (Debian's
 * /usr/bin/chromium, or SQUADSIM_CHROMIUM) with every network request blocked, waits for
 * every chart to render, and returns what a person would see: each chart's marks and size,
 * console problems, blocked requests, the page width. Saves a screenshot when asked.
 * Without Chromium it throws, unless SQUADSIM_SKIP_BROWSER=1 (the callers skip).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.SQUADSIM_CHROMIUM || '/usr/bin/chromium';
export const SKIP_BROWSER = process.env.SQUADSIM_SKIP_BROWSER === '1';

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
      `Chromium not found at ${CHROMIUM}. Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`), ` +
        'point SQUADSIM_CHROMIUM at a Chromium binary, or set SQUADSIM_SKIP_BROWSER=1 to skip this test.',
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
