import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import type { OddsOption, OddsProvider, OddsResult } from '../engine/ruleset.ts';
import { RULESETS } from '../engine/rulesets/index.ts';

/**
 * `squadsim odds <ruleset> [options]`: exact per-attack outcome distributions. Generic: each
 * ruleset with an `odds` provider becomes a sub-command whose flags are the provider's
 * options, so `squadsim odds <id> --help` lists them.
 */
interface OddsArgs {
  json: boolean;
  [k: string]: unknown;
}

function providers(): [string, OddsProvider][] {
  return Object.entries(RULESETS).flatMap(([id, r]) => (r.odds ? [[id, r.odds] as [string, OddsProvider]] : []));
}

// Numbers get no yargs `type`: a number type turns "far" into NaN and loses what the user
// typed, which the error must show. `choices` are validated here too, for the same message shape.
// Defaults are shown, not given to yargs: the provider fills them, and only flags the user
// typed reach it (so a provider can refuse a flag that does not apply).
function addOptions(y: Argv, options: readonly OddsOption[]): Argv {
  for (const o of options) {
    const choices = o.choices ? ` (one of: ${o.choices.join(', ')})` : '';
    const listable = o.type === 'number' || (o.type === 'string' && o.choices) ? '; a comma list compares values' : '';
    const def = o.default !== undefined ? ` [default: ${typeof o.default === 'string' ? o.default : JSON.stringify(o.default)}]` : '';
    y.option(o.name, {
      describe: o.describe + choices + listable + def,
      ...(o.type === 'boolean' ? { type: 'boolean' as const } : { requiresArg: true }),
    });
  }
  return y.option('json', { type: 'boolean', default: false, describe: 'print only the result as JSON (an array with lists)' });
}

/** Most combinations one call may compute (the product of the list lengths). */
export const MAX_COMBINATIONS = 200;

/** One flag value converted to the option's type, or a ConfigError naming the flag. */
function convert(o: OddsOption, v: unknown, list?: string): unknown {
  const where = list === undefined ? '' : ` (an item of the list "${list}")`;
  if (o.type === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw new ConfigError(`--${o.name}`, v, `expected a number${where}`);
    return n;
  }
  if (o.type === 'string') {
    const str = String(v);
    if (o.choices && !o.choices.includes(str)) throw new ConfigError(`--${o.name}`, str, `expected one of ${o.choices.map((c) => JSON.stringify(c)).join(', ')}${where}`);
    return str;
  }
  return v;
}

/**
 * The flag values as the provider's option types: one value per flag, or a list for a
 * number or a string with choices written `a,b,c` (free strings such as JSON keep their commas).
 */
export function requestLists(argv: Record<string, unknown>, options: readonly OddsOption[]): Map<string, unknown[]> {
  const req = new Map<string, unknown[]>();
  for (const o of options) {
    const v = argv[o.name];
    if (Array.isArray(v)) throw new ConfigError(`--${o.name}`, v, 'expected a single value or a comma list (give the flag once)');
    if (v === undefined) continue;
    const listable = o.type === 'number' || (o.type === 'string' && o.choices !== undefined);
    if (listable && typeof v === 'string' && v.includes(',')) {
      const items = v.split(',').map((x) => x.trim());
      if (items.some((x) => x === '')) throw new ConfigError(`--${o.name}`, v, 'expected a comma list with no empty item, e.g. 4,8,12');
      req.set(o.name, items.map((x) => convert(o, x, v)));
    } else req.set(o.name, [convert(o, v)]);
  }
  return req;
}

/** Every combination of the lists (the first flag varies slowest), or a ConfigError past MAX_COMBINATIONS. */
export function combinations(lists: Map<string, unknown[]>): Record<string, unknown>[] {
  const multi = [...lists].filter(([, vs]) => vs.length > 1);
  const size = multi.reduce((n, [, vs]) => n * vs.length, 1);
  if (size > MAX_COMBINATIONS) {
    const flags = multi.map(([k, vs]) => `--${k} (${vs.length})`).join(' × ');
    throw new ConfigError(multi.map(([k]) => `--${k}`).join(', '), size, `combinations is too many (${flags}); expected at most ${MAX_COMBINATIONS}`);
  }
  let out: Record<string, unknown>[] = [{}];
  for (const [k, vs] of lists) out = out.flatMap((r) => vs.map((v) => ({ ...r, [k]: v })));
  return out;
}

function handler(provider: OddsProvider) {
  return (argv: ArgumentsCamelCase<OddsArgs>): void => {
    const lists = requestLists(argv, provider.options);
    const combos = combinations(lists);
    if (combos.length === 1 && [...lists.values()].every((vs) => vs.length === 1)) {
      const res = provider.compute(combos[0]);
      process.stdout.write(argv.json ? JSON.stringify(res) + '\n' : formatOdds(res));
      return;
    }
    // A combination the rules refuse (a weapon beyond its range) is a row saying why, not
    // the end of the table; only when every combination is refused is it an error.
    const results: (OddsResult | { inputs: Record<string, unknown>; refused: string })[] = combos.map((req) => {
      try { return provider.compute(req); } catch (e) { if (e instanceof ConfigError) return { inputs: req, refused: e.message }; throw e; }
    });
    if (results.every((r) => 'refused' in r)) provider.compute(combos[0]);
    const varying = [...lists].filter(([, vs]) => vs.length > 1).map(([k]) => k);
    process.stdout.write(argv.json ? JSON.stringify(results) + '\n' : formatComparison(combos, results, varying));
  };
}

