// bench/perf-configs: the matchups bench/marginal-cpu.sh times against an older build. Both
// files of a pair must still load and play here (the old one names only the policy knobs the
// old build knew; "-v2" sets the newer knobs to the old behaviour).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../sim/config.ts';
import { runSimulation } from '../sim/run.ts';

const dir = 'bench/perf-configs';
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

describe('bench/perf-configs', () => {
  it('come in pairs: X.json and X-v2.json', () => {
    const old = files.filter((f) => !f.endsWith('-v2.json'));
    expect(old.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('-v2.json'))).toEqual(old.map((f) => f.replace(/\.json$/, '-v2.json')));
  });
  for (const f of files) {
    it(`${f} loads and plays`, async () => {
      const { summary } = await runSimulation({ config: loadConfig(`${dir}/${f}`), games: 20, seed: 3, workers: 0 });
      expect(summary.games).toBe(20);
    });
  }
});
