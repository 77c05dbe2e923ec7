import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertDistFresh } from './dist-fresh.ts';

// Iron Squad boards through the built CLI (npm test builds dist/ first).
const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const BOARDS = join(ROOT, 'configs', 'iron-squad', 'boards');
let tmp: string;

beforeAll(() => {
  assertDistFresh(CLI, ['cli', 'sim', 'engine']);
  tmp = mkdtempSync(join(tmpdir(), 'squadsim-iron-board-'));
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function config(map: unknown): string {
  const c = JSON.parse(readFileSync(join(ROOT, 'configs', 'iron-squad', 'default.json'), 'utf8'));
  delete c.$schema;
  c.map = map;
  const p = join(tmp, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(p, JSON.stringify(c));
  return p;
}

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'run', ...args], { cwd: tmp, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('squadsim run with Iron Squad boards', () => {
  it('a bad hand-made board exits 2 with the path of the bad value, and writes nothing', () => {
    const board = JSON.parse(readFileSync(join(BOARDS, 'village-small.json'), 'utf8'));
    board.slots[2].hexes[3] = [40, 3];
    const out = join(tmp, 'out-bad');
    const r = run([config(board), '--games', '10', '--out', out, '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/map\.slots\[2\]\.hexes\[3\]/);
    expect(r.stderr).toMatch(/\[40,3\]/);
    expect(r.stderr).toMatch(/off the 12 × 14 board/);
    expect(existsSync(out)).toBe(false);
  });

  it('bad generator options exit 2 naming map.generate.<field>', () => {
    const r = run([config({ generate: { road_rows: [9, 3] } }), '--games', '10', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/map\.generate\.road_rows/);
  });

  it('both shipped boards load by path and play', () => {
    for (const name of ['village-small.json', 'normandy-36.json']) {
      const r = run([config(join(BOARDS, name)), '--games', '20', '--seed', '3', '--workers', '1', '--json']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).games).toBe(20);
    }
  });
});
