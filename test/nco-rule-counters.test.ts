/**
 * Rules in play (issue 13): NCO counts how often each rule fires, per side, into the
 * `rulesInPlay` block; the report shows it and `export --table rules` writes it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, config, SGT, PVT } from './nco-harness.ts';
import { player } from './play-harness.ts';
import { nco } from '../engine/rulesets/nco/index.ts';
import { compileNco } from '../engine/rulesets/nco/compile.ts';
import { closeCombat } from '../engine/rulesets/nco/rules/assault.ts';
import { applyDownItem } from '../engine/rulesets/nco/rules/items.ts';
import { applyEvent, EV_FOX } from '../engine/rulesets/nco/rules/events.ts';
import { I_FLASK } from '../engine/rulesets/nco/data/roster-types.ts';
import { RC_CLOSE_COMBAT, RC_EVENT0, RC_FLASK, RC_BREAKDOWN, RC_FIELD_MEDICINE, RC_RELIGIOUS_RITES, RULE_COUNTERS } from '../engine/rulesets/nco/data/rule-counters.ts';
import { healthRally, psycheRallyTransferred } from '../engine/rulesets/nco/rules/rites.ts';
import { QUICK, ROOT } from './dist-fresh.ts';
import { runMain } from './cli-main.ts';

const K = RULE_COUNTERS.length;

describe('NCO rule counters', () => {
  it('each counter is bumped by its rule: a close combat for the attacker, an item for its recipient, an event for both sides', () => {
    const { g, b0 } = build({ a: [SGT, PVT], b: [SGT, PVT] });
    closeCombat(g, 1, b0 + 1);
    applyDownItem(g, b0, I_FLASK);
    applyEvent(g, EV_FOX);
    const at = (s: number, k: number) => g.count.rulesInPlay.get(s, k);
    expect([at(0, RC_CLOSE_COMBAT), at(1, RC_CLOSE_COMBAT)]).toEqual([1, 0]);
    expect([at(0, RC_FLASK), at(1, RC_FLASK)]).toEqual([0, 1]);
    expect([at(0, RC_EVENT0 + EV_FOX), at(1, RC_EVENT0 + EV_FOX)]).toEqual([1, 1]);
  });
  it('field-medicine and religious-rites count a Rally passed on, not one kept (balance reads them as the Medic\'s and Chaplain\'s use)', () => {
    const { g } = build({ a: [SGT, { type: 'medic' }, { type: 'chaplain' }] });
    for (const [i, j] of [[1, 0], [2, 0], [2, 1]]) g.rd[i * g.n + j] = g.rd[j * g.n + i] = 1; // all within 3"
    let target = 0, transfer = true;
    (g as unknown as { decide: typeof g.decide }).decide = { ...g.decide, medicRallyTarget: () => target, ritesTransfer: () => transfer };
    healthRally(g, 1, 3);
    target = 1; // he keeps it
    healthRally(g, 1, 3);
    expect(psycheRallyTransferred(g, 2, 2)).toBe(true);
    transfer = false;
    expect(psycheRallyTransferred(g, 2, 2)).toBe(false);
    expect([g.count.rulesInPlay.get(0, RC_FIELD_MEDICINE), g.count.rulesInPlay.get(0, RC_RELIGIOUS_RITES)]).toEqual([1, 1]);
    expect(RULE_COUNTERS[RC_FIELD_MEDICINE]).toBe('field-medicine');
    expect(RULE_COUNTERS[RC_RELIGIOUS_RITES]).toBe('religious-rites');
  });
  it('whole games: events count alike for both sides, breakdowns match the soldiers\' own counts, and the block sums the games', () => {
    const scn = compileNco(config({ map: { generate: { mirrored: true } } }));
    const p = player(nco, scn);
    let breakdowns = 0;
    for (let k = 0; k < 40; k++) {
      p.play(3, k);
      for (let i = 0; i < p.game.n; i++) breakdowns += p.game.breakdowns[i];
    }
    const b = p.block('rulesInPlay');
    for (let e = 0; e < 10; e++) expect(b[e], RULE_COUNTERS[e]).toBe(b[K + e]);
    expect(b.slice(0, 10).reduce((s, x) => s + x, 0)).toBeGreaterThan(40); // about one event per turn played
    expect(b[RC_BREAKDOWN] + b[K + RC_BREAKDOWN]).toBe(breakdowns);
  });
  it('report shows "Rules in play"; export --table rules writes it; a ruleset without counters exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squadsim-rules-'));
    expect((await runMain(['run', QUICK, '-n', '100', '-w', '0', '--out', dir])).code).toBe(0);
    expect((await runMain(['report', join(dir, 'results.json'), '--out', join(dir, 'rep')])).code).toBe(0);
    expect(readFileSync(join(dir, 'rep', 'summary.md'), 'utf8')).toMatch(/## Rules in play/);
    const ex = await runMain(['export', join(dir, 'results.json'), '--table', 'rules']);
    expect(ex.code).toBe(0);
    expect(ex.stdout.split('\n')[0]).toBe('side,rule,total,per_game');
    expect(ex.stdout.split('\n').length).toBeGreaterThan(2 * K);
    const iron = join(dir, 'iron');
    expect((await runMain(['run', join(ROOT, 'configs', 'iron-squad', 'default.json'), '-n', '10', '-w', '0', '--out', iron])).code).toBe(0);
    const bad = await runMain(['export', join(iron, 'results.json'), '--table', 'rules']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/rulesInPlay/);
  });
});
