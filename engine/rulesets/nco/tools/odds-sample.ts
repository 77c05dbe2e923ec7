/**
 * The Monte Carlo side of `odds nco` (OddsProvider.sample): the same attack, played
 * `trials` times through the engine's own shooting code (rules/shooting.ts → fireAt) on
 * a 36" open table (with a crops field over the target for `cover`), each outcome labelled
 * as compute() labels it. The conformance suite and test/nco-odds.test.ts check the exact
 * distribution against it. It plays the inputs a small game can set up exactly; the rest
 * (skills, items, rule overrides, other attack orders) are refused with a ConfigError.
 */
import { ConfigError } from '../../../errors.ts';
import { GameEnv } from '../../../env.ts';
import type { Rng } from '../../../rng.ts';
import { compileNco } from '../compile.ts';
import { weaponCode } from '../data/weapons.ts';
import { GRENADE_AIM } from '../rules/grenades.ts';
import { fireAt } from '../rules/shooting.ts';
import { prepareGame } from '../rules/setup.ts';
import { NcoGame, O_NONE } from '../rules/state.ts';
import { scriptedDecisions } from '../policy/decisions.ts';
import { scenarioRules } from '../scenarios/hooks.ts';
import { readRequest, type OddsRequest } from './odds-options.ts';

/** The shooter profile that carries each weapon in a legal roster of nation "none". */
const SHOOTER: Record<string, Record<string, unknown>> = {
  rifle: { type: 'corporal', primary: 'rifle' },
  smg: { type: 'corporal', primary: 'smg' },
  lmg: { type: 'veteran-lance-corporal', primary: 'lmg' },
  flamethrower: { type: 'engineer', primary: 'flamethrower' },
  he: { type: 'engineer', primary: 'he' },
  grenade: { type: 'corporal', primary: 'rifle', grenades: 1 },
};

/** Inputs at their defaults, which sample() does not set up in the small game. */
const FIXED: Partial<Record<keyof OddsRequest, unknown>> = {
  attack: 'fire', covert: false, 'walking-wounded': false, 'high-ground': false, deadeye: false,
  breakdowns: 0, ruthless: false, ordered: false, 'lucky-trinket': false, rules: '{}',
};

export function sampleNco(raw: Record<string, unknown>, rng: Rng, trials: number, labels: readonly string[]): number[] {
  const req = readRequest(raw);
  const shooterEntry = SHOOTER[req.weapon];
  if (!shooterEntry) throw new ConfigError('--weapon', req.weapon, `expected one of ${Object.keys(SHOOTER).join(', ')} for sampling`);
  for (const [k, v] of Object.entries(FIXED)) {
    if (req[k as keyof OddsRequest] !== v) throw new ConfigError(`--${k}`, req[k as keyof OddsRequest], `sampling plays only ${JSON.stringify(v)} (compute() covers the rest exactly)`);
  }
  const terrain = req.cover ? [{ name: 'crops', cover: true, polygon: [[8, 20], [12, 20], [12, 36], [8, 36]] }] : [];
  const scn = compileNco({
    ruleset: 'nco', scenario: 'basic', map: { name: 'odds', size: [36, 36], terrain }, rules: {},
    sides: [
      { name: 'A', roster: { name: 'A', nation: 'none', soldiers: [{ type: 'sergeant' }, shooterEntry] }, policy: 'aggressive' },
      { name: 'B', roster: { name: 'B', nation: 'none', soldiers: [{ type: 'sergeant' }, { type: 'private' }] }, policy: 'aggressive' },
    ],
  });
  const env = new GameEnv(scn.plan);
  const g = new NcoGame(scn, scriptedDecisions, scenarioRules, env);
  prepareGame(g);
  env.tally.beginGame(0);
  g.reset();
  const S = 1, T = scn.sideStart[1] + 1, w = weaponCode(req.weapon);
  place(g, 0, 2, 2);
  place(g, T - 1, 30, 34);
  place(g, S, 10, 10);
  place(g, T, 10, 10 + req.distance + 2 * g.r); // base edges `distance` apart (R3)
  g.maxHealth[T] = req.health;
  g.maxPsyche[T] = req.psyche;
  const counts = new Array<number>(labels.length).fill(0);
  for (let k = 0; k < trials; k++) {
    g.alive[T] = 1; g.health[T] = req.health; g.psyche[T] = req.psyche; g.order[T] = O_NONE; g.down[T] = req.down ? 1 : 0;
    g.brokenNow[T] = 0; g.breakdowns[T] = 0; g.unordered[1] = 1; g.recountAlive();
    g.moved[S] = req.moved ? 1 : 0;
    g.psyche[S] = req['full-psyche'] ? g.maxPsyche[S] : g.maxPsyche[S] - 1;
    g.fuel[S] = 4; g.grenades[S] = 1;
    g.table.setPoint(g.sp + GRENADE_AIM, g.table.px[T], g.table.py[T]);
    g.rng.seed(rng.nextU32());
    fireAt(g, S, T, w, 0);
    const label = !g.alive[T] ? 'killed'
      : g.brokenNow[T] ? `broken down (psyche 0), −${req.health - g.health[T]} health`
        : g.psyche[T] === req.psyche && g.health[T] === req.health ? 'no hit'
          : `−${req.health - g.health[T]} health, −${req.psyche - g.psyche[T]} psyche`;
    const at = labels.indexOf(label);
    if (at < 0) throw new Error(`odds nco: the engine gave "${label}", which the exact distribution does not list`);
    counts[at]++;
  }
  return counts;
}

function place(g: NcoGame, i: number, x: number, y: number): void {
  g.table.setPoint(i, x, y);
  g.touched(i);
}
