/**
 * The Monte Carlo side of `odds owam` (OddsProvider.sample): the same Firing Sequence
 * played `trials` times through the engine's own code (rules/fire.ts sequenceTotal on a
 * freshly shuffled 192-card core deck per trial, then the W4 Evade flip and resultOf).
 */
import { GameEnv } from '../../../env.ts';
import type { Rng } from '../../../rng.ts';
import { compileOwam } from '../compile.ts';
import { flip } from '../rules/ccs.ts';
import { fs, resultOf, sequenceTotal } from '../rules/fire.ts';
import { RANK_RESOLVE, RANK_VITALITY } from '../data/soldiers.ts';
import { createOwamGame } from '../create.ts';
import type { OddsSpec } from './odds.ts';

export function sampleOwam(sp: OddsSpec, rng: Rng, trials: number): number[] {
  const base = compileOwam({
    ruleset: 'owam', mission: 'king_of_the_hill', rules: { card_seed: sp.cardSeed },
    sides: [{ name: 'A', nation: 'usa', policy: 'aggressive' }, { name: 'B', nation: 'germany', policy: 'aggressive' }],
  });
  // Soldier 0 becomes the firer with the requested weapon and rank.
  const sWeapon = base.sWeapon.slice(), sRank = base.sRank.slice();
  sWeapon[0] = sp.weapon;
  sRank[0] = sp.firerRank;
  const scn = { ...base, sWeapon, sRank };
  const env = new GameEnv(scn.plan);
  const g = createOwamGame(scn, env);
  const counts = [0, 0, 0, 0, 0];
  const res = RANK_RESOLVE[sp.targetRank], vit = RANK_VITALITY[sp.targetRank];
  const r = sp.marksman && sp.range > 1 ? sp.range - 1 : sp.range;
  for (let k = 0; k < trials; k++) {
    env.tally.beginGame(k);
    g.rng.seed(rng.nextU32());
    g.deck.reset(g.rng); // a full fresh deck
    g.round = 1;
    g.altFrom[0] = sp.alt ? 1 : -1;
    let total = sequenceTotal(g, 0, r, sp.mod, sp.dd ? 2 : 1, sp.lastStand);
    if (sp.evade >= 0) total -= flip(g, sp.evade);
    counts[resultOf(total, res, vit, sp.state, fs.woundIcon === 1, true)]++;
  }
  return counts;
}
