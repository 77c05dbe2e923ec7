import { RULES_BLOCK, rulesTable } from '../analysis/rules-in-play.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { gamesTable, stepsTable, tableNames, unitsTable, type Cell, type CsvTable, type ExportTable } from '../analysis/export.ts';
import { loadResults, type Results } from '../analysis/load.ts';
import { openAtomicStream, writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import * as aq from 'arquero';
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { GAME_ROWS_FORMAT, gameRowsPath, readGameRows, type GameRowsInfo } from '../resultsdoc/game-rows.ts';

interface ExportArgs {
  results: string;
  table: string;
  out?: string;
  format: string;
}

function builder(y: Argv): Argv<ExportArgs> {
  return y
    .positional('results', { type: 'string', describe: 'a results.json written by `squadsim run --out`', demandOption: true })
    .option('table', { alias: 't', type: 'string', demandOption: true, describe: "games: one row per game (needs run --record games); steps: side × time step (× unit type); units: side × unit type. The ruleset's own names work too (NCO: turns, soldiers; Iron Squad: rounds, units)", requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: 'write the table to FILE (atomically) instead of stdout', requiresArg: true })
    .option('format', { alias: 'f', type: 'string', choices: ['csv', 'arrow', 'parquet'], default: 'csv', describe: 'csv; arrow: an Apache Arrow IPC file (pandas, polars, DuckDB with its arrow extension); parquet: a Parquet file (pandas, polars, DuckDB natively). arrow and parquet need --out', requiresArg: true })
    .example('$0 export out/results.json --table games --format parquet --out games.parquet', 'millions of per-game rows for pandas / polars / DuckDB')
    .example('$0 export out/results.json --table turns > turns.csv', 'lethality per turn')
    .example('$0 export out/results.json --table games --out games.csv', 'per-game rows (run with --record games)') as unknown as Argv<ExportArgs>;
}

/** Checks the per-game rows exist and are whole before any output, so a failure writes nothing. */
function gameRowsOf(r: Results, resultsPath: string): GameRowsInfo {
  const info = r.doc.gameRows;
  if (!info) throw new ConfigError('--table', 'games', `needs per-game rows, which ${resultsPath} does not have: rerun with \`squadsim run --record games --out DIR\``);
  const ok = info.format === GAME_ROWS_FORMAT && typeof info.file === 'string' && Array.isArray(info.columns) && info.columns.length > 0 && Number.isSafeInteger(info.count);
  if (!ok) throw new ConfigError(`${resultsPath}: gameRows`, info, `expected { file, format: "${GAME_ROWS_FORMAT}", columns, labels, count }`);
  gameRowsPath(resultsPath, info);
  return info;
}

/** The generic table a --table name means for these results; anything else is bad input (exit 2). */
export function resolveTable(r: Results, name: string): ExportTable {
  const names = tableNames(r);
  if (!Object.prototype.hasOwnProperty.call(names, name)) throw new ConfigError('--table', name, `expected one of ${Object.keys(names).map((n) => JSON.stringify(n)).join(', ')}`);
  return names[name];
}

export function exportTable(r: Results, resultsPath: string, table: ExportTable): CsvTable {
  if (table === 'steps') return stepsTable(r);
  if (table === 'rules') {
    if (!r.blocks.has(RULES_BLOCK)) throw new ConfigError('--table', 'rules', `needs a ruleset that counts its rules (a ${RULES_BLOCK} block); ${r.doc.ruleset} does not`);
    return rulesTable(r);
  }
  if (table === 'units') return unitsTable(r);
  const info = gameRowsOf(r, resultsPath);
  return gamesTable({ columns: info.columns, labels: info.labels ?? {} }, readGameRows(resultsPath, info));
}

async function handler(argv: ArgumentsCamelCase<ExportArgs>): Promise<void> {
  if (argv.format !== 'csv' && argv.out === undefined) throw new ConfigError('--format', argv.format, `needs --out FILE: an ${argv.format === 'arrow' ? 'Arrow' : 'Parquet'} file is binary, not for a terminal`);
  const r = loadResults(argv.results);
  const table = exportTable(r, argv.results, resolveTable(r, argv.table));
  if (argv.format === 'arrow') return writeBinary(argv.out!, aq.table(columnsOf(table)).toArrowIPC());
  if (argv.format === 'parquet') return writeBinary(argv.out!, parquetBytes(table));
  const csv = stringify({ header: true, columns: [...table.columns] });
  const source = Readable.from(table.rows);
  if (argv.out === undefined) {
    try {
      await pipeline(source, csv, process.stdout, { end: false });
    } catch (e) {
      // `squadsim export ... | head`: the reader left; that is not an error.
      if ((e as NodeJS.ErrnoException).code !== 'EPIPE') throw e;
    }
    return;
  }
  let file;
  try {
    file = openAtomicStream(argv.out);
  } catch (e) {
    throw new ConfigError('--out', argv.out, `expected a writable file path (${(e as Error).message})`);
  }
  try {
    await pipeline(source, csv, file.stream);
    file.commit();
  } catch (e) {
    file.abort();
    if ((e as NodeJS.ErrnoException).code) throw new ConfigError('--out', argv.out, `expected a writable file path (${(e as Error).message})`);
    throw e;
  }
}

/** The table transposed into one array per column (Arrow and Parquet are columnar). */
function columnsOf(table: CsvTable): Record<string, Cell[]> {
  const cols: Record<string, Cell[]> = Object.fromEntries(table.columns.map((c) => [c, []]));
  for (const row of table.rows) table.columns.forEach((c, k) => cols[c].push(row[k]));
  return cols;
}

/**
 * The table as one Parquet file (hyparquet-writer, Snappy): a column holding any text is
 * STRING, every other column a nullable DOUBLE, as in the Arrow file (arquero's toArrowIPC).
 */
function parquetBytes(table: CsvTable): Uint8Array {
  const cols = columnsOf(table);
  const columnData: ColumnSource[] = table.columns.map((name) => {
    const data = cols[name];
    const text = data.some((v) => typeof v === 'string');
    return { name, data: text ? data.map((v) => (v === null ? null : String(v))) : data, type: text ? 'STRING' : 'DOUBLE', nullable: true };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData, createdBy: 'squadsim' }));
}

/** A binary table file (Arrow IPC or Parquet), written atomically. */
function writeBinary(out: string, bytes: Uint8Array): void {
  try {
    writeFileAtomic(out, bytes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code) throw new ConfigError('--out', out, `expected a writable file path (${(e as Error).message})`);
    throw e;
  }
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export <results>',
  describe: 'write a results table as CSV, Apache Arrow or Parquet (columns: docs/csv.md)',
  builder,
  handler,
};
