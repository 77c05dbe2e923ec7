/**
 * Reads and checks a results document for analysis. Works for any ruleset: the standard
 * blocks the engine's tally always records are required; the optional ones (per unit type,
 * margin histogram, win classes: engine/tally-plan.ts BLOCK) are checked when present.
 * The ruleset's nouns (summary.nouns) word every table and chart. Bad input is a
 * ConfigError (exit 2).
 */
import { ConfigError } from '../engine/errors.ts';
import { BLOCK, type Nouns } from '../engine/tally-plan.ts';
import type { ResultsDoc } from '../resultsdoc/format.ts';
import { readResults, validateResultsDoc, type Block } from '../resultsdoc/validate.ts';
import { idWords } from '../engine/played-words.ts';

export type { Block };

/** A checked results document with its blocks flattened for lookup. */
export interface Results {
  doc: ResultsDoc;
  games: number;
  sides: [string, string];
  /** Time bins of the lethality curves (one or more steps each). */
  steps: number;
  /** Time unit of the lethality curves ("turn", "round", "card"). */
  unit: string;
  stepLabels: string[];
  /** True when a bin holds more than one step (labels say which). */
  binned: boolean;
  /** Title of a time axis: the step noun, or "<step> bin" when binned. */
  stepAxis: string;
  /** The ruleset's words: unit(s), value, score, step(s). */
  nouns: Nouns;
  blocks: Map<string, Block>;
  /** Display name of a unit type label (summary.typeNames), or the label in words (idWords). */
  typeName: (label: string) => string;
}

/** Reads `path` and checks it; throws ConfigError on anything analysis cannot use. */
export function loadResults(path: string): Results {
  return checkResults(readResults(path), path);
}

/** Checks an already parsed document (tests build tiny ones by hand). */
export function checkResults(doc: ResultsDoc, where = 'results'): Results {
  const blocks = validateResultsDoc(doc, where);
  const games = doc.games;

  const need = (name: string, dims: (number | null)[]): Block => {
    const b = blocks.get(name);
    if (!b) throw new ConfigError(`${where}: layout`, name, 'is missing; every results document has the standard blocks');
    checkDims(b, dims, where);
    return b;
  };
  need(BLOCK.outcome, [3]);
  need(BLOCK.score, [2]);
  need(BLOCK.scoreSq, [2]);
  need(BLOCK.startingValue, [2]);
  const steps = need(BLOCK.casualties, [2, null]).dims[1];
  need(BLOCK.survivingValue, [2, steps]);

  for (const name of [BLOCK.casualtiesSq, BLOCK.cumCasualtiesSq, BLOCK.survivingValueSq]) need(name, [2, steps]);
  let types: number | null = null;
  for (const name of [BLOCK.typeFielded, BLOCK.typeCost, BLOCK.typeCostLost, BLOCK.typeKills]) {
    if (blocks.has(name)) types = need(name, [2, types]).dims[1];
  }
  for (const name of [BLOCK.typeCasualties, BLOCK.typeCostLostSteps]) if (blocks.has(name)) types = need(name, [2, types, steps]).dims[1];
  if (blocks.has(BLOCK.marginHist)) need(BLOCK.marginHist, [null]);
  if (blocks.has(BLOCK.winClass)) need(BLOCK.winClass, [2, null]);

  const sideNames = doc.summary?.sides?.map((s) => s?.name);
  const labels = blocks.get(BLOCK.outcome)!.labels?.[0];
  const sides: [string, string] = [String(sideNames?.[0] ?? labels?.[0] ?? 'side 1'), String(sideNames?.[1] ?? labels?.[1] ?? 'side 2')];
  const nouns = readNouns(doc.summary?.nouns, where);
  const unit = nouns.step;
  const stepLabels = blocks.get(BLOCK.casualties)!.labels?.[1] ?? Array.from({ length: steps }, (_, t) => `${unit} ${t + 1}`);
  const binned = stepLabels.some((l) => !l.startsWith(`${unit} `));
  const names = doc.summary?.typeNames ?? {};
  // Without the ruleset's names, an id still reads as words in a chart ("bolt_rifle" → "Bolt rifle").
  const typeName = (label: string): string => (Object.hasOwn(names, label) ? names[label] : idWords(label));
  return { doc, games, sides, steps, unit, stepLabels, binned, stepAxis: binned ? `${unit} bin` : unit, nouns, blocks, typeName };
}

const NOUN_KEYS = ['unit', 'units', 'value', 'score', 'scoreLong', 'step', 'steps'] as const;

function readNouns(v: unknown, where: string): Nouns {
  const o = v as Record<string, unknown> | null | undefined;
  if (!o || typeof o !== 'object' || NOUN_KEYS.some((k) => typeof o[k] !== 'string' || o[k] === '')) {
    throw new ConfigError(`${where}: summary.nouns`, v, `expected an object of non-empty strings ${NOUN_KEYS.join(', ')}`);
  }
  return Object.fromEntries(NOUN_KEYS.map((k) => [k, o[k]])) as unknown as Nouns;
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
