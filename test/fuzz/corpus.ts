/**
 * The fuzz corpus: fast-check generates cases (a kind of input, a ruleset, edits to one of
 * its shipped or fixture files, the command and flags), each runs through the CLI's
 * main(args), and the exit-code contract is checked: never 3, never a hang, never a throw;
 * nothing written on failure; what a success writes reads back; an edited file that was
 * not resealed is refused; a checkpoint accepted without resealing resumes to the same
 * results as the uninterrupted run.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { canonicalJson } from '../../resultsdoc/hash.ts';
import { seal } from '../../resultsdoc/seal.ts';
import { readResults } from '../../resultsdoc/validate.ts';
import type { CaseResult } from './case-runner.ts';
import { setAt, type RulesetFixture } from './fixtures.ts';
import { applyStructural, applyText, HARMLESS_TEXT, structuralOpArb, textOpArb, type Json, type StructuralOp, type TextOp } from './mutate.ts';

export const KINDS = ['config', 'referenced', 'flags', 'checkpoint', 'results', 'shard', 'baseline'] as const;
export type Kind = (typeof KINDS)[number];

export interface FuzzCase {
  kind: Kind;
  ruleset: number;
  /** Which base config / referenced file / command variant. */
  pick: number;
  edits: StructuralOp[];
  text: TextOp;
  reseal: boolean;
  games: number;
  flags: string[][];
}

const FLAG_EDITS: string[][] = [
  ['--games', '0'], ['--games', '-1'], ['--games', 'abc'], ['--games', '1e3'], ['--games', '9007199254740993'], ['--games', '1.5'], ['--games', ''],
  ['--seed', '4294967296'], ['--seed', '-1'], ['--seed', 'x'], ['--seed', '0'], ['--workers', '-1'], ['--workers', '1025'], ['--workers', 'x'], ['--workers', '1'],
  ['--checkpoint-seconds', '0'], ['--checkpoint-seconds', 'x'], ['--shard', '0/0'], ['--shard', '3/2'], ['--shard', '1/2'], ['--shard', 'x'],
  ['--target-error', '0'], ['--target-error', '0.5'], ['--target-error', 'x'], ['--target-error', '0.3'], ['--max-games', '5'], ['--max-games', 'x'],
  ['--record', 'rows'], ['--record', 'games'], ['--out', ''], ['--out', '@file'], ['--out', '/proc/squadsim'], ['--bogus'], ['--games', '5', '--games', '6'],
  ['--checkpoint', '@dir'], ['--checkpoint', '/dev/null'], ['--json'], ['-o', '@out'],
];

export const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
  kind: fc.constantFrom(...KINDS),
  ruleset: fc.nat(),
  pick: fc.nat(),
  edits: fc.array(structuralOpArb, { minLength: 0, maxLength: 3 }),
  text: textOpArb,
  reseal: fc.boolean(),
  games: fc.constantFrom(1, 3, 7, 20, 60),
  flags: fc.array(fc.constantFrom(...FLAG_EDITS), { maxLength: 3 }),
});

/** A case made concrete: the command and what its outcome must satisfy. */
export interface Prepared {
  args: string[];
  describe: string;
  /** Exit codes the contract allows for this command. */
  allowed: number[];
  /** The case folder: on failure nothing in it may change. */
  dir: string;
  /** Where a success writes results.json (checked to read back). */
  results?: string;
  /** The input was edited and not resealed: it must be refused. */
  mustRefuse: boolean;
  /** A successful resume must give these results (checkpoint cases). */
  sameAs?: string;
}

/** Edits `doc` (and reseals it when asked); returns the file bytes and whether its meaning changed. */
function edited(doc: Json, c: FuzzCase, sealable: boolean): { bytes: Buffer; changed: boolean; did: string[] } {
  let v = doc;
  const did: string[] = [];
  for (const e of c.edits) {
    const r = applyStructural(v, e);
    v = r.doc;
    did.push(r.did);
  }
  const changed = canonicalJson(v) !== canonicalJson(doc);
  if (sealable && c.reseal && v !== null && typeof v === 'object' && !Array.isArray(v)) {
    v = seal(v) as Json;
    did.push('resealed');
  }
  did.push(`text ${c.text.op}`);
  const bytes = applyText(v, c.text);
  return { bytes, changed: changed || !textHarmless(c.text, bytes, v), did };
}

