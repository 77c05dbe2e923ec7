/** Renders a Vega-Lite spec to an SVG string headless (no browser, no canvas needed). */
import type { Chart } from './chart.ts';

export async function renderSvg(chart: Chart): Promise<string> {
  // Loaded on first use: vega is large, and every other command would pay for it at start-up.
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new vega.View(vega.parse(compile(chart.spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
