// The bench's JSON document (`bench --json FILE`, schema squadsim.bench/1) and the comparison
// of two of them (`bench --compare OLD.json [NEW.json]`): every numeric field of both, flattened
// to a dotted path, with the ratio new/old, so a CI job can compare two commits.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';

export const BENCH_SCHEMA = 'squadsim.bench/1';

/** Where and when a bench ran: schema, commit (null outside a git checkout), node, CPUs, date. */
export function benchMeta(): Record<string, unknown> {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    commit = null;
  }
  return {
    schema: BENCH_SCHEMA,
    commit,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? null,
    date: new Date().toISOString(),
  };
}

/** A bench document read back; throws unless it is one (schema squadsim.bench/1). */
export function readBenchJson(file: string): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (doc === null || typeof doc !== 'object' || doc.schema !== BENCH_SCHEMA) {
    throw new Error(`${file}: not a bench document (expected "schema": "${BENCH_SCHEMA}", got ${JSON.stringify(doc?.schema)})`);
  }
  return doc;
}

/** Fields that describe the run or the machine, not a measurement: left out of comparisons. */
const NOT_METRICS = new Set(['cpus', 'seed', 'halfWidth', 'workers', 'perSide', 'maxSoldiers']);

/** Every finite number in `doc` by dotted path (object keys only: the document has no arrays of metrics). */
export function flattenMetrics(doc: unknown, prefix = '', out = new Map<string, number>()): Map<string, number> {
  if (doc === null || typeof doc !== 'object') return out;
  for (const [k, v] of Object.entries(doc as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'number' && Number.isFinite(v) && !NOT_METRICS.has(k)) out.set(path, v);
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) flattenMetrics(v, path, out);
  }
  return out;
}

const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toPrecision(3));

/** One line per metric: path, old, new, new/old (`only in old/new` when one lacks it). */
export function compareLines(oldDoc: unknown, newDoc: unknown): string[] {
  const a = flattenMetrics(oldDoc), b = flattenMetrics(newDoc);
  const o = oldDoc as Record<string, unknown>, n = newDoc as Record<string, unknown>;
  const short = (c: unknown): string => (typeof c === 'string' ? c.slice(0, 10) : 'unknown');
  const lines = [`bench compare: new ${short(n.commit)} / old ${short(o.commit)} (ratio > 1: larger now; for µs, s and MiB larger is worse)`];
  const width = Math.max(30, ...[...a.keys(), ...b.keys()].map((k) => k.length + 2));
  lines.push(`${'metric'.padEnd(width)}${'old'.padStart(12)}${'new'.padStart(12)}${'new/old'.padStart(10)}`);
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k), y = b.get(k);
    const ratio = x === undefined ? 'only in new' : y === undefined ? 'only in old' : x === 0 ? (y === 0 ? '1.00' : 'n/a') : (y / x).toFixed(2);
    lines.push(`${k.padEnd(width)}${(x === undefined ? '-' : num(x)).padStart(12)}${(y === undefined ? '-' : num(y)).padStart(12)}${ratio.padStart(10)}`);
  }
  return lines;
}