/**
 * Whether a text edit left the document's meaning alone: the harmless ops, and an inserted
 * character that JSON reads as whitespace between tokens (a newline, found by `npm run fuzz`:
 * the reader rightly accepts it, the oracle had called it an edit).
 */
function textHarmless(t: FuzzCase['text'], bytes: Buffer, v: Json): boolean {
  if (HARMLESS_TEXT.has(t.op)) return true;
  if (t.op !== 'insert') return false;
  try {
    return canonicalJson(JSON.parse(bytes.toString('utf8')) as Json) === canonicalJson(v);
  } catch {
    return false;
  }
}

/** Writes the case's inputs into `dir` and returns the command to run. */
export function prepare(c: FuzzCase, fixtures: readonly RulesetFixture[], dir: string): Prepared {
  mkdirSync(dir, { recursive: true });
  const fx = fixtures[c.ruleset % fixtures.length];
  const out = join(dir, 'out');
  const base = { dir, describe: `${c.kind} ${fx.id}`, mustRefuse: false };
  const json = (p: string): Json => JSON.parse(readFileSync(p, 'utf8'));
  const write = (name: string, bytes: Buffer | string): string => (writeFileSync(join(dir, name), bytes), join(dir, name));
  const run = (config: string, extra: string[] = []): string[] => ['run', config, '--games', String(c.games), '--seed', String(c.pick % 7), '--workers', '0', '--out', out, ...extra];

  switch (c.kind) {
    case 'config': {
      const bc = fx.configs[c.pick % fx.configs.length];
      const e = edited(bc.config, c, false);
      return { ...base, describe: `${base.describe} ${bc.file}: ${e.did.join('; ')}`, args: run(write('config.json', e.bytes), ['--json']), allowed: [0, 2], results: join(out, 'results.json') };
    }
    case 'referenced': {
      const bc = fx.configs.filter((x) => x.refs.length > 0)[c.pick % Math.max(1, fx.configs.filter((x) => x.refs.length > 0).length)] ?? fx.configs[0];
      const config = structuredClone(bc.config);
      let did = 'no referenced file';
      if (bc.refs.length > 0) {
        const ref = bc.refs[(c.pick >> 3) % bc.refs.length];
        const e = edited(json(ref.path), c, false);
        setAt(config, ref.place, write('referenced.json', e.bytes));
        did = `${ref.place.join('.')} (${ref.path}): ${e.did.join('; ')}`;
      }
      return { ...base, describe: `${base.describe} ${bc.file} ${did}`, args: run(write('config.json', JSON.stringify(config))), allowed: [0, 2], results: join(out, 'results.json') };
    }
    case 'flags': {
      const flags = c.flags.flat().map((f) => (f === '@file' ? write('a-file', 'x') : f === '@dir' ? dir : f === '@out' ? out : f));
      const games = flags.includes('--games') ? [] : ['--games', String(c.games)];
      const workers = flags.includes('--workers') ? [] : ['--workers', '0'];
      const args = ['run', fx.configPath, ...games, ...workers, ...(flags.includes('--out') || flags.includes('-o') ? [] : ['--out', out]), ...flags];
      return { ...base, describe: `${base.describe} ${JSON.stringify(flags)}`, args, allowed: [0, 2] };
    }
    case 'checkpoint': {
      const e = edited(fx.checkpoint, c, true);
      const ckpt = write('run.ckpt', e.bytes);
      return {
        ...base, describe: `${base.describe} checkpoint: ${e.did.join('; ')}`, args: ['run', fx.configPath, ...fx.checkpointArgs, '--checkpoint', ckpt, '--out', out],
        allowed: [0, 2], results: join(out, 'results.json'), mustRefuse: e.changed && !c.reseal, ...(c.reseal ? {} : { sameAs: fx.checkpointResults }),
      };
    }
    case 'results':
    case 'baseline': {
      const results = join(dir, 'results.json');
      copyFileSync(join(fx.results, '..', 'games.f64'), join(dir, 'games.f64'));
      let baseline = fx.baseline, changed = false, did: string[];
      if (c.kind === 'results') {
        const e = edited(json(fx.results), c, true);
        writeFileSync(results, e.bytes);
        ({ changed, did } = e);
        changed &&= !c.reseal;
      } else {
        copyFileSync(fx.results, results);
        const e = edited(json(fx.baseline), c, false);
        baseline = write('baseline.json', e.bytes);
        did = e.did;
      }
      const commands: [string[], number[]][] = [
        [['export', results, '--table', 'games'], [0, 2]],
        [['export', results, '--table', 'turns', '--out', join(dir, 'turns.csv')], [0, 2]],
        [['export', results, '--table', 'soldiers'], [0, 2]],
        [['check', results, '--baseline', baseline], [0, 1, 2]],
        [['check', results, '--baseline', baseline, '--json'], [0, 1, 2]],
        [['report', results, '--out', out], [0, 2]],
      ];
      // report renders every chart (slow): one case in twelve.
      const [args, allowed] = commands[c.pick % 12 === 0 ? 5 : c.pick % 5];
      return { ...base, describe: `${base.describe} ${args[0]}: ${did.join('; ')}`, args, allowed, mustRefuse: changed };
    }
    case 'shard': {
      const [s1, s2] = fx.shards;
      const d1 = join(dir, 's1'), d2 = join(dir, 's2');
      mkdirSync(d1);
      mkdirSync(d2);
      copyFileSync(s1, join(d1, 'results.json'));
      copyFileSync(join(s1, '..', 'games.f64'), join(d1, 'games.f64'));
      copyFileSync(join(s2, '..', 'games.f64'), join(d2, 'games.f64'));
      const e = edited(json(s2), c, true);
      writeFileSync(join(d2, 'results.json'), e.bytes);
      const order = c.pick % 2 ? [join(d2, 'results.json'), join(d1, 'results.json')] : [join(d1, 'results.json'), join(d2, 'results.json')];
      return { ...base, describe: `${base.describe} merge: ${e.did.join('; ')}`, args: ['merge', ...order, '--out', out], allowed: [0, 2], results: join(out, 'results.json'), mustRefuse: e.changed && !c.reseal };
    }
  }
}

