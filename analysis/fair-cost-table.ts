/**
 * Reads the fair costs out of a `squadsim balance` result file for the report: one row per
 * soldier type or option with its printed cost, fitted fair cost, 95% interval and verdict.
 * The balance document (`squadsim.balance/1`, analysis/balance.ts) is written by
 * `squadsim balance --out`; this reader needs only each feature's label, cost, fairCost,
 * interval and flag.
 */
import { from, type ColumnTable } from 'arquero';
import { ConfigError } from '../engine/errors.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { BALANCE_SCHEMA } from './balance.ts';

export interface FairCostEntry {
  feature: string;
  group: string | null;
  printed: number;
  fair: number;
  lo: number;
  hi: number;
  verdict: string;
}

/** Reads a balance result; with `ruleset`, one of another ruleset is refused (ConfigError on --balance). */
export function loadFairCosts(path: string, ruleset?: string): ColumnTable {
  const doc = readJsonFile(path, { field: '--balance', allowed: 'expected a readable balance result JSON file' });
  const got = (doc as { ruleset?: unknown } | null)?.ruleset;
  if (ruleset !== undefined && got !== ruleset) throw new ConfigError('--balance: ruleset', got, `expected ${JSON.stringify(ruleset)}, the ruleset of the results being reported`);
  return fairCostTable(doc, path);
}

/** The rows of a parsed `squadsim.balance/1` document; ConfigError when it is not one. */
export function fairCostTable(doc: unknown, where = 'balance'): ColumnTable {
  const d = doc as { schema?: unknown; features?: unknown } | null;
  if (d?.schema !== BALANCE_SCHEMA) throw new ConfigError(`${where}: schema`, d?.schema, `expected ${JSON.stringify(BALANCE_SCHEMA)} (a \`squadsim balance --out\` result)`);
  if (!Array.isArray(d.features)) throw new ConfigError(`${where}: features`, d.features, 'expected an array of fitted features');
  const out: FairCostEntry[] = d.features.map((x: Record<string, unknown>, i) => {
    const interval = Array.isArray(x?.interval) ? x.interval : [];
    const entry = {
      feature: String(x?.label ?? x?.id ?? `feature ${i + 1}`),
      group: typeof x?.group === 'string' ? x.group : null,
      printed: Number(x?.cost),
      fair: Number(x?.fairCost),
      lo: Number(interval[0]),
      hi: Number(interval[1]),
      verdict: typeof x?.flag === 'string' ? x.flag : '',
    };
    for (const k of ['printed', 'fair', 'lo', 'hi'] as const) {
      if (!Number.isFinite(entry[k])) throw new ConfigError(`${where}: features[${i}]`, x, `expected a finite ${k === 'printed' ? 'cost' : k === 'fair' ? 'fairCost' : 'interval'}`);
    }
    return entry;
  });
  return from(out);
}
