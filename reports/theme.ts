/** Shared look of every chart: sizes, fonts and the side colours, so charts read as one report. */
import type { Config } from 'vega-lite';

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Width of a full-width chart and of one panel of a two-panel chart, in pixels. */
export const WIDE = 620;
export const PANEL = 300;
/** One of two panels that share an axis (labels drawn once). */
export const HALF = 250;
/** One small-multiple panel (one per unit type) and panels per row: 4 × 125 px fit an 800 px window. */
export const SMALL = 125;
export const SMALL_COLUMNS = 4;

/** Side 0 blue, side 1 red, draws grey (colour-blind safe pair from the Tableau palette). */
export const SIDE_COLOURS = ['#4c78a8', '#e45756'];
export const DRAW_COLOUR = '#9d9d9d';

export const CONFIG: Config = {
  font: 'Helvetica, Arial, sans-serif',
  background: 'white',
  padding: 8,
  title: { fontSize: 15, anchor: 'start', offset: 10, subtitleFontSize: 12, subtitleColor: '#555' },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', orient: 'bottom', direction: 'horizontal' },
  header: { labelFontSize: 12, titleFontSize: 12 },
  view: { stroke: null },
};

/** A colour scale mapping the two side names (and optionally "draw") to the report colours. */
export function sideScale(sides: readonly string[], withDraw = false): { domain: string[]; range: string[] } {
  return { domain: [...sides, ...(withDraw ? ['draw'] : [])], range: [...SIDE_COLOURS, ...(withDraw ? [DRAW_COLOUR] : [])] };
}

/** Line colour by side (the side colours, stroke legend): every chart with a line per side. */
export function sideColour(r: { sides: readonly string[] }) {
  return { field: 'side', type: 'nominal' as const, title: null, sort: [...r.sides], scale: sideScale(r.sides), legend: { symbolType: 'stroke', symbolStrokeWidth: 3, symbolOpacity: 1 } };
}

/** Small multiples, one panel per unit type, titled with the type's full name. */
export function typeFacet(types: readonly string[]) {
  return { facet: { field: 'type', type: 'nominal' as const, sort: [...types], title: null, header: { labelFontSize: 12, labelLimit: SMALL * 1.3 } }, columns: SMALL_COLUMNS };
}

export const pct = (x: number | null | undefined, digits = 1): string => (x == null ? '' : `${(x * 100).toFixed(digits)}%`);
export const num = (x: number | null | undefined, digits = 2): string => (x == null ? '' : x.toFixed(digits));
