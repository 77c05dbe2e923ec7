/**
 * `squadsim trace` (issue 13): game N of a run, played alone with its event log, is the same
 * game as inside the run: its per-game row equals row N of `run --record games`, for any
 * ruleset. NCO logs turns, orders, shots with their to-hit numbers, wounds, events and VP.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../sim/config.ts';
import { runSimulation } from '../sim/run.ts';
import { traceGame } from '../sim/trace.ts';
import { RULESET_IDS } from '../engine/rulesets/index.ts';
import { QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';
import { checkPage, SKIP_BROWSER, VIEW_WIDTH } from './browser-harness.ts';

/** Rows of games [0, games) of a plain run, by game index. */
async function runRows(config: string, games: number, seed: number): Promise<number[][]> {
  const rows: number[][] = [];
  const r = await runSimulation({ config, games, seed, workers: 0, onRows: (buf, first) => {
    const w = loaded(config).scn.plan.rowColumns.length;
    for (let k = 0; k * w < buf.length; k++) rows[first + k] = Array.from(buf.subarray(k * w, (k + 1) * w));
  } });
  expect(r.games).toBe(games);
  return rows;
}
const cache = new Map<string, ReturnType<typeof loadConfig>>();
const loaded = (p: string) => cache.get(p) ?? (cache.set(p, loadConfig(p)), cache.get(p)!);

describe('squadsim trace', () => {
  it('NCO: the traced game N is row N of the run, for games early, middle and last in a chunk', async () => {
    const rows = await runRows(QUICK, 600, 5);
    for (const n of [0, 37, 499, 599]) {
      const t = traceGame(loaded(QUICK), 5, n);
      expect(t.row.values, `game ${n}`).toEqual(rows[n]);
      const result = t.events[t.events.length - 1];
      expect(result.kind).toBe('result');
      expect(result.winner).toBe(rows[n][1]);
    }
  });
  it.each(RULESET_IDS)('%s: its default config\'s traced game 3 equals row 3 of the run', async (id) => {
    const cfg = join(ROOT, 'configs', id, 'default.json');
    const rows = await runRows(cfg, 5, 2);
    expect(traceGame(loaded(cfg), 2, 3).row.values).toEqual(rows[3]);
  });
  it('NCO logs what happened: turns, orders, shots with to-hit numbers, losses, the VP', () => {
    const t = traceGame(loaded(QUICK), 5, 12);
    const kinds = new Set(t.events.map((e) => e.kind));
    for (const k of ['game', 'turn', 'activation', 'roll', 'score', 'result']) expect(kinds.has(k), k).toBe(true);
    expect(t.text).toMatch(/shoots .* needing \d\+, \d hits?/);
    expect(t.text).toMatch(/^turn 1$/m);
    const shot = t.events.find((e) => e.kind === 'roll' && e.roll === 'shot')!;
    expect(shot).toMatchObject({ toHit: expect.any(Number), dice: expect.any(Number), hits: expect.any(Number) });
  });
  it('CLI: writes trace.jsonl and trace.txt; a bad --game exits 2 and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-trace-'));
    const r = await runMain(['trace', QUICK, '--game', '4', '--seed', '5', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(join(dir, 'trace.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ kind: 'game', game: 4, seed: 5 });
    expect(readFileSync(join(dir, 'trace.txt'), 'utf8')).toBe(r.stdout.split('trace: ')[0]);
    const bad = mkdtempSync(join(tmpdir(), 'squadsim-trace-'));
    const e = await runMain(['trace', QUICK, '--game', '-1', '--out', bad]);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/--game/);
    expect(existsSync(join(bad, 'trace.txt'))).toBe(false);
    expect(existsSync(join(bad, 'trace.html'))).toBe(false);
  });

  it.skipIf(SKIP_BROWSER)('trace.html shows the game step by step and renders offline in headless Chromium', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-trace-'));
    const r = await runMain(['trace', join(ROOT, 'configs', 'nco', 'default.json'), '--game', '3', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(join(dir, 'trace.html'), 'utf8');
    const events = readFileSync(join(dir, 'trace.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(html).toContain('Game 3 of seed 1');
    expect(html).toContain('What was played');
    // Every event's text is on the page (escaped), under its step's table.
    for (const e of events) expect(html).toContain(String(e.text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(html).toMatch(/<h3 id="table-step-1">Turn 1<\/h3>/);
    expect(existsSync(join(dir, 'trace-events.svg'))).toBe(true);
    const c = await checkPage(join(dir, 'trace.html'), join(ROOT, 'test-output', 'trace.png'));
    expect(c.problems).toEqual([]);
    expect(c.blocked).toEqual([]);
    expect(c.state).toEqual({ expected: 1, rendered: 1, errors: [] });
    expect(c.charts[0].marks).toBeGreaterThan(0);
    expect(c.pageWidth).toBeLessThanOrEqual(VIEW_WIDTH);
  });
});
