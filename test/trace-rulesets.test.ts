/**
 * `squadsim trace` for every registered ruleset (issues 13, 30): each logs its steps,
 * activations, rolls with their target numbers, casualties, the end and the score, and the
 * log agrees with the game's recorded row: casualties logged per side = the row's
 * casualties, the logged score = the row's score. The traced games are the run's games: the
 * trace draws no die of its own. What a ruleset's own lines look like is its declaration
 * (Ruleset.traceVocabulary); this file names no ruleset.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESET_IDS, RULESETS } from '../engine/rulesets/index.ts';
import { loadConfig } from '../sim/config.ts';
import { runSimulation } from '../sim/run.ts';
import { traceGame, type TracedGame } from '../sim/trace.ts';
import { ROOT } from './dist-fresh.ts';

const CASES = RULESET_IDS.map((id) => ({ id, ...RULESETS[id].traceVocabulary }));
const GAMES = [0, 1, 2, 3, 4, 5];

const col = (t: TracedGame, name: string) => t.row.values[t.row.columns.indexOf(name)];

describe.each(CASES)('trace of $id', ({ id, kinds, roll, step }) => {
  const loaded = loadConfig(join(ROOT, 'configs', id, 'default.json'));
  const traces = GAMES.map((n) => traceGame(loaded, 9, n));

  it('has the runner lines around its own: steps, activations, rolls, the end and the score', () => {
    for (const t of traces) {
      const k = new Set(t.events.map((e) => e.kind));
      for (const want of [step, 'activation', 'end', 'score']) expect(k.has(want), `${id} game ${t.row.values[0]}: ${want}`).toBe(true);
      expect(t.events[0].kind).toBe('game');
      expect(t.events[t.events.length - 1].kind).toBe('result');
      expect(t.text).toMatch(new RegExp(`^${step} 1$`, 'm'));
      expect(t.events.filter((e) => e.step > 0).length).toBeGreaterThan(t.events.length / 2);
    }
    // What a game may lack (a game without an attack), the six together have.
    const all = new Set(traces.flatMap((t) => t.events.map((e) => e.kind)));
    for (const want of [...kinds, 'roll', 'casualty']) expect(all.has(want), `${id}: ${want}`).toBe(true);
    expect(traces.some((t) => roll.test(t.text)), `${id}: a roll line like ${roll}`).toBe(true);
  });

  it('the traced games are the run\'s: each row equals the run\'s row for that game', async () => {
    const w = loaded.scn.plan.rowColumns.length, rows: number[][] = [];
    const cfg = join(ROOT, 'configs', id, 'default.json');
    await runSimulation({ config: cfg, games: GAMES.length, seed: 9, workers: 0, onRows: (buf, first) => {
      for (let k = 0; k * w < buf.length; k++) rows[first + k] = Array.from(buf.subarray(k * w, (k + 1) * w));
    } });
    for (const t of traces) expect(t.row.values, `${id} game ${t.row.values[0]}`).toEqual(rows[t.row.values[0]]);
  });

  it('rolls carry their target number and result as numbers', () => {
    const rolls = traces.flatMap((t) => t.events.filter((e) => e.kind === 'roll' && e.target_number !== undefined));
    expect(rolls.length).toBeGreaterThan(10);
    for (const r of rolls) expect(r, r.text).toMatchObject({ target_number: expect.any(Number), result: expect.any(Number) });
  });

  it('casualties logged per side are the row\'s casualties; the logged score is the row\'s', () => {
    let lost = 0;
    for (const t of traces) {
      for (const side of [0, 1]) {
        const logged = t.events.filter((e) => e.kind === 'casualty' && e.side === side).length;
        expect(logged, `${id} game ${t.row.values[0]} side ${side}`).toBe(col(t, `side${side}_casualties`));
        lost += logged;
      }
      const score = t.events.find((e) => e.kind === 'score')!;
      expect(score.vp).toEqual([t.row.values[4], t.row.values[5]]);
      const result = t.events[t.events.length - 1];
      expect(result.score).toEqual(score.vp);
    }
    expect(lost, `${id}: some casualties in ${GAMES.length} games`).toBeGreaterThan(0);
  });

  it('the end comes once, after the last step begins', () => {
    for (const t of traces) {
      const ends = t.events.filter((e) => e.kind === 'end');
      expect(ends).toHaveLength(1);
      const lastStep = Math.max(...t.events.map((e) => e.step));
      expect(ends[0].step).toBe(lastStep);
    }
  });
});

describe('the standard lines are checked against the tally', () => {
  const id = RULESET_IDS[0];
  const loaded = loadConfig(join(ROOT, 'configs', id, 'default.json'));
  /** The ruleset with one extra line written after its game (as a buggy ruleset might). */
  const tampered = (extra: (trace: NonNullable<import('../engine/env.ts').GameEnv['trace']>) => void) => {
    let env: import('../engine/env.ts').GameEnv | null = null;
    const r = loaded.ruleset;
    return { ...loaded, ruleset: { ...r, createGame: (scn: never, e: never) => { env = e; return r.createGame(scn, e); }, playGame: (g: never) => { r.playGame(g); extra(env!.trace!); } } };
  };
  it('a casualty line the tally did not count stops the trace', () => {
    expect(() => traceGame(tampered((t) => t.casualty(1, 'a ghost is killed')) as never, 9, 0)).toThrow(/casualty lines per side/);
  });
  it('a second end line stops the trace', () => {
    expect(() => traceGame(tampered((t) => t.end('turn', 99, 'again')) as never, 9, 0)).toThrow(/2 end lines/);
  });
});
