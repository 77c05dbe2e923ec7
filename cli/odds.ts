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
function addOptions(y: Argv, options: readonly OddsOption[]): Argv {
  for (const o of options) {
    const choices = o.choices ? ` (one of: ${o.choices.join(', ')})` : '';
    y.option(o.name, {
      describe: o.describe + choices,
      ...(o.type === 'boolean' ? { type: 'boolean' as const } : { requiresArg: true }),
      ...(o.default !== undefined ? { default: o.default } : {}),
    });
  }
  return y.option('json', { type: 'boolean', default: false, describe: 'print only the result as JSON' });
}

/** The flag values as the provider's option types, or a ConfigError naming the flag. */
function request(argv: Record<string, unknown>, options: readonly OddsOption[]): Record<string, unknown> {
  const req: Record<string, unknown> = {};
  for (const o of options) {
    let v = argv[o.name];
    if (Array.isArray(v)) throw new ConfigError(`--${o.name}`, v, 'expected a single value');
    if (v === undefined) continue;
    if (o.type === 'number') {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw new ConfigError(`--${o.name}`, v, 'expected a number');
      v = n;
    } else if (o.type === 'string') {
      v = String(v);
      if (o.choices && !o.choices.includes(v as string)) throw new ConfigError(`--${o.name}`, v, `expected one of ${o.choices.map((c) => JSON.stringify(c)).join(', ')}`);
    }
    req[o.name] = v;
  }
  return req;
}

function handler(provider: OddsProvider) {
  return (argv: ArgumentsCamelCase<OddsArgs>): void => {
    const res = provider.compute(request(argv, provider.options));
    process.stdout.write(argv.json ? JSON.stringify(res) + '\n' : formatOdds(res));
  };
}

export const oddsCommand: CommandModule<object, OddsArgs> = {
  command: 'odds',
  describe: 'exact outcome distribution of one attack (squadsim odds <ruleset> --help for its options)',
  builder: (y: Argv) => {
    for (const [id, p] of providers()) {
      const sub: CommandModule<object, OddsArgs> = {
        command: id,
        describe: `exact odds of one ${id} attack`,
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
      .example('$0 odds nco --weapon grenade --json', 'the distribution as JSON') as unknown as Argv<OddsArgs>;
  },
  handler: () => {},
};

function pct(p: number): string {
  return `${(100 * p).toFixed(2)} %`;
}

/** Left-aligned text columns; numbers right-aligned. */
function table(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return '';
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (r: Record<string, string | number>, c: string) => {
    const v = r[c];
    return v === undefined ? '' : typeof v === 'number' && c === 'probability' ? pct(v) : String(v);
  };
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (vals: string[], nums: boolean[]) => vals.map((v, k) => (nums[k] ? v.padStart(width[k]) : v.padEnd(width[k]))).join('   ').trimEnd();
  const numeric = cols.map((c) => rows.every((r) => typeof r[c] === 'number'));
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
