/**
 * The Monte Carlo side of `odds skill-die` (OddsProvider.sample): the same attack played
 * `trials` times through the engine's own code (rules/actions.ts → doAttack: Advantage,
 * Fan loop, Skill and Damage rolls, blasts and scatter) on an open 48"×48" table: one
 * attacker 20" from the target(s), Advantage from a Main Effort, Disadvantage from a
 * revival's permanent Disadvantage, the crew's +1s pledged directly.
 */
import type { Rng } from '../../../rng.ts';
import { oddsTrials } from '../../../kit/odds-trials.ts';
import { compileSkill } from '../compile.ts';
import { doAttack } from '../rules/actions.ts';
import { ACTIVE, SkillGame } from '../rules/state.ts';
import { createSkillGame } from '../create.ts';
import { oddsInputs } from './odds.ts';

const SKILL_GAME = { createGame: createSkillGame, resetGame: (g: SkillGame) => g.reset() };

export function sampleSkill(req: Record<string, unknown>, rng: Rng, trials: number): number[] {
  const i = oddsInputs(req);
  const explosive = i.radius > 0, m = explosive ? i.targets : 1;
  const target = i.defenseDie > 0 ? { type: 'truck' } : { type: 'poor' };
  const scn = compileSkill({
    ruleset: 'skill-die',
    map: { name: 'odds', size: [48, 48], terrain: [] },
    rules: {
      profiles: { average: { skill: i.skill }, poor: { defense: i.defense } },
      vehicles: { truck: { defense_die: i.defenseDie } },
      weapons: { rifle: { range: 72, difficulty: i.difficulty, damage: i.damage, fan: i.fan, radius: i.radius, crew: 1 } },
      explosive_miss: i.scatter > 0 ? 'scatter' : 'none',
      scatter_per_point_in: i.scatter > 0 ? i.scatter : 2,
      objectives: [],
    },
    sides: [
      { name: 'A', roster: [{ type: 'average', weapons: ['rifle'] }], policy: 'aggressive' },
      { name: 'B', roster: Array.from({ length: m }, () => target), policy: 'aggressive' },
    ],
  });
  const explosiveOutcomes = explosive ? m + 1 : 3;
  return oddsTrials(SKILL_GAME, scn, rng, trials, explosiveOutcomes, (g) => {
    g.round = 1;
    g.turnSide = 0;
    g.table.setPoint(0, 24, 4);
    g.sx[0] = 24;
    g.sy[0] = 4;
    for (let t = 1; t <= m; t++) { g.table.setPoint(t, 24, 24); g.cand[t - 1] = t; }
    if (i.net > 0) g.mainEffort[0] = 1;
    if (i.net < 0) g.permDis[0] = 1;
    g.assist[0] = i.crew;
    const hits0 = g.count.skillRolls.get(0, 1);
    if (!doAttack(g, 0, 0, m)) throw new Error('odds skill-die: the sampled attack was refused');
    let dead = 0;
    for (let t = 1; t <= m; t++) if (g.status[t] !== ACTIVE) dead++;
    if (explosive) return dead;
    return dead === 1 ? 2 : g.count.skillRolls.get(0, 1) > hits0 ? 1 : 0;
  });
}
