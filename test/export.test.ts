import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { fromArrow, fromCSV, type ColumnTable } from 'arquero';
import { parquetReadObjects } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { gamesTable, sdFromSums } from '../analysis/export.ts';
import { GameRowsWriter, readGameRows } from '../resultsdoc/game-rows.ts';
import { cliSandbox } from './cli-harness.ts';
import { runMain } from './cli-main.ts';

const GAMES = 600;

const { cli, dir } = cliSandbox('squadsim-export-');
// The runs and `streams to stdout` are real processes; the other exports call main() in this
// process (runMain: the same files, output and exit codes, without a CLI start-up each).
const exportMain = (args: readonly string[]) => runMain(args);
let tmp: string;
let doc: any;

async function exported(table: string, results = join(tmp, 'w1', 'results.json')): Promise<ColumnTable> {
  const out = join(tmp, `${table}.csv`);
  const r = await exportMain(['export', results, '--table', table, '--out', out]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return fromCSV(readFileSync(out, 'utf8'));
}

const col = (t: ColumnTable, name: string): any[] => t.array(name) as any[];
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

beforeAll(() => {
  tmp = dir();
  for (const w of [1, 2]) {
    const r = cli(['run', '--games', String(GAMES), '--seed', '5', '--workers', String(w), '--record', 'games', '--out', `w${w}`]);
    expect(r.code, r.stderr).toBe(0);
  }
  const plain = cli(['run', '--games', '100', '--seed', '5', '--workers', '0', '--out', 'plain']);
  expect(plain.code, plain.stderr).toBe(0);
  doc = JSON.parse(readFileSync(join(tmp, 'w1', 'results.json'), 'utf8'));
});

describe('run --record games', () => {
  it('stores the rows beside results.json and names them there', async () => {
    expect(readdirSync(join(tmp, 'w1')).sort()).toEqual(['games.f64', 'results.json']);
    expect(doc.gameRows).toMatchObject({ file: 'games.f64', format: 'f64le', count: GAMES });
    expect(doc.gameRows.columns[0]).toBe('game');
    expect(doc.gameRows.labels.winner).toEqual(['US Army', 'German Heer', 'draw']);
    expect(readFileSync(join(tmp, 'w1', 'games.f64')).length).toBe(GAMES * doc.gameRows.columns.length * 8);
  });

  it('gives byte-identical rows for 1 and 2 workers', async () => {
    expect(readFileSync(join(tmp, 'w2', 'games.f64')).equals(readFileSync(join(tmp, 'w1', 'games.f64')))).toBe(true);
    const d2 = JSON.parse(readFileSync(join(tmp, 'w2', 'results.json'), 'utf8'));
    expect(d2.accumulators).toEqual(doc.accumulators);
  });
});

describe('squadsim export --table games', () => {
  let t: ColumnTable;
  beforeAll(async () => {
    t = (await exported('games'));
  });

  it('has a header and one row per game, in game order', async () => {
    expect(t.columnNames()).toEqual(doc.gameRows.columns);
    expect(t.numRows()).toBe(GAMES);
    expect(col(t, 'game')).toEqual(Array.from({ length: GAMES }, (_, i) => i));
  });

  it('agrees with the accumulators', async () => {
    const acc = doc.accumulators;
    const winners = col(t, 'winner');
    expect(['US Army', 'German Heer', 'draw'].map((w) => winners.filter((x) => x === w).length)).toEqual(acc.outcome);
    for (const s of [0, 1]) {
      const vp = col(t, `side${s}_vp`);
      expect(sum(vp)).toBe(acc.score[s]);
      expect(sum(vp.map((v) => v * v))).toBe(acc.scoreSq[s]);
      expect(sum(col(t, `side${s}_casualties`))).toBe(sum(acc.casualties[s]));
      // Surviving points after the last turn are recorded for every game, also ones that ended early.
      expect(sum(col(t, `side${s}_surviving_points`))).toBe(acc.survivingValue[s][doc.summary.lethality.steps - 1]);
      const start = acc.startingValue[s] / GAMES;
      col(t, `side${s}_surviving_points`).forEach((v, i) => expect(v + col(t, `side${s}_points_lost`)[i]).toBe(start));
    }
    const margin = col(t, 'margin');
    margin.forEach((m, i) => expect(m).toBe(col(t, 'side0_vp')[i] - col(t, 'side1_vp')[i]));
    // Margin classes of decided games match the marginClass block.
    const classes = doc.gameRows.labels.margin_class as string[];
    for (const [s, name] of [[0, 'US Army'], [1, 'German Heer']] as const) {
      const mine = col(t, 'margin_class').filter((_, i) => winners[i] === name);
      expect(classes.map((c) => mine.filter((x) => x === c).length)).toEqual(acc.winClass[s]);
    }
    for (const turns of col(t, 'turns')) expect(turns).toBeGreaterThanOrEqual(1);
  });

  it('streams to stdout too', async () => {
    const r = cli(['export', join(tmp, 'w1', 'results.json'), '--table', 'games']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(doc.gameRows.columns.join(','));
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(GAMES + 1);
  });
});

describe('squadsim export --format arrow (issue 13)', () => {
  it('writes the games table as an Arrow IPC file with the same columns and values as the CSV', async () => {
    const out = join(tmp, 'games.arrow');
    const r = (await exportMain(['export', join(tmp, 'w1', 'results.json'), '--table', 'games', '--format', 'arrow', '--out', out]));
    expect(r.code, r.stderr).toBe(0);
    const arrow = fromArrow(readFileSync(out));
    const csv = (await exported('games'));
    expect(arrow.columnNames()).toEqual(csv.columnNames());
    expect(arrow.numRows()).toBe(GAMES);
    for (const c of csv.columnNames()) expect(Array.from(arrow.array(c) as ArrayLike<unknown>), c).toEqual(Array.from(csv.array(c) as ArrayLike<unknown>));
  });
  it('refuses arrow on stdout (exit 2)', async () => {
    const r = (await exportMain(['export', join(tmp, 'w1', 'results.json'), '--table', 'steps', '--format', 'arrow']));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format: got "arrow"; needs --out/);
  });
});

describe('squadsim export --format parquet (issue 31)', () => {
  /** The Parquet file's rows read back with hyparquet (a reader independent of the writer's code path). */
  async function parquetRows(file: string): Promise<Record<string, unknown>[]> {
    const buf = readFileSync(file);
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    return (await parquetReadObjects({ file: ab })) as Record<string, unknown>[];
  }
  for (const table of ['games', 'steps', 'units']) {
    it(`writes the ${table} table with the same columns, rows and values as the CSV`, async () => {
      const out = join(tmp, `${table}.parquet`);
      const r = (await exportMain(['export', join(tmp, 'w1', 'results.json'), '--table', table, '--format', 'parquet', '--out', out]));
      expect(r.code, r.stderr).toBe(0);
      const rows = await parquetRows(out);
      const csv = (await exported(table));
      expect(Object.keys(rows[0])).toEqual(csv.columnNames());
      expect(rows).toHaveLength(csv.numRows());
      if (table === 'games') expect(rows).toHaveLength(GAMES);
      for (const c of csv.columnNames()) {
        const want = (csv.array(c) as ArrayLike<unknown>);
        rows.forEach((row, i) => {
          const w = want[i] === undefined ? null : want[i];
          // CSV has no types: a text column of digits reads back as numbers there.
          expect(typeof row[c] === 'string' && typeof w === 'number' ? Number(row[c]) : row[c], `${c} row ${i}`).toEqual(w);
        });
      }
    });
  }
  it('refuses parquet on stdout (exit 2)', async () => {
    const r = (await exportMain(['export', join(tmp, 'w1', 'results.json'), '--table', 'steps', '--format', 'parquet']));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format: got "parquet"; needs --out/);
  });
});