/** Every file and folder under `dir` with its size: what "nothing written" compares. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(e.isDirectory() ? `${p}/` : `${p} ${statSync(p).size}`);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

/** What is wrong with a case's outcome (empty: it kept the contract). */
export function violations(p: Prepared, r: CaseResult, before: string[]): string[] {
  const bad: string[] = [];
  if (typeof r.code !== 'number' || !p.allowed.includes(r.code)) bad.push(`exit ${r.code} (allowed: ${p.allowed.join(', ')})`);
  const failed = r.code !== 0 && r.code !== 1;
  if (failed) {
    const after = listing(p.dir);
    if (after.join('\n') !== before.join('\n')) bad.push(`wrote on failure: ${after.filter((x) => !before.includes(x)).join(', ') || 'changed sizes'}`);
    if (r.stdout !== '') bad.push(`printed on stdout on failure: ${r.stdout.slice(0, 200)}`);
    if (r.code === 2 && !/^squadsim: /.test(r.stderr)) bad.push(`exit 2 without a "squadsim: " message: ${r.stderr.slice(0, 200)}`);
  }
  if (p.mustRefuse && r.code !== 2) bad.push('an edited file that was not resealed was not refused');
  if (r.code === 0 && p.results) {
    if (!existsSync(p.results)) bad.push(`exit 0 but no ${p.results}`);
    else {
      try {
        const doc = readResults(p.results);
        if (p.sameAs && canonicalJson(doc.accumulators) !== canonicalJson(readResults(p.sameAs).accumulators)) bad.push('resumed from an unedited-or-refused checkpoint, but the results differ from the uninterrupted run');
      } catch (e) {
        bad.push(`exit 0 but its results.json does not read back: ${(e as Error).message}`);
      }
    }
  }
  return bad;
}
