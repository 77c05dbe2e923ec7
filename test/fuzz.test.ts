/**
 * The fuzz corpus (test/fuzz/): generated cases for every registered ruleset, each run
 * through main(args) in a worker thread with a time limit. `npm test` runs a bounded
 * number; `npm run fuzz` runs 10,000 (vitest.fuzz.config.ts) and prints the same summary.
 * FUZZ_CASES, FUZZ_SEED and FUZZ_THREADS override the defaults.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CaseRunner } from './fuzz/case-runner.ts';
import { caseArb, listing, prepare, violations, type Kind } from './fuzz/corpus.ts';
import { makeFixtures, type RulesetFixture } from './fuzz/fixtures.ts';
import { ROOT } from './dist-fresh.ts';
import { HANG_MS } from './limits.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 11);
const THREADS = Number(process.env.FUZZ_THREADS ?? 1);
/** A case still running after this long is a hang (test/limits.ts: sized for a loaded machine). */
const CASE_LIMIT_MS = HANG_MS;

let root: string;
let runners: CaseRunner[];
let fixtures: RulesetFixture[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'squadsim-fuzz-'));
  runners = Array.from({ length: THREADS }, () => new CaseRunner(CASE_LIMIT_MS));
  fixtures = await makeFixtures(root, runners[0]);
});

afterAll(async () => {
  await Promise.all(runners?.map((r) => r.close()) ?? []);
  if (root) rmSync(root, { recursive: true, force: true });
});

it(`${CASES} generated cases keep the exit-code contract (seed ${SEED})`, async () => {
  const cases = fc.sample(caseArb, { numRuns: CASES, seed: SEED });
  const stats = new Map<Kind, { n: number; codes: Map<string, number>; ms: number; maxMs: number }>();
  const failures: string[] = [];
  const t0 = performance.now();
  let next = 0;
  const lane = async (runner: CaseRunner): Promise<void> => {
    for (let n = next++; n < cases.length; n = next++) {
      const c = cases[n];
      const dir = join(root, `case-${n}`);
      const p = prepare(c, fixtures, dir);
      const before = listing(dir);
      const r = await runner.run(p.args);
      const bad = violations(p, r, before);
      const s = stats.get(c.kind) ?? { n: 0, codes: new Map(), ms: 0, maxMs: 0 };
      s.n++;
      s.codes.set(String(r.code), (s.codes.get(String(r.code)) ?? 0) + 1);
      s.ms += r.ms;
      s.maxMs = Math.max(s.maxMs, r.ms);
      stats.set(c.kind, s);
      if (bad.length > 0) {
        const kept = join(ROOT, 'test-output', 'fuzz', `case-${n}`);
        cpSync(dir, kept, { recursive: true });
        failures.push(`case ${n} (${p.describe})\n  squadsim ${p.args.join(' ')}\n  ${bad.join('\n  ')}\n  stderr: ${r.stderr.slice(0, 600)}\n  inputs kept in ${kept}`);
      }
      rmSync(dir, { recursive: true, force: true });
    }
  };
  await Promise.all(runners.map(lane));
  const seconds = (performance.now() - t0) / 1000;
  const rows = [...stats].map(([kind, s]) => `${kind.padEnd(11)} ${String(s.n).padStart(6)}  ${[...s.codes].sort().map(([c, k]) => `exit ${c}: ${k}`).join(', ').padEnd(36)} mean ${(s.ms / s.n).toFixed(0).padStart(5)} ms, max ${s.maxMs.toFixed(0).padStart(6)} ms`);
  const all = [...stats.values()].reduce((m, s) => (s.codes.forEach((k, c) => m.set(c, (m.get(c) ?? 0) + k)), m), new Map<string, number>());
  console.log([
    `fuzz corpus: ${cases.length} cases, seed ${SEED}, ${THREADS} thread(s), rulesets ${fixtures.map((f) => f.id).join(', ')}, ${seconds.toFixed(1)} s`,
    ...rows,
    `all         ${String(cases.length).padStart(6)}  ${[...all].sort().map(([c, k]) => `exit ${c}: ${k}`).join(', ')}; contract violations: ${failures.length}`,
  ].join('\n'));
  expect(failures, failures.join('\n\n')).toEqual([]);
}, 4 * 3600_000);
