/**
 * What every reader of a results document (report, export, check, merge) may rely on,
 * checked once: the fields' types, accumulators shaped exactly by the layout, and the
 * invariants of any run: the outcome block adds up to the games played, a shard's range
 * lies inside its run, the per-game rows have one row per game. Generic over the layout:
 * no block is named but `outcome`. Bad input is a ConfigError naming the field (exit 2).
 */
import { playedSchema } from './summary-schema.ts';
import { z } from 'zod';
import { ConfigError } from '../engine/errors.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { checkSideNames, parseOrThrow, PRINTABLE, PRINTABLE_TEXT } from '../engine/validate.ts';
import { RESULTS_SCHEMA, type ResultsDoc } from './format.ts';
import { GAME_ROWS_FORMAT } from './game-rows.ts';
import { readJsonFile } from './read-json.ts';
import { checkSeal } from './seal.ts';

/** One accumulator block, flattened row-major. */
export interface Block {
  name: string;
  dims: number[];
  labels: string[][] | null;
  values: number[];
}

const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

const docSchema = z.looseObject({
  schema: z.literal(RESULTS_SCHEMA),
  version: z.string(),
  ruleset: z.string(),
  seed: z.number().int().min(0).max(0xffffffff),
  games: positive,
  chunkGames: positive,
  configHash: z.string(),
  config: z.unknown(),
  summary: z.looseObject({
    sides: z.tuple([z.looseObject({ name: z.string() }), z.looseObject({ name: z.string() })]),
    elapsedSeconds: z.number().finite().nonnegative(),
    // Reports print it: a damaged one is bad input (exit 2), not a crash.
    played: playedSchema.optional(),
  }),
  layout: z.array(z.strictObject({ name: z.string().min(1), dims: z.array(count).max(8), labels: z.array(z.array(z.string())).nullable(), doc: z.string().nullable() })).min(1),
  accumulators: z.record(z.string(), z.unknown()),
  targetError: z.strictObject({ target: z.number().gt(0).lt(1), minGames: positive, maxGames: positive, halfWidth: z.tuple([z.number(), z.number()]), reached: z.boolean() }).optional(),
  shard: z.strictObject({ index: positive, count: positive, totalGames: positive, firstGame: count, games: positive }).optional(),
  gameRows: z
    .strictObject({
      // A bare file name beside results.json: never a path elsewhere.
      file: z.string().regex(/^(?!\.\.?$)[^/\\]+$/, 'must be a file name beside results.json, without folders'),
      format: z.literal(GAME_ROWS_FORMAT),
      columns: z.array(z.string().min(1)).min(1),
      labels: z.record(z.string(), z.array(z.string())),
      count,
      sha256: z.string(),
    })
    .optional(),
  integrity: z.string().optional(),
});

/**
 * Reads a results document (`squadsim.results/2`), checking its integrity hash and then
 * validateResultsDoc; bad input is a ConfigError (exit 2).
 */
export function readResults(path: string): ResultsDoc {
  const doc = readJsonFile(path, { field: 'results', allowed: 'expected a readable results JSON file' });
  const schema = (doc as { schema?: unknown } | null)?.schema;
  if (schema === 'squadsim.results/1') throw new ConfigError(`${path}: schema`, schema, `expected ${JSON.stringify(RESULTS_SCHEMA)}: this file was written by an older squadsim; run it again`);
  if (schema !== RESULTS_SCHEMA) throw new ConfigError(`${path}: schema`, schema, `expected ${JSON.stringify(RESULTS_SCHEMA)} (a results.json written by \`squadsim run --out\` or \`merge\`)`);
  checkSeal(doc, 'results', path, 'a results document');
  validateResultsDoc(doc, path);
  return doc as ResultsDoc;
}

/**
 * Checks a parsed results document (`where` prefixes field paths, e.g. the file name) and
 * returns its blocks, flattened. The integrity hash is the file reader's (readResults).
 */
