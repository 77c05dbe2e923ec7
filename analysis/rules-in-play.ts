/**
 * Rules in play: how often each rule fired per game, by side, from a ruleset's optional
 * `rulesInPlay` block (dims [2, K], labels [sides, rule names]; docs/contract.md). It tells a
 * designer which rules matter in play and which almost never come up.
 */
import { from, type ColumnTable } from 'arquero';
import { block, type Results } from './load.ts';
import type { CsvTable } from './export.ts';

export const RULES_BLOCK = 'rulesInPlay';

interface RuleRow { side: string; rule: string; total: number; per_game: number }

function rows(r: Results): RuleRow[] | null {
  const b = block(r, RULES_BLOCK);
  if (!b || b.dims.length !== 2 || b.dims[0] !== 2) return null;
  const K = b.dims[1], names = b.labels?.[1] ?? Array.from({ length: K }, (_, k) => `rule ${k + 1}`);
  const out: RuleRow[] = [];
  for (let k = 0; k < K; k++) {
    for (let s = 0; s < 2; s++) {
      const total = b.values[s * K + k];
      out.push({ side: r.sides[s], rule: names[k], total, per_game: r.games > 0 ? total / r.games : 0 });
    }
  }
  return out;
}

/** One row per rule and side, in the ruleset's order; null when the ruleset does not count rules. */
export function rulesInPlay(r: Results): ColumnTable | null {
  const x = rows(r);
  return x ? from(x) : null;
}

/** `export --table rules`. */
export function rulesTable(r: Results): CsvTable {
  const x = rows(r) ?? [];
  return { columns: ['side', 'rule', 'total', 'per_game'], rows: x.map((o) => [o.side, o.rule, o.total, o.per_game]) };
}
