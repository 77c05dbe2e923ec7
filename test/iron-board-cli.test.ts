import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { ROOT } from './dist-fresh.ts';

// Iron Squad boards through the built CLI (npm test builds dist/ first).
const BOARDS = join(ROOT, 'configs', 'iron-squad', 'boards');
const { dir } = cliSandbox('squadsim-iron-board-');

function config(map: unknown): string {
  const c = JSON.parse(readFileSync(join(ROOT, 'configs', 'iron-squad', 'default.json'), 'utf8'));
  delete c.$schema;
  c.map = map;
  const p = join(dir(), `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(p, JSON.stringify(c));
  return p;
}

const run = (args: string[]) => runMain(['run', ...args]);

describe('squadsim run with Iron Squad boards', () => {
  it('a bad hand-made board exits 2 with the path of the bad value, and writes nothing', async () => {
    const board = JSON.parse(readFileSync(join(BOARDS, 'village-small.json'), 'utf8'));
    board.slots[2].hexes[3] = [40, 3];
    const out = join(dir(), 'out-bad');
    const r = await run([config(board), '--games', '10', '--out', out, '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/map\.slots\[2\]\.hexes\[3\]/);
    expect(r.stderr).toMatch(/\[40,3\]/);
    expect(r.stderr).toMatch(/off the 12 × 14 board/);
    expect(existsSync(out)).toBe(false);
  });

  it('bad generator options exit 2 naming map.generate.<field>', async () => {
    const r = await run([config({ generate: { road_rows: [9, 3] } }), '--games', '10', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/map\.generate\.road_rows/);
  });

  it('both shipped boards load by path and play', async () => {
    for (const name of ['village-small.json', 'normandy-36.json']) {
      const r = await run([config(join(BOARDS, name)), '--games', '20', '--seed', '3', '--workers', '1', '--json']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).games).toBe(20);
    }
  });
});
