/**
 * Reads and checks a results document (`squadsim.results/1`) for analysis. Works for any
 * ruleset: only the standard blocks are required; optional blocks (engine/ruleset.ts
 * BLOCK) are checked when present. Bad input is a ConfigError (exit 2).
 */
import { ConfigError } from '../engine/errors.ts';
import { BLOCK } from '../engine/ruleset.ts';
import { readResults, type ResultsDoc } from '../resultsdoc/format.ts';

/** One accumulator block, flattened row-major. */
export interface Block {
  name: string;
  dims: number[];
  labels: string[][] | null;
  values: number[];
}

/** A checked results document with its blocks flattened for lookup. */
export interface Results {
  doc: ResultsDoc;
  games: number;
  sides: [string, string];
  steps: number;
  /** Time unit of the lethality curves ("turn", "round", "card"). */
  unit: string;
  stepLabels: string[];
  blocks: Map<string, Block>;
}

/** Reads `path` and checks it; throws ConfigError on anything analysis cannot use. */
export function loadResults(path: string): Results {
  return checkResults(readResults(path), path);
}

/** Checks an already parsed document (tests build tiny ones by hand). */
export function checkResults(doc: ResultsDoc, where = 'results'): Results {
  const games = doc.games;
  if (!Number.isSafeInteger(games) || games < 1) throw new ConfigError(`${where}: games`, games, 'expected a positive integer');
  if (!Array.isArray(doc.layout)) throw new ConfigError(`${where}: layout`, doc.layout, 'expected an array of blocks');
  if (!doc.accumulators || typeof doc.accumulators !== 'object') throw new ConfigError(`${where}: accumulators`, doc.accumulators, 'expected an object of blocks');
  const blocks = new Map<string, Block>();
  doc.layout.forEach((b, i) => {
    if (!b || typeof b.name !== 'string') throw new ConfigError(`${where}: layout[${i}].name`, b?.name, 'expected a block name');
    const path = `${where}: layout.${b.name}`;
    if (!Array.isArray(b.dims) || !b.dims.every((d) => Number.isSafeInteger(d) && d >= 0)) throw new ConfigError(`${path}.dims`, b.dims, 'expected an array of sizes');
    if (b.labels != null && (!Array.isArray(b.labels) || b.labels.length !== b.dims.length || b.labels.some((l, k) => !Array.isArray(l) || l.length !== b.dims[k]))) {
      throw new ConfigError(`${path}.labels`, b.labels, `expected one label list per dimension, of lengths ${JSON.stringify(b.dims)}`);
    }
    const values: number[] = [];
    flatten(doc.accumulators[b.name], b.dims, values, `${where}: accumulators.${b.name}`);
    blocks.set(b.name, { name: b.name, dims: b.dims, labels: b.labels ?? null, values });
  });

  const need = (name: string, dims: (number | null)[]): Block => {
    const b = blocks.get(name);
    if (!b) throw new ConfigError(`${where}: layout`, name, 'is missing; every results document has the standard blocks');
    checkDims(b, dims, where);
    return b;
  };
  need(BLOCK.outcome, [3]);
  need(BLOCK.vp, [2]);
  need(BLOCK.vpSq, [2]);
  need(BLOCK.startingPoints, [2]);
  const steps = need(BLOCK.casualties, [2, null]).dims[1];
  need(BLOCK.survivingPoints, [2, steps]);
  const outcome = blocks.get(BLOCK.outcome)!.values;
  if (outcome[0] + outcome[1] + outcome[2] !== games) throw new ConfigError(`${where}: accumulators.outcome`, outcome, `expected wins and draws adding up to games (${games})`);

  for (const name of [BLOCK.casualtiesSq, BLOCK.cumCasualtiesSq, BLOCK.survivingPointsSq]) if (blocks.has(name)) need(name, [2, steps]);
  let types: number | null = null;
  for (const name of [BLOCK.typeFielded, BLOCK.typePoints, BLOCK.typePointsLost, BLOCK.typeKills]) {
    if (blocks.has(name)) types = need(name, [2, types]).dims[1];
  }
  for (const name of [BLOCK.typeCasualties, BLOCK.typePointsLostSteps]) if (blocks.has(name)) types = need(name, [2, types, steps]).dims[1];
  if (blocks.has(BLOCK.marginHist)) need(BLOCK.marginHist, [null]);

  const sideNames = doc.summary?.sides?.map((s) => s?.name);
  const labels = blocks.get(BLOCK.outcome)!.labels?.[0];
  const sides: [string, string] = [String(sideNames?.[0] ?? labels?.[0] ?? 'side 1'), String(sideNames?.[1] ?? labels?.[1] ?? 'side 2')];
  const unit = typeof doc.summary?.lethality?.unit === 'string' ? doc.summary.lethality.unit : 'step';
  const stepLabels = blocks.get(BLOCK.casualties)!.labels?.[1] ?? Array.from({ length: steps }, (_, t) => `${unit} ${t + 1}`);
  return { doc, games, sides, steps, unit, stepLabels, blocks };
}

/** The block, or undefined when the ruleset does not record it. */
export function block(r: Results, name: string): Block | undefined {
  return r.blocks.get(name);
}

/** Type labels (labels[1]) of a [2, K, ...] block, defaulting to "type 1".. */
export function typeLabels(b: Block): string[] {
  return b.labels?.[1] ?? Array.from({ length: b.dims[1] }, (_, k) => `type ${k + 1}`);
}

function checkDims(b: Block, dims: (number | null)[], where: string): void {
  const ok = b.dims.length === dims.length && dims.every((d, k) => d === null || d === b.dims[k]);
  if (!ok) throw new ConfigError(`${where}: layout.${b.name}.dims`, b.dims, `expected ${JSON.stringify(dims.map((d) => d ?? 'any'))}`);
}

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
