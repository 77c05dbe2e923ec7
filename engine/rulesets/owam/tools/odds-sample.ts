/**
 * The Monte Carlo side of `odds owam` (OddsProvider.sample): the same Firing Sequence
 * played `trials` times through the engine's own code (rules/fire.ts sequenceTotal on a
 * freshly shuffled 192-card core deck per trial, then the W4 Evade flip and resultOf), on
 * the kit's trial harness (engine/kit/odds-trials.ts).
 */
import type { Rng } from '../../../rng.ts';
import { oddsTrials } from '../../../kit/odds-trials.ts';
import { compileOwam } from '../compile.ts';
import { flip } from '../rules/ccs.ts';
import { fs, resultOf, sequenceTotal } from '../rules/fire.ts';
import type { OwamGame } from '../rules/state.ts';
import { RANK_RESOLVE, RANK_VITALITY } from '../data/soldiers.ts';
import { createOwamGame } from '../create.ts';
import type { OddsSpec } from './odds.ts';

/** A trial starts from the sealed state (no game setup: the trial deals its own deck). */
const OWAM_TRIAL = { createGame: createOwamGame, resetGame: (g: OwamGame) => g.st.reset() };

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
  const res = RANK_RESOLVE[sp.targetRank], vit = RANK_VITALITY[sp.targetRank];
  const r = sp.marksman && sp.range > 1 ? sp.range - 1 : sp.range;
  return oddsTrials(OWAM_TRIAL, scn, rng, trials, 5, (g) => {
    g.deck.reset(g.rng); // a full fresh deck
    g.round = 1;
    g.altFrom[0] = sp.alt ? 1 : -1;
    let total = sequenceTotal(g, 0, r, sp.mod, sp.dd ? 2 : 1, sp.lastStand);
    if (sp.evade >= 0) total -= flip(g, sp.evade);
    return resultOf(total, res, vit, sp.state, fs.woundIcon === 1, true);
  });
}
