/**
 * The CSV tables of `squadsim export` (columns documented in docs/csv.md), as a column
 * list plus rows of plain values. Pure: the CLI reads files and streams rows to csv-stringify.
 * Values are per-game means unless a name says otherwise; a cell whose input block the
 * ruleset does not record is empty (null).
 */
import { ConfigError } from '../engine/errors.ts';
import { BLOCK, slug } from '../engine/tally-plan.ts';
import { wilson } from '../engine/stats.ts';
import { block, typeLabels, type Results } from './load.ts';

export type Cell = string | number | null;

export interface CsvTable {
  columns: readonly string[];
  rows: Iterable<Cell[]>;
}

/** The tables, by their generic names: per game, per side × time bin, per side × unit type. */
export const EXPORT_TABLES = ['games', 'steps', 'units', 'rules'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/**
 * Every name `--table` accepts for a results document: the generic names, the ruleset's
 * own nouns (NCO: turns, soldiers; Iron Squad: rounds, units) and the old NCO names
 * (turns, soldiers), which stay as aliases for every ruleset.
 */
export function tableNames(r: Results): Record<string, ExportTable> {
  return { games: 'games', steps: 'steps', units: 'units', rules: 'rules', turns: 'steps', soldiers: 'units', [slug(r.nouns.steps)]: 'steps', [slug(r.nouns.units)]: 'units' };
}

export function stepColumns(r: Results): string[] {
  const v = slug(r.nouns.value);
  return ['side', 'type', 'step', 'step_label', 'casualties', 'casualties_sd', 'cum_casualties', 'cum_casualties_sd', `surviving_${v}`, `surviving_${v}_sd`, 'surviving_share', 'fielded', 'cum_lost_share'];
}

export function unitColumns(r: Results): string[] {
  const v = slug(r.nouns.value);
  return ['side', 'type', 'fielded', v, `${v}_share`, 'casualties', 'casualty_rate', 'casualty_rate_lo', 'casualty_rate_hi', `${v}_lost`, 'loss_rate', 'kills', `kills_per_${v}`, `kills_per_100_${v}`];
}

/** Per-game standard deviation from a sum and a sum of squares over n games; null without them. */
export function sdFromSums(sum: number, sumSq: number | null | undefined, n: number): number | null {
  if (sumSq === null || sumSq === undefined || n < 2) return null;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
}

/**
 * `steps` (NCO: `turns`): one row per side × time bin with type "all" (every unit of the
 * side), then, when typeCasualties is recorded, one row per side × unit type fielded × bin.
 */
export function stepsTable(r: Results): CsvTable {
  const n = r.games, S = r.steps;
  const cas = block(r, BLOCK.casualties)!.values, surv = block(r, BLOCK.survivingValue)!.values;
  const start = block(r, BLOCK.startingValue)!.values;
  const casSq = block(r, BLOCK.casualtiesSq)?.values, cumSq = block(r, BLOCK.cumCasualtiesSq)?.values;
  const survSq = block(r, BLOCK.survivingValueSq)?.values;
  const fieldedB = block(r, BLOCK.typeFielded), tc = block(r, BLOCK.typeCasualties);
  const rows: Cell[][] = [];
  for (let s = 0; s < 2; s++) {
    let sideFielded: number | null = null;
    if (fieldedB) {
      const K = fieldedB.dims[1];
      sideFielded = 0;
      for (let k = 0; k < K; k++) sideFielded += fieldedB.values[s * K + k];
    }
    let cum = 0;
    for (let t = 0; t < S; t++) {
      const i = s * S + t;
      cum += cas[i];
      rows.push([
        r.sides[s], 'all', t + 1, r.stepLabels[t],
        cas[i] / n, sdFromSums(cas[i], casSq?.[i], n), cum / n, sdFromSums(cum, cumSq?.[i], n),
        surv[i] / n, sdFromSums(surv[i], survSq?.[i], n), start[s] > 0 ? surv[i] / start[s] : null,
        sideFielded === null ? null : sideFielded / n, sideFielded ? cum / sideFielded : null,
      ]);
    }
  }
  if (tc) {
    const names = typeLabels(tc), K = tc.dims[1];
    for (let s = 0; s < 2; s++) {
      for (let k = 0; k < K; k++) {
        const base = (s * K + k) * S;
        const fielded = fieldedB ? fieldedB.values[s * K + k] : null;
        let total = 0;
        for (let t = 0; t < S; t++) total += tc.values[base + t];
        if (fielded === 0 || (fielded === null && total === 0)) continue; // not in this side's roster
        let cum = 0;
        for (let t = 0; t < S; t++) {
          cum += tc.values[base + t];
          rows.push([
            r.sides[s], names[k], t + 1, r.stepLabels[t],
            tc.values[base + t] / n, null, cum / n, null, null, null, null,
            fielded === null ? null : fielded / n, fielded ? cum / fielded : null,
          ]);
        }
      }
    }
  }
  return { columns: stepColumns(r), rows };
}

/** `units` (NCO: `soldiers`): one row per side × unit type the side fielded. Needs typeFielded or typeCost. */
export function unitsTable(r: Results): CsvTable {
  const fieldedB = block(r, BLOCK.typeFielded), pointsB = block(r, BLOCK.typeCost);
  const base = fieldedB ?? pointsB;
  if (!base) throw new ConfigError('--table', 'units', `needs per-${r.nouns.unit}-type blocks (${BLOCK.typeFielded} or ${BLOCK.typeCost}), which this ${r.doc.ruleset} results document does not record`);
  const names = typeLabels(base), K = base.dims[1], n = r.games, S = r.steps;
  const v = (name: string): number[] | null => block(r, name)?.values ?? null;
  const fielded = fieldedB?.values ?? null, points = pointsB?.values ?? null;
  const lost = v(BLOCK.typeCostLost), kills = v(BLOCK.typeKills), tc = v(BLOCK.typeCasualties);
  const rows: Cell[][] = [];
  for (let s = 0; s < 2; s++) {
    let sidePoints = 0;
    if (points) for (let k = 0; k < K; k++) sidePoints += points[s * K + k];
    for (let k = 0; k < K; k++) {
      const i = s * K + k;
      if ((fielded ? fielded[i] : 0) === 0 && (points ? points[i] : 0) === 0) continue;
      let dead: number | null = null;
      if (tc) {
        dead = 0;
        for (let t = 0; t < S; t++) dead += tc[i * S + t];
      }
      const rate = fielded && dead !== null && fielded[i] > 0 ? dead / fielded[i] : null;
      const [lo, hi] = rate === null ? [null, null] : wilson(dead!, fielded![i]);
      const p = points ? points[i] : null;
      rows.push([
        r.sides[s], names[k], fielded ? fielded[i] / n : null, p === null ? null : p / n, p !== null && sidePoints > 0 ? p / sidePoints : null,
        dead === null ? null : dead / n, rate, lo, hi,
        lost ? lost[i] / n : null, lost && p ? lost[i] / p : null,
        kills ? kills[i] / n : null, kills && p ? kills[i] / p : null, kills && p ? (100 * kills[i]) / p : null,
      ]);
    }
  }
  return { columns: unitColumns(r), rows };
}

export interface GameRowsMeta {
  columns: readonly string[];
  labels: Readonly<Record<string, readonly string[]>>;
}

/**
 * `games`: the stored per-game rows, batch by batch, with coded columns (e.g. winner)
 * written as their labels. `batches` are row-major Float64Arrays of whole rows (a reader
 * may reuse one buffer: each batch is consumed before the next is read).
 */
export function gamesTable(meta: GameRowsMeta, batches: Iterable<Float64Array>): CsvTable {
  const width = meta.columns.length;
  const codes = meta.columns.map((c) => meta.labels[c] ?? null);
  function* rows(): Generator<Cell[]> {
    for (const b of batches) {
      for (let off = 0; off < b.length; off += width) {
        const row: Cell[] = new Array(width);
        for (let c = 0; c < width; c++) {
          const x = b[off + c], labels = codes[c];
          row[c] = Number.isNaN(x) ? null : labels ? (labels[x] ?? x) : x;
        }
        yield row;
      }
    }
  }
  return { columns: meta.columns, rows: rows() };
}
