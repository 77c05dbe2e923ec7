/**
 * The regression gate (`squadsim check`): a run's win rates, mean score and lethality at
 * each time bin against a stored baseline, each with a two-sample test, Bonferroni-corrected so the
 * whole check's false-alarm rate is at most alpha.
 */
import { z } from 'zod';
import { ConfigError } from '../engine/errors.ts';
import { BLOCK } from '../engine/tally-plan.ts';
import { parseOrThrow } from '../engine/validate.ts';
import { canonicalJson } from '../resultsdoc/hash.ts';
import { block, type Results } from './load.ts';
import { meanDiffTest, twoProportionTest, type TestResult } from './stat-tests.ts';

export const BASELINE_SCHEMA = 'squadsim.baseline/2';
export const CHECK_SCHEMA = 'squadsim.check/2';
export const DEFAULT_ALPHA = 0.001;

const matrix = z.array(z.array(z.number().finite()));

/** What a baseline stores: the counts, sums and sums of squares the tests need. */
const baselineSchema = z.object({
  schema: z.literal(BASELINE_SCHEMA),
  ruleset: z.string(),
  version: z.string(),
  configHash: z.string(),
  seed: z.number().int(),
  games: z.number().int().positive(),
  sides: z.tuple([z.string(), z.string()]),
  unit: z.string(),
  /** The ruleset's words for its score and value (metric names). */
  nouns: z.object({ score: z.string(), value: z.string() }),
  steps: z.number().int().positive(),
  /** [wins of side 0, wins of side 1, draws]. */
  outcome: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().nonnegative()]),
  /** Sums over games, [side]; and [side][bin] for the lethality blocks. */
  score: z.tuple([z.number(), z.number()]),
  scoreSq: z.tuple([z.number(), z.number()]),
  casualties: matrix,
  casualtiesSq: matrix,
  survivingValue: matrix,
  survivingValueSq: matrix,
  /** The normalized config the baseline was run with, for people reading a diff. */
  config: z.unknown().optional(),
});

export type Baseline = z.infer<typeof baselineSchema>;

/** The baseline form of a results document (also how a run is compared). */
export function baselineFromResults(r: Results): Baseline {
  const v = (name: string): number[] | null => block(r, name)?.values ?? null;
  const rows = (name: string): number[][] | null => {
    const x = v(name);
    return x && [x.slice(0, r.steps), x.slice(r.steps, 2 * r.steps)];
  };
  const outcome = v(BLOCK.outcome)!, score = v(BLOCK.score)!, scoreSq = v(BLOCK.scoreSq)!;
  return {
    schema: BASELINE_SCHEMA,
    ruleset: r.doc.ruleset,
    version: r.doc.version,
    configHash: r.doc.configHash,
    seed: r.doc.seed,
    games: r.games,
    sides: [...r.sides],
    unit: r.unit,
    nouns: { score: r.nouns.score, value: r.nouns.value },
    steps: r.steps,
    outcome: [outcome[0], outcome[1], outcome[2]],
    score: [score[0], score[1]],
    scoreSq: [scoreSq[0], scoreSq[1]],
    casualties: rows(BLOCK.casualties)!,
    casualtiesSq: rows(BLOCK.casualtiesSq)!,
    survivingValue: rows(BLOCK.survivingValue)!,
    survivingValueSq: rows(BLOCK.survivingValueSq)!,
    config: r.doc.config,
  };
}

/** Validates a parsed baseline file; bad input is a ConfigError (exit 2). */
export function parseBaseline(json: unknown, where: string): Baseline {
  const old = (json as { schema?: unknown } | null)?.schema;
  if (old === 'squadsim.baseline/1') throw new ConfigError(`${where}.schema`, old, `expected ${JSON.stringify(BASELINE_SCHEMA)}: a baseline from an older squadsim; regenerate it with \`squadsim check RESULTS --baseline FILE --update-baseline\``);
  const b = parseOrThrow(baselineSchema, json, [where]);
  const shape = (name: 'casualties' | 'casualtiesSq' | 'survivingValue' | 'survivingValueSq'): void => {
    const m = b[name];
    if (m && (m.length !== 2 || m.some((row) => row.length !== b.steps))) throw new ConfigError(`${where}.${name}`, `${m.length} rows`, `expected 2 rows of ${b.steps} (sides × steps)`);
  };
  for (const name of ['casualties', 'casualtiesSq', 'survivingValue', 'survivingValueSq'] as const) shape(name);
  if (b.outcome[0] + b.outcome[1] + b.outcome[2] !== b.games) throw new ConfigError(`${where}.outcome`, b.outcome, `expected wins and draws adding up to games (${b.games})`);
  return b;
}

