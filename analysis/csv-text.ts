/**
 * CSV text of an arquero table with snake_case column names, the style of every CSV squadsim
 * writes (`export` tables, report, compare and sweep side files), so an analyst's code reads
 * `step_label` everywhere instead of `stepLabel` in some files.
 */
import type { ColumnTable } from 'arquero';

/** "stepLabel" → "step_label", "killsPer100Cost" → "kills_per_100_cost"; snake_case ("side0_win_rate") stays. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z])([0-9]+)([A-Z])/g, '$1_$2_$3') // "Per100Cost": a number inside a camel name is a word
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2') // but "side0" (snake_case already) keeps its digit
    .toLowerCase();
}

export function csvText(t: ColumnTable): string {
  const names = t.columnNames();
  const renamed = Object.fromEntries(names.map((n) => [n, snakeCase(n)]));
  return t.rename(renamed).toCSV() + '\n';
}