export const oddsCommand: CommandModule<object, OddsArgs> = {
  command: 'odds',
  describe: 'exact outcome distribution of one attack (squadsim odds <ruleset> --help for its options)',
  builder: (y: Argv) => {
    for (const [id, p] of providers()) {
      const sub: CommandModule<object, OddsArgs> = {
        command: id,
        describe: `exact ${id} odds (--help lists its options)`,
        builder: (yy: Argv) => addOptions(yy, p.options) as unknown as Argv<OddsArgs>,
        handler: handler(p),
      };
      y.command(sub);
    }
    const ids = providers().map(([id]) => id);
    // Anything else (no ruleset, or one without odds) lands here: a clear exit-2 message.
    const other: CommandModule<object, { ruleset?: string }> = {
      command: '$0 [ruleset]',
      describe: false,
      handler: (argv) => {
        throw new ConfigError('ruleset', argv.ruleset, `expected one of ${ids.map((x) => JSON.stringify(x)).join(', ')} (the rulesets with exact odds)`);
      },
    };
    return y
      .command(other)
      .usage('$0 odds <ruleset> [options]')
      .example('$0 odds nco --weapon smg --distance 8 --cover', 'SMG at 8" against a target in cover')
      .example('$0 odds nco --weapon grenade --json', 'the distribution as JSON')
      .example('$0 odds nco --weapon rifle,smg --distance 4,8,12', 'one comparison row per weapon and distance')
      .example('$0 odds nco --action close-combat --attacker corporal --defender private', 'a close combat, first round and to the death') as unknown as Argv<OddsArgs>;
  },
  handler: () => {},
};

function pct(p: number): string {
  return `${(100 * p).toFixed(2)} %`;
}

/** Columns printed as percentages: probability, at least, and P(...) columns. */
function isProb(col: string): boolean {
  return col === 'probability' || col === 'at least' || col.startsWith('P(');
}

/** Left-aligned text columns; numbers right-aligned. */
function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (r: Record<string, string | number>, c: string) => {
    const v = r[c];
    return v === undefined ? '' : typeof v === 'number' && isProb(c) ? pct(v) : String(v);
  };
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[], nums: boolean[]) => vals.map((v, k) => (nums[k] ? v.padStart(width[k]) : v.padEnd(width[k]))).join('   ').trimEnd();
  const numeric = cols.map((c) => rows.every((r) => typeof r[c] === 'number' || r[c] === undefined));
  return [line(cols, numeric), line(width.map((w) => '-'.repeat(w)), numeric), ...rows.map((r) => line(cols.map((c) => cell(r, c)), numeric))].join('\n') + '\n';
}

/** The human rendering of an OddsResult. */
export function formatOdds(r: OddsResult): string {
  const inputs = Object.entries(r.inputs).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join('  ');
  let out = `${r.title}\n${inputs}\n\n`;
  out += table(r.outcomes.map((o) => ({ outcome: o.outcome, probability: o.probability, exact: o.exact ?? '' })));
  for (const t of r.tables ?? []) out += `\n${t.title}\n` + table(t.rows);
  if (r.notes?.length) out += '\n' + r.notes.map((n) => `- ${n}`).join('\n') + '\n';
  return out;
}

/**
 * One row per combination: the flags that vary, then the main probabilities (the result's
 * `summary`, or its outcomes when the provider gives none).
 */
export function formatComparison(reqs: readonly Record<string, unknown>[], results: readonly (OddsResult | { refused: string })[], varying: readonly string[]): string {
  const title = (results.find((r) => !('refused' in r)) as OddsResult).title;
  const rows = results.map((r, k) => {
    const row: Record<string, string | number> = {};
    for (const f of varying) row[`--${f}`] = String(reqs[k][f]);
    if ('refused' in r) {
      row.refused = r.refused.replace(/^[^:]*: got [^;]*; /, '');
      return row;
    }
    const main = r.summary ?? Object.fromEntries(r.outcomes.map((o) => [`P(${o.outcome})`, o.probability]));
    for (const [c, p] of Object.entries(main)) row[c] = p;
    return row;
  });
  // One column order for all rows: a column some rows lack sits after its neighbour in the rows
  // that have it, or at the end when that neighbour is a flag (another action's columns).
  const cols: string[] = [];
  for (const r of rows) {
    let prev = '';
    for (const c of Object.keys(r)) {
      if (!cols.includes(c)) cols.splice(prev === '' || prev.startsWith('--') ? cols.length : cols.indexOf(prev) + 1, 0, c);
      prev = c;
    }
  }
  const ordered = rows.map((r) => Object.fromEntries(cols.map((c) => [c, r[c]])) as Record<string, string | number>);
  const fixed = Object.entries(reqs[0]).filter(([k]) => !varying.includes(k)).map(([k, v]) => `--${k} ${String(v)}`).join('  ');
  return `${title.split(':')[0]}: ${results.length} combinations of ${varying.map((f) => '--' + f).join(' × ')}${fixed ? `\n${fixed}` : ''}\n\n`
    + table(ordered) + '\n- One row per combination; `squadsim odds` with single values (or --json, an array) gives each full distribution.\n';
}