export interface MetricResult extends TestResult {
  /** 'win rate', 'draw rate', 'mean <score>', 'casualties' or 'surviving <value>' (the ruleset's nouns). */
  metric: string;
  /** Side name; null for the draw rate. */
  side: string | null;
  /** 1-based time step for lethality metrics; null otherwise. */
  step: number | null;
  baseline: number;
  current: number;
  moved: boolean;
}

export interface CheckReport {
  schema: typeof CHECK_SCHEMA;
  pass: boolean;
  /** Family-wise false-alarm rate of the whole check. */
  alpha: number;
  /** alpha / metrics: the level each metric is tested at (Bonferroni). */
  alphaPerMetric: number;
  metrics: MetricResult[];
  moved: number;
  warnings: string[];
}

/**
 * Compares `cur` with `base`. Mismatched ruleset, sides or steps are bad input (exit 2):
 * the metrics would not line up; so is a baseline of another matchup (another scenario or
 * map): its numbers were never meant to match. A different config hash otherwise only
 * warns: catching the effect of a rules, roster, policy or cost change is the point of the gate.
 */
/** Config fields that make a matchup: a baseline that differs in them is of another config. */
const MATCHUP_FIELDS = ['scenario', 'map'] as const;

export function compareWithBaseline(cur: Baseline, base: Baseline, alpha = DEFAULT_ALPHA): CheckReport {
  if (!(alpha > 0 && alpha < 1)) throw new ConfigError('--alpha', alpha, 'expected a number greater than 0 and less than 1');
  if (cur.ruleset !== base.ruleset) throw new ConfigError('baseline.ruleset', base.ruleset, `expected the results' ruleset ${JSON.stringify(cur.ruleset)}`);
  if (cur.sides[0] !== base.sides[0] || cur.sides[1] !== base.sides[1]) throw new ConfigError('baseline.sides', base.sides, `expected the results' sides ${JSON.stringify(cur.sides)} (same names, same order)`);
  if (cur.steps !== base.steps) throw new ConfigError('baseline.steps', base.steps, `expected the results' ${cur.steps} ${cur.unit} steps`);
  for (const field of MATCHUP_FIELDS) {
    const b = (base.config as Record<string, unknown> | undefined)?.[field], c = (cur.config as Record<string, unknown> | undefined)?.[field];
    if (b !== undefined && c !== undefined && canonicalJson(b) !== canonicalJson(c)) {
      throw new ConfigError(`baseline.config.${field}`, b, `expected the results' ${field} ${canonicalJson(c)}: this baseline is of another matchup (make one for this config with --update-baseline)`);
    }
  }
  const warnings: string[] = [];
  if (cur.configHash !== base.configHash) warnings.push(`config hash differs from the baseline's (${short(base.configHash)} -> ${short(cur.configHash)}): the matchup's config changed`);
  if (cur.seed === base.seed) warnings.push(`same seed (${cur.seed}) as the baseline: the runs share games, and the tests assume independent samples; run with another --seed`);
  if (cur.version !== base.version) warnings.push(`squadsim version ${cur.version} vs the baseline's ${base.version}`);

  const rows: Omit<MetricResult, 'moved'>[] = [];
  const prop = (metric: MetricResult['metric'], side: string | null, k: number): void => {
    const t = twoProportionTest(cur.outcome[k], cur.games, base.outcome[k], base.games);
    rows.push({ metric, side, step: null, baseline: base.outcome[k] / base.games, current: cur.outcome[k] / cur.games, ...t });
  };
  prop('win rate', cur.sides[0], 0);
  prop('win rate', cur.sides[1], 1);
  prop('draw rate', null, 2);
  for (let s = 0; s < 2; s++) {
    const t = meanDiffTest(cur.score[s], cur.scoreSq[s], cur.games, base.score[s], base.scoreSq[s], base.games);
    rows.push({ metric: `mean ${cur.nouns.score}`, side: cur.sides[s], step: null, baseline: base.score[s] / base.games, current: cur.score[s] / cur.games, ...t });
  }
  const lethality = (metric: string, sums: 'casualties' | 'survivingValue', sq: 'casualtiesSq' | 'survivingValueSq'): void => {
    const cs = cur[sq], bs = base[sq];
    for (let s = 0; s < 2; s++) {
      for (let t = 0; t < cur.steps; t++) {
        const r = meanDiffTest(cur[sums][s][t], cs[s][t], cur.games, base[sums][s][t], bs[s][t], base.games);
        rows.push({ metric, side: cur.sides[s], step: t + 1, baseline: base[sums][s][t] / base.games, current: cur[sums][s][t] / cur.games, ...r });
      }
    }
  };
  lethality('casualties', 'casualties', 'casualtiesSq');
  lethality(`surviving ${cur.nouns.value}`, 'survivingValue', 'survivingValueSq');

  const alphaPerMetric = alpha / rows.length;
  const metrics = rows.map((m) => ({ ...m, moved: m.p < alphaPerMetric }));
  const moved = metrics.filter((m) => m.moved).length;
  return { schema: CHECK_SCHEMA, pass: moved === 0, alpha, alphaPerMetric, metrics, moved, warnings };
}