export function validateResultsDoc(doc: unknown, where = 'results'): Map<string, Block> {
  let d: ResultsDoc;
  try {
    d = parseOrThrow(docSchema, doc) as unknown as ResultsDoc;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw new ConfigError(`${where}: ${e.path}`, e.value, e.allowed);
  }
  const at = (field: string): string => `${where}: ${field}`;
  checkResultsText(doc as Record<string, unknown>, where);

  const blocks = new Map<string, Block>();
  for (const b of d.layout) {
    if (blocks.has(b.name)) throw new ConfigError(at(`layout.${b.name}`), b.name, 'appears twice; each block once');
    if (b.labels !== null && (b.labels.length !== b.dims.length || b.labels.some((l, k) => l.length !== b.dims[k]))) {
      throw new ConfigError(at(`layout.${b.name}.labels`), b.labels, `expected one label list per dimension, of lengths ${JSON.stringify(b.dims)}`);
    }
    const values: number[] = [];
    flatten(d.accumulators[b.name], b.dims, values, at(`accumulators.${b.name}`));
    blocks.set(b.name, { name: b.name, dims: b.dims, labels: b.labels, values });
  }
  for (const name of Object.keys(d.accumulators)) if (!blocks.has(name)) throw new ConfigError(at(`accumulators.${name}`), name, 'is not a block of the layout');

  const outcome = blocks.get(BLOCK.outcome);
  if (!outcome) throw new ConfigError(at('layout'), BLOCK.outcome, 'is missing; every results document has the outcome block');
  if (!outcome.values.every((v) => Number.isSafeInteger(v) && v >= 0)) throw new ConfigError(at('accumulators.outcome'), outcome.values, 'expected counts of games');
  const played = outcome.values.reduce((a, v) => a + v, 0);
  if (played !== d.games) throw new ConfigError(at('accumulators.outcome'), outcome.values, `expected wins and draws adding up to games (${d.games})`);

  const s = d.shard;
  if (s) {
    const chunks = Math.ceil(s.totalGames / d.chunkGames);
    const ok = s.index <= s.count && s.count <= chunks && s.games === d.games && s.firstGame % d.chunkGames === 0 && s.firstGame + s.games <= s.totalGames;
    if (!ok) throw new ConfigError(at('shard'), s, `expected shard K of N (N at most ${chunks}) playing ${d.games} games from a chunk boundary inside the run's ${s.totalGames}`);
  }
  const t = d.targetError;
  if (t && !(t.minGames <= t.maxGames && d.games <= t.maxGames)) throw new ConfigError(at('targetError'), t, `expected minGames <= maxGames and games (${d.games}) <= maxGames`);
  const rows = d.gameRows;
  if (rows) {
    if (rows.count !== d.games) throw new ConfigError(at('gameRows.count'), rows.count, `expected one row per game (${d.games})`);
    const unknown = Object.keys(rows.labels).find((c) => !rows.columns.includes(c));
    if (unknown !== undefined) throw new ConfigError(at(`gameRows.labels.${unknown}`), unknown, 'is not one of gameRows.columns');
  }
  return blocks;
}

/**
 * The text every reader refuses: a string outside the config and the accumulators that is
 * not printable (each ends up in a report, chart or CSV file), or side names that clash.
 * `run` runs this same check on the labels of the document it will write, before playing
 * (sim/result-labels.ts), so it never writes results its readers refuse. `where` prefixes
 * the field paths ('' for none).
 */
export function checkResultsText(doc: Record<string, unknown>, where: string): void {
  checkPrintable(doc, where);
  const sides = (doc.summary as { sides?: { name?: unknown }[] } | undefined)?.sides;
  if (Array.isArray(sides)) checkSideNames(sides.map((s) => String(s?.name)), [where ? `${where}: summary` : 'summary', 'sides']);
}

/** Every string outside the config ends up in a report, chart or CSV file: printable only. */
function checkPrintable(doc: Record<string, unknown>, where: string): void {
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') {
      if (!PRINTABLE.test(v)) throw new ConfigError(where ? `${where}: ${path}` : path, v, `expected ${PRINTABLE_TEXT}`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  for (const [k, v] of Object.entries(doc)) if (k !== 'config' && k !== 'accumulators') walk(v, k);
}

/** Appends the numbers of a nested array shaped `dims` to `out`; anything else is a ConfigError. */
function flatten(v: unknown, dims: number[], out: number[], path: string): void {
  if (dims.length === 0) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigError(path, v, 'expected a finite number');
    out.push(v);
    return;
  }
  if (!Array.isArray(v) || v.length !== dims[0]) throw new ConfigError(path, Array.isArray(v) ? `array of ${v.length}` : v, `expected an array of ${dims[0]}`);
  const rest = dims.slice(1);
  v.forEach((x, i) => flatten(x, rest, out, `${path}[${i}]`));
}