describe('squadsim export --table turns', () => {
  it('gives per-side means that match the accumulators, and per-type rows that add up', async () => {
    const t = (await exported('turns'));
    const acc = doc.accumulators, steps = doc.summary.lethality.steps;
    const rows = t.objects() as any[];
    for (const [s, side] of doc.summary.sides.map((x: any, i: number) => [i, x.name])) {
      const all = rows.filter((r) => r.side === side && r.type === 'all');
      expect(all.map((r) => r.step)).toEqual(Array.from({ length: steps }, (_, i) => i + 1));
      let cum = 0;
      all.forEach((r, k) => {
        cum += acc.casualties[s][k];
        expect(r.casualties).toBeCloseTo(acc.casualties[s][k] / GAMES, 12);
        expect(r.cum_casualties).toBeCloseTo(cum / GAMES, 12);
        expect(r.surviving_points).toBeCloseTo(acc.survivingValue[s][k] / GAMES, 12);
        expect(r.casualties_sd).toBeCloseTo(sdFromSums(acc.casualties[s][k], acc.casualtiesSq[s][k], GAMES)!, 12);
        const byType = rows.filter((x) => x.side === side && x.type !== 'all' && x.step === k + 1);
        expect(byType.length).toBeGreaterThan(1);
        expect(sum(byType.map((x) => x.casualties))).toBeCloseTo(r.casualties, 9);
        expect(sum(byType.map((x) => x.fielded))).toBeCloseTo(r.fielded, 9);
      });
    }
  });
});