function short(hash: string): string {
  return hash.replace(/^sha256:/, '').slice(0, 12);
}

/** The human report: the test stated, the headline metrics always, lethality rows only when they moved. */
export function formatCheck(rep: CheckReport, what: { results: string; baseline: string; cur: Baseline; base: Baseline }): string {
  const pct = (x: number): string => `${(x * 100).toPrecision(2)}%`;
  const m = rep.metrics.length;
  const head = [
    `check: ${what.results} (${what.cur.games} games, seed ${what.cur.seed}) against ${what.baseline} (${what.base.games} games, seed ${what.base.seed})`,
    `${m} metrics, two-sided two-sample tests (win and draw rates: two-proportion z-test; means: Welch z-test).`,
    `False-alarm rate: ${pct(rep.alpha)} for the whole check (--alpha ${rep.alpha}), Bonferroni-corrected: each metric moves at p < ${rep.alpha}/${m} = ${rep.alphaPerMetric.toPrecision(3)}.`,
    '',
  ];
  const fmt = (x: number, metric: string): string => (metric.endsWith('rate') ? x.toFixed(4) : x.toFixed(3));
  const shown = rep.metrics.filter((x) => x.step === null || x.moved);
  const table = [
    ['metric', 'side', 'step', 'baseline', 'current', 'change', 'z', 'p', ''],
    ...shown.map((x) => [
      x.metric, x.side ?? '', x.step === null ? '' : String(x.step), fmt(x.baseline, x.metric), fmt(x.current, x.metric),
      (x.diff >= 0 ? '+' : '') + fmt(x.diff, x.metric), Number.isFinite(x.z) ? x.z.toFixed(2) : String(x.z), x.p.toPrecision(2), x.moved ? 'MOVED' : 'ok',
    ]),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c < 2 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const hidden = rep.metrics.length - shown.length;
  return [
    ...head,
    ...table.map(line),
    ...(hidden > 0 ? [`(${hidden} per-step lethality metrics did not move and are not shown)`] : []),
    '',
    ...rep.warnings.map((w) => `warning: ${w}`),
    rep.pass ? `PASS: no metric moved (${m} checked)` : `FAIL: ${rep.moved} of ${m} metrics moved beyond the baseline's band`,
    '',
  ].join('\n');
}
