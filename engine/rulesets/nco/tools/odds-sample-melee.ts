/**
 * The Monte Carlo side of `odds nco --action close-combat | rally` (OddsProvider.sample):
 * the same fight or Rally played `trials` times through the engine's own code
 * (rules/assault.ts → closeCombat, rules/orders.ts → executeOrder with a Rally) in a small
 * game, each outcome labelled as compute() labels it. The conformance suite and
 * test/nco-odds-melee.test.ts check the exact distributions against it.
 */
import { GameEnv } from '../../../env.ts';
import type { Rng } from '../../../rng.ts';
import { compileNco } from '../compile.ts';
import { W_HE, W_PISTOL, weaponCode } from '../data/weapons.ts';
import { closeCombat } from '../rules/assault.ts';
import type { NcoDecisions } from '../rules/decisions.ts';
import { executeOrder } from '../rules/orders.ts';
import { prepareGame } from '../rules/setup.ts';
import { NcoGame, O_NONE, O_RALLY } from '../rules/state.ts';
import { scriptedDecisions } from '../policy/decisions.ts';
import { scenarioRules } from '../scenarios/hooks.ts';
import { readCloseCombat, type Fighter } from './odds-close-combat.ts';
import { readRally } from './odds-rally.ts';

type Entry = Record<string, unknown>;

/** A two-side game with `a` on side A and `b` on side B (each with the mandatory Sergeant); returns their indices. */
function smallGame(a: Entry, b: Entry, rules: unknown, decide: NcoDecisions): { g: NcoGame; A: number; B: number } {
  const squad = (e: Entry) => (e.type === 'sergeant' ? [e] : [{ type: 'sergeant' }, e]);
  const scn = compileNco({
    ruleset: 'nco', scenario: 'basic', map: { name: 'odds', size: [36, 36], terrain: [] }, rules,
    sides: [
      { name: 'A', roster: { name: 'A', nation: 'none', soldiers: squad(a) }, policy: 'aggressive' },
      { name: 'B', roster: { name: 'B', nation: 'none', soldiers: squad(b) }, policy: 'aggressive' },
    ],
  });
  const env = new GameEnv(scn.plan);
  const g = new NcoGame(scn, decide, scenarioRules, env);
  prepareGame(g);
  env.tally.beginGame(0);
  g.reset();
  for (let i = 0; i < g.n; i++) { g.table.setPoint(i, 4 + 4 * i, 4 + 3 * i); g.touched(i); }
  return { g, A: a.type === 'sergeant' ? 0 : 1, B: scn.sideStart[1] + (b.type === 'sergeant' ? 0 : 1) };
}

function entry(f: Fighter): Entry {
  return { type: f.profile.id, primary: f.weapon, ...(f.instinct ? { skills: ['fighting-instinct'] } : {}) };
}

export function sampleCloseCombat(raw: Record<string, unknown>, rng: Rng, trials: number, labels: readonly string[]): number[] {
  const req = readCloseCombat(raw);
  const { g, A, B } = smallGame(entry(req.attacker), entry(req.defender), JSON.parse(req.rulesJson), scriptedDecisions);
  const counts = new Array<number>(labels.length).fill(0);
  const set = (i: number, f: Fighter) => {
    g.alive[i] = 1; g.health[i] = f.health; g.psyche[i] = f.psyche; g.courageMod[i] = f.mod;
    g.primary[i] = weaponCode(f.weapon); g.order[i] = O_NONE;
  };
  for (let k = 0; k < trials; k++) {
    set(A, req.attacker);
    set(B, req.defender);
    if (g.primary[A] === W_HE) g.primary[A] = g.scn.pistol[A] ? W_PISTOL : 0; // as assault() does (item 46)
    g.recountAlive();
    g.rng.seed(rng.nextU32());
    closeCombat(g, A, B);
    const label = !g.alive[A] && !g.alive[B] ? 'both killed'
      : !g.alive[B] ? `defender killed, attacker −${req.attacker.health - g.health[A]} health`
        : !g.alive[A] ? `attacker killed, defender −${req.defender.health - g.health[B]} health` : 'both alive';
    const at = labels.indexOf(label);
    if (at < 0) throw new Error(`odds nco close combat: the engine gave "${label}", which the exact distribution does not list`);
    counts[at]++;
  }
  return counts;
}

export function sampleRally(raw: Record<string, unknown>, rng: Rng, trials: number, labels: readonly string[]): number[] {
  const req = readRally(raw);
  const health = req.regain === 'health';
  // The Rally the request asks for, kept by the soldier himself (no Medic or Chaplain transfer).
  const decide: NcoDecisions = { ...scriptedDecisions, rallyWhat: () => (health ? 1 : 2), medicRallyTarget: (_g, i) => i, ritesTransfer: () => false };
  const { g, A } = smallGame({ type: req.profile.id }, { type: 'private' }, JSON.parse(req.rules), decide);
  const counts = new Array<number>(labels.length).fill(0);
  for (let k = 0; k < trials; k++) {
    g.health[A] = health ? req.current : g.maxHealth[A];
    g.psyche[A] = health ? g.maxPsyche[A] : req.current;
    g.mustRally[A] = !health && req.current === 0 ? 1 : 0; // broke down last turn (item 58)
    g.brokenNow[A] = 0; g.order[A] = O_NONE;
    g.rng.seed(rng.nextU32());
    executeOrder(g, A, O_RALLY);
    const gain = (health ? g.health[A] : g.psyche[A]) - req.current;
    const label = `+${gain} ${req.regain}`;
    const at = labels.indexOf(label);
    if (at < 0) throw new Error(`odds nco rally: the engine gave "${label}", which the exact distribution does not list`);
    counts[at]++;
  }
  return counts;
}
