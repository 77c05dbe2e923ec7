import type { TopLevelSpec } from 'vega-lite';

/** One chart of the report: a Vega-Lite spec as plain data, with what it shows. */
export interface Chart {
  /** File-name-safe id: the SVG is written as <id>.svg. */
  id: string;
  title: string;
  /** One or two sentences under the chart in report.html: what it shows and how to read it. */
  description: string;
  spec: TopLevelSpec;
}

/** Plain rows of an arquero table (or of null: none). */
export function rowsOf(t: { objects(): object[] } | null): Record<string, any>[] {
  return t ? (t.objects() as Record<string, any>[]) : [];
}

/** "victory points" → "Victory points". */
export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
