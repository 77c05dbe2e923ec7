/**
 * Reading input files (resultsdoc/input-file.ts, read-json.ts): only regular files, with a
 * size cap; strict JSON (BOM accepted, duplicate keys and "__proto__" refused, syntax errors
 * with line and column, deep nesting refused); the config's shape is checked before the
 * files it names are read; a single-valued flag given twice is refused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsonText, readJsonFile } from '../resultsdoc/read-json.ts';
import { loadConfig } from '../sim/config.ts';
import { runCli } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { configErrorOf } from './config-error.ts';
import { ROOT } from './dist-fresh.ts';

const tmp = mkdtempSync(join(tmpdir(), 'squadsim-inputs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const ROSTERS = join(ROOT, 'configs', 'nco', 'rosters');
const write = (name: string, text: string | Buffer): string => (writeFileSync(join(tmp, name), text), join(tmp, name));
const config = (over: Record<string, unknown> = {}) => ({
  ruleset: 'nco',
  sides: [
    { name: 'A', roster: join(ROSTERS, 'us-army-100.json'), policy: 'aggressive' },
    { name: 'B', roster: join(ROSTERS, 'german-heer-100.json'), policy: 'cautious' },
  ],
  ...over,
});
const ref = { field: 'config', allowed: 'expected a JSON config file' };

describe('strict JSON', () => {
  it('accepts a UTF-8 byte-order mark', () => {
    const p = write('bom.json', '\ufeff' + JSON.stringify(config()));
    expect(loadConfig(p).scn.sideNames).toEqual(['A', 'B']);
  });

  it('names the line and column of a syntax error', () => {
    const e = configErrorOf(() => parseJsonText('{\n  "a": 1,\n  "b" 2\n}', 'config', 'x.json', 'x.json'));
    expect(e.message).toMatch(/^config: got "x\.json"; is not valid JSON: colon expected \(line 3 column 7 of x\.json\)$/);
  });

  it('refuses a key given twice, naming its path (JSON.parse would keep the last silently)', () => {
    const text = JSON.stringify(config({ rules: { events: true } })).replace('"rules":', '"rules":{"events":false},"rules":');
    const e = configErrorOf(() => loadConfig(write('dup.json', text)));
    expect(e.message).toMatch(/has the key "rules" twice in one object, at rules: give each key once/);
    const nested = configErrorOf(() => parseJsonText('{"a": [{"b": 1, "c": 2, "b": 3}]}', 'f', 'f', 'f'));
    expect(nested.message).toMatch(/"b" twice in one object, at a\[0\]\.b/);
    expect(parseJsonText('{"a": {"b": 1}, "c": {"b": 2}}', 'f', 'f', 'f')).toEqual({ a: { b: 1 }, c: { b: 2 } });
  });

  it('refuses "__proto__" like any unknown key (zod records dropped it silently)', () => {
    const text = JSON.stringify(config({ rules: { cost_overrides: { private: 9 } } })).replace('"private"', '"__proto__"');
    const e = configErrorOf(() => loadConfig(write('proto.json', text)));
    expect(e.message).toMatch(/has the key "__proto__" at rules\.cost_overrides\.__proto__/);
  });

  it('refuses nesting 10,000 levels deep without overflowing the stack', () => {
    for (const text of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), '['.repeat(10_000)]) {
      expect(configErrorOf(() => parseJsonText(text, 'config', 'deep', 'deep')).message).toMatch(/nested more than 100 levels deep, .*\(line 1 column/);
    }
    expect(parseJsonText('['.repeat(100) + ']'.repeat(100), 'f', 'f', 'f')).toBeInstanceOf(Array);
  });

  it('refuses text that is not UTF-8, and comments and trailing commas', () => {
    expect(configErrorOf(() => readJsonFile(write('latin1.json', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])), ref)).message).toMatch(/is not UTF-8 text/);
    expect(configErrorOf(() => parseJsonText('{"a": 1, // no\n}', 'f', 'f', 'f')).message).toMatch(/invalid comment token/);
    expect(configErrorOf(() => parseJsonText('{"a": [1, 2,]}', 'f', 'f', 'f')).message).toMatch(/value expected/);
    expect(configErrorOf(() => readJsonFile(write('empty.json', ''), ref)).message).toMatch(/value expected \(line 1 column 1/);
  });
});

describe('only regular files, size-capped', () => {
  it('refuses a device, a folder and a file over the cap, without reading them', () => {
    expect(configErrorOf(() => readJsonFile('/dev/zero', ref)).message).toMatch(/\/dev\/zero is a character device, not a regular file/);
    expect(configErrorOf(() => readJsonFile(tmp, ref)).message).toMatch(/is a folder, not a regular file/);
    // 8 GiB, sparse (nothing is actually written): a reader that read it before checking its
    // size would fail otherwise (past Node's 2 GiB buffer limit) or run out of memory, so the
    // cap's message proves the size was checked first, with no clock involved.
    const big = write('big.json', '');
    truncateSync(big, 8 * 1024 ** 3);
    expect(configErrorOf(() => readJsonFile(big, ref)).message).toMatch(/is larger than 67108864 bytes/);
    expect(configErrorOf(() => readJsonFile(write('small.json', '{"a": 1}'), ref, 4)).message).toMatch(/larger than 4 bytes/);
    rmSync(big);
  });

  it('a roster path of /dev/zero and a config path of a FIFO with no writer exit 2 at once (a real process: a hang would block)', () => {
    const cfg = write('zero.json', JSON.stringify(config({ sides: [{ ...config().sides[0], roster: '/dev/zero' }, config().sides[1]] })));
    let r = runCli(['run', cfg, '--games', '10', '--workers', '0'], tmp);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/sides\[0\]\.roster: got "\/dev\/zero"; .*is a character device/);
    const fifo = join(tmp, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    r = runCli(['run', fifo, '--games', '10', '--workers', '0', '--out', 'never'], tmp);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is a named pipe \(FIFO\), not a regular file/);
    expect(existsSync(join(tmp, 'never'))).toBe(false);
  });

  it('checks there are two sides before reading the rosters they name (100,000 sides)', () => {
    // 'r' does not exist: reading any roster would fail with its own message, so this one
    // proves the count is checked first (no clock involved).
    const side = { name: 'x', roster: 'r', policy: 'p' };
    const p = write('million.json', JSON.stringify(config({ sides: Array.from({ length: 100_000 }, () => side) })));
    expect(configErrorOf(() => loadConfig(p)).message).toBe('sides: got "an array of 100000"; expected exactly 2 sides');
  });
});

describe('a single-valued flag given twice', () => {
  it('is refused with exit 2 and writes nothing (run, report, merge, export --table)', async () => {
    const out = (d: string) => join(tmp, 'twice', d);
    const cases: [string[], RegExp][] = [
      [['run', '--games', '10', '--workers', '0', '--out', out('a'), '-o', out('b')], /--out was given 2 times/],
      [['run', '--games', '10', '--games', '20', '--workers', '0'], /--games was given 2 times \(10, 20\)/],
      [['report', 'r.json', '--out', out('a'), '--out', out('b')], /--out was given 2 times/],
      [['merge', 's1.json', 's2.json', '--out', out('a'), '--out', out('b')], /--out was given 2 times/],
      [['export', 'r.json', '--table', 'turns', '--table', 'soldiers'], /--table was given 2 times \("turns", "soldiers"\)/],
    ];
    for (const [args, msg] of cases) {
      const r = await runMain(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(tmp, 'twice'))).toBe(false);
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
