/**
 * `squadsim odds <ruleset>` with comma lists (cli/odds.ts): the cross product of the lists,
 * one comparison row per combination, `--json` an array equal to single calls, the
 * combination limit, bad items, and the NCO actions through the CLI.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ncoOdds } from '../engine/rulesets/nco/tools/odds.ts';
import { getRuleset } from '../engine/rulesets/index.ts';
import { CLI, runCli } from './cli-harness.ts';
import { runMain } from './cli-main.ts';
import { assertDistFresh, ROOT } from './dist-fresh.ts';

describe('squadsim odds with lists (CLI)', () => {
  beforeAll(() => assertDistFresh(CLI, ['cli', 'sim', 'engine']));
  // The first check runs the built CLI as a process; the rest call its main() in this process
  // (the same output and exit codes, without ~0.5 s of start-up for each of 19 calls).
  const spawned = (args: string[]) => runCli(args, ROOT);
  const cli = (args: string[]) => runMain(args);

  it('--json with lists is an array of the single calls, first flag varying slowest', async () => {
    const r = spawned(['odds', 'nco', '--weapon', 'rifle,smg', '--distance', '4,8,12', '--cover', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { inputs: { weapon: string; distance: number } }[];
    const order = ['rifle', 'smg'].flatMap((weapon) => [4, 8, 12].map((distance) => ({ weapon, distance })));
    expect(doc.map((d) => ({ weapon: d.inputs.weapon, distance: d.inputs.distance }))).toEqual(order);
    expect(doc).toEqual(order.map((o) => ncoOdds.compute({ ...o, cover: true })));
  });

  it('a combination out of range is a row saying why (the documented 4,8,12,16 example); all refused exits 2 naming the flag and value', async () => {
    const r = (await cli(['odds', 'nco', '--weapon', 'rifle,smg', '--distance', '4,8,12,16']));
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^(rifle|smg) /.test(l));
    expect(rows).toHaveLength(8);
    expect(rows.filter((l) => /is beyond the smg's range/.test(l))).toEqual([expect.stringMatching(/^smg\s+16\s/)]);
    const json = JSON.parse((await cli(['odds', 'nco', '--weapon', 'rifle,smg', '--distance', '4,16', '--json'])).stdout) as { refused?: string }[];
    expect(json.map((x) => x.refused !== undefined)).toEqual([false, false, false, true]);
    const all = (await cli(['odds', 'nco', '--weapon', 'smg', '--distance', '16,20']));
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/--distance: got 16; is beyond the smg's range/);
  });

  it('the comparison table has one row per combination with the main probabilities, equal to single calls', async () => {
    const r = (await cli(['odds', 'nco', '--weapon', 'rifle,smg', '--distance', '4,12', '--json']));
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const singles = [['rifle', 4], ['rifle', 12], ['smg', 4], ['smg', 12]].map(([weapon, distance]) => ncoOdds.compute({ weapon, distance }));
    expect(doc).toEqual(singles);
    const text = (await cli(['odds', 'nco', '--weapon', 'rifle,smg', '--distance', '4,12']));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/4 combinations of --weapon × --distance/);
    const lines = text.stdout.split('\n');
    const header = lines.find((l) => l.startsWith('--weapon'))!;
    expect(header).toMatch(/P\(hit\).*P\(killed\)/);
    expect(header).toMatch(/P\(hit\)\s+P\(2 hits\)\s+P\(broken down\)/); // the SMG-only column sits by its neighbour
    const rows = lines.filter((l) => /^(rifle|smg)\s/.test(l));
    expect(rows).toHaveLength(4);
    const pct = (p: number) => `${(100 * p).toFixed(2)} %`;
    singles.forEach((s, k) => {
      expect(rows[k]).toContain(pct(s.summary!['P(hit)']));
      expect(rows[k]).toContain(pct(s.summary!['P(killed)']));
    });
  });

  it('a single value prints exactly what it printed before lists (no comparison table)', async () => {
    const one = (await cli(['odds', 'nco', '--weapon', 'smg', '--distance', '8', '--json']));
    expect(JSON.parse(one.stdout)).toEqual(ncoOdds.compute({ weapon: 'smg', distance: 8 }));
    expect((await cli(['odds', 'nco', '--distance', '8'])).stdout).toMatch(/^NCO: rifle fire at 8"/);
  });

  it('close combat and rally lists: one row each, the same numbers as single calls', async () => {
    const r = (await cli(['odds', 'nco', '--action', 'close-combat', '--attacker', 'corporal,sergeant', '--defender', 'private', '--json']));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['corporal', 'sergeant'].map((attacker) => ncoOdds.compute({ action: 'close-combat', attacker, defender: 'private' })));
    const t = (await cli(['odds', 'nco', '--action', 'rally', '--current', '0,1,2,3,4']));
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/P\(back to max\)/);
    expect(t.stdout.split('\n').filter((l) => /^[0-4]\s/.test(l))).toHaveLength(5);
  });

  it('works for every ruleset with odds (other providers show their outcomes when they give no summary)', async () => {
    for (const id of ['iron-squad', 'owam', 'skill-die', 'platoon']) {
      const p = getRuleset(id)!.odds!;
      const num = p.options.find((o) => o.type === 'number' && o.default !== undefined);
      if (!num) continue;
      const v = Number(num.default);
      const r = (await cli(['odds', id, `--${num.name}`, `${v},${v}`, '--json']));
      expect(r.code, `${id}: ${r.stderr}`).toBe(0);
      const doc = JSON.parse(r.stdout);
      expect(doc, id).toEqual([p.compute({ [num.name]: v }), p.compute({ [num.name]: v })]);
      const text = (await cli(['odds', id, `--${num.name}`, `${v},${v}`]));
      expect(text.stdout, id).toMatch(/2 combinations of/);
      expect(text.stdout, id).toMatch(/P\(/);
    }
  });

  it('bad items, too many combinations and options of another action exit 2 naming the flag', async () => {
    const far = (await cli(['odds', 'nco', '--distance', '4,far,8']));
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/--distance: got "far"; expected a number \(an item of the list "4,far,8"\)/);
    expect(far.stdout).toBe('');
    const bazooka = (await cli(['odds', 'nco', '--weapon', 'rifle,bazooka']));
    expect(bazooka.code).toBe(2);
    expect(bazooka.stderr).toMatch(/--weapon: got "bazooka"; expected one of "rifle"/);
    const empty = (await cli(['odds', 'nco', '--distance', '4,,8']));
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/--distance: got "4,,8"; expected a comma list with no empty item/);
    const many = (await cli(['odds', 'nco', '--distance', Array.from({ length: 15 }, (_, k) => k).join(','), '--health', Array.from({ length: 14 }, (_, k) => k + 1).join(',')]));
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(/--distance, --health: got 210; combinations is too many \(--distance \(15\) × --health \(14\)\); expected at most 200/);
    const cc = (await cli(['odds', 'nco', '--action', 'close-combat', '--distance', '4']));
    expect(cc.code).toBe(2);
    expect(cc.stderr).toMatch(/--distance: got 4; does not apply to --action close-combat/);
    const twice = (await cli(['odds', 'nco', '--distance', '4', '--distance', '8']));
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/--distance/);
  });
});