describe('squadsim export --table soldiers', () => {
  it('gives per-type rates that match the accumulators', async () => {
    const t = (await exported('soldiers'));
    const acc = doc.accumulators;
    const types: string[] = doc.layout.find((b: any) => b.name === 'typeFielded').labels[1];
    const rows = t.objects() as any[];
    expect(rows.length).toBeGreaterThan(4);
    for (const r of rows) {
      const s = doc.summary.sides.findIndex((x: any) => x.name === r.side), k = types.indexOf(r.type);
      expect(k).toBeGreaterThanOrEqual(0);
      const fielded = acc.typeFielded[s][k], dead = sum(acc.typeCasualties[s][k]);
      expect(r.fielded).toBeCloseTo(fielded / GAMES, 12);
      expect(r.casualty_rate).toBeCloseTo(dead / fielded, 12);
      expect(r.casualty_rate_lo).toBeLessThanOrEqual(r.casualty_rate);
      expect(r.casualty_rate_hi).toBeGreaterThanOrEqual(r.casualty_rate);
      if (acc.typeCost[s][k] > 0) expect(r.kills_per_points).toBeCloseTo(acc.typeKills[s][k] / acc.typeCost[s][k], 12);
    }
  });
});

describe('export errors (exit 2, nothing written)', () => {
  it('says how to record games when the run did not', async () => {
    const out = join(tmp, 'none.csv');
    const r = (await exportMain(['export', join(tmp, 'plain', 'results.json'), '--table', 'games', '--out', out]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--record games/);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects a truncated rows file before writing anything', async () => {
    const dir = join(tmp, 'cut');
    mkdirSync(dir);
    copyFileSync(join(tmp, 'w1', 'results.json'), join(dir, 'results.json'));
    copyFileSync(join(tmp, 'w1', 'games.f64'), join(dir, 'games.f64'));
    truncateSync(join(dir, 'games.f64'), 800);
    const r = (await exportMain(['export', join(dir, 'results.json'), '--table', 'games', '--out', join(dir, 'g.csv')]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/gameRows\.file: got "games\.f64"; has 800 bytes/);
    expect(readdirSync(dir).sort()).toEqual(['games.f64', 'results.json']);
  });

  it('rejects an unknown table and a missing file', async () => {
    expect((await exportMain(['export', join(tmp, 'w1', 'results.json'), '--table', 'bogus'])).code).toBe(2);
    expect((await exportMain(['export', join(tmp, 'nope.json'), '--table', 'turns'])).code).toBe(2);
  });
});

describe('games.f64 writer and reader', () => {
  it('renames into place on commit, reads back in batches, and leaves nothing on abort', async () => {
    const dir = join(tmp, 'rows-unit');
    const w = new GameRowsWriter(dir, 2);
    w.append(Float64Array.of(0, 1.5, 1, -2));
    w.append(Float64Array.of(2, 0.25));
    expect(readdirSync(dir)).toHaveLength(1); // only the temp file so far
    expect(readdirSync(dir)[0]).toMatch(/^\.games\.f64\..*\.tmp$/);
    const written = w.commit();
    expect(written.rows).toBe(3);
    expect(written.sha256).toBe('sha256:' + createHash('sha256').update(readFileSync(join(dir, 'games.f64'))).digest('hex'));
    expect(readdirSync(dir)).toEqual(['games.f64']);
    const info = { file: 'games.f64', format: 'f64le' as const, columns: ['a', 'b'], labels: {}, count: 3, sha256: written.sha256 };
    // The reader reuses its buffer, so each batch is copied before the next is read.
    const batches: number[][] = [];
    for (const b of readGameRows(join(dir, 'results.json'), info, 2)) batches.push(Array.from(b));
    expect(batches).toEqual([[0, 1.5, 1, -2], [2, 0.25]]);
    const bad = new GameRowsWriter(join(tmp, 'rows-abort'), 2);
    bad.append(Float64Array.of(1, 2));
    bad.abort();
    expect(existsSync(join(tmp, 'rows-abort'))).toBe(false); // the folder it made is gone too
    expect(() => bad.append(Float64Array.of(1, 2))).toThrow(/closed/);
  });
});

describe('export helpers', () => {
  it('sdFromSums: per-game sd from sums (1, 2, 3 -> sd 1)', async () => {
    expect(sdFromSums(6, 14, 3)).toBeCloseTo(1, 12);
    expect(sdFromSums(6, null, 3)).toBeNull();
    expect(sdFromSums(5, 25, 1)).toBeNull();
  });

  it('gamesTable writes labels for coded columns and blanks for NaN', async () => {
    const t = gamesTable({ columns: ['game', 'winner', 'x'], labels: { winner: ['A', 'B', 'draw'] } }, [Float64Array.of(0, 1, 2.5, 1, 2, NaN)]);
    expect([...t.rows]).toEqual([[0, 'B', 2.5], [1, 'draw', null]]);
  });
});
