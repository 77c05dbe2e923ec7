/**
 * What the scripted policies weigh (digest §4.4): the expected points an attack removes,
 * per weapon and target, with Fan cones and explosive radii (friendly points in a Radius
 * count against the aim point). Results travel in BEST (no allocation per call).
 */
import { MAX_WEAPONS } from '../data/roster.ts';
import { attackDie, netAdvantage, targetable } from '../rules/attack.ts';
import { canSee } from '../rules/sight.ts';
import { ACTIVE, type SkillGame } from '../rules/state.ts';
import { pHit, pKill } from '../rules/probability.ts';
import { canAct } from '../rules/actions.ts';

/** [0] weapon, [1] target (−1 none). */
export const BEST = new Int32Array(2);
/** [0] expected points, [1] the primary target's kill chance per shot. */
export const BEST_V = new Float64Array(2);

/** Crew members able to add +1 to gunner a now (item 12). */
export function crewAvailable(g: SkillGame, a: number): number {
  const s = g.scn;
  if (g.reactor >= 0) return 0;
  const f0 = s.first[s.uSide[a]], f1 = f0 + s.count[s.uSide[a]];
  let k = 0;
  for (let c = f0; c < f1; c++) if (s.uCrewOf[c] === a && canAct(g, c) && g.gap(c, a) <= s.rules.crew_radius_in) k++;
  return k;
}

/** Kill chance of one shot of a at t with w (exact: full Advantage rules; else neither). */
export function shotChance(g: SkillGame, a: number, t: number, w: number, mode: number, exact: boolean, bonus: number): number {
  const s = g.scn;
  const net = exact ? netAdvantage(g, a, t, w, mode === 2) : (s.uTrained[a] & (1 << w)) === 0 ? -1 : 0;
  return pHit(attackDie(g, a, w), s.wDifficulty[w], net, bonus) * pKill(s.wDamage[w], s.uDefense[t], s.uDefDie[t]);
}

/** Expected points of a blast of w centred on t: enemies minus friends (weighted by `ffWeight`), or −1 if friends exceed `ffRatio` of enemies. */
export function blastValue(g: SkillGame, a: number, t: number, w: number, ffRatio: number): number {
  const s = g.scn, T = g.table, R = s.wRadius[w] + T.baseRadius, side = s.uSide[a];
  let foe = 0, friend = 0;
  for (let u = 0; u < g.n; u++) {
    if (g.status[u] !== ACTIVE || T.dist(u, t) > R) continue;
    const v = pKill(s.wDamage[w], s.uDefense[u], s.uDefDie[u]) * s.uCost[u];
    if (s.uSide[u] === side) friend += v;
    else foe += v;
  }
  if (friend > ffRatio * foe) return -1;
  return foe - friend;
}

/**
 * The best attack of a from where it stands: BEST = (weapon, target), BEST_V = (expected
 * points, kill chance). `exact` uses the full Advantage rules (the unit is about to fire).
 */
export function bestAttack(g: SkillGame, a: number, exact: boolean, crew: boolean, ffRatio: number): void {
  const s = g.scn;
  BEST[0] = -1; BEST[1] = -1; BEST_V[0] = 0; BEST_V[1] = 0;
  const bonus = crew ? crewAvailable(g, a) : 0;
  const o = 1 - s.uSide[a], f0 = s.first[o], f1 = f0 + s.count[o];
  for (let k = 0; k < MAX_WEAPONS; k++) {
    const w = s.uWeapons[a * MAX_WEAPONS + k];
    if (w < 0) break;
    const b = s.wCrew[w] > 1 ? bonus : 0;
    for (let t = f0; t < f1; t++) {
      const mode = targetable(g, a, t, w);
      if (mode === 0) continue;
      const p = shotChance(g, a, t, w, mode, exact, b);
      let v: number;
      if (s.wRadius[w] > 0) {
        const bv = blastValue(g, a, t, w, ffRatio);
        if (bv <= 0) continue;
        const ph = p / pKill(s.wDamage[w], s.uDefense[t], s.uDefDie[t]) || 0;
        v = ph * bv * s.wFan[w];
      } else v = s.uCost[t] * (1 - Math.pow(1 - p, s.wFan[w]));
      if (v > BEST_V[0]) {
        BEST_V[0] = v; BEST_V[1] = p; BEST[0] = w; BEST[1] = t;
      }
    }
  }
}

/**
 * §4.4: the Fan split: primary target t first, then other targets of w inside a 45° wedge
 * centred on t (bearing within 22.5°), best expected points first, into g.cand; returns
 * how many (at most the Fan).
 */
export function fillTargets(g: SkillGame, a: number, w: number, t: number): number {
  const s = g.scn, T = g.table, fan = s.wFan[w];
  g.cand[0] = t;
  if (fan <= 1) return 1;
  const b0 = Math.atan2(T.py[t] - T.py[a], T.px[t] - T.px[a]);
  const o = 1 - s.uSide[a], f0 = s.first[o], f1 = f0 + s.count[o];
  let k = 1;
  for (let u = f0; u < f1 && k < fan; u++) {
    if (u === t || targetable(g, a, u, w) === 0) continue;
    let d = Math.atan2(T.py[u] - T.py[a], T.px[u] - T.px[a]) - b0;
    if (d > Math.PI) d -= 2 * Math.PI;
    else if (d < -Math.PI) d += 2 * Math.PI;
    if (d > Math.PI / 8 || d < -Math.PI / 8) continue;
    const v = s.uCost[u] * shotChance(g, a, u, w, 1, false, 0);
    let j = k;
    while (j > 1 && g.candScore[j - 1] < v) { g.cand[j] = g.cand[j - 1]; g.candScore[j] = g.candScore[j - 1]; j--; }
    g.cand[j] = u;
    g.candScore[j] = v;
    k++;
  }
  return k;
}

/**
 * Expected points unit u would lose standing at point slot p: for each enemy in play whose
 * first weapon reaches p and sees it, one turn of that weapon's kill chance against u
 * (no Advantage, no crew), times u's points.
 */
export function exposure(g: SkillGame, u: number, p: number): number {
  const s = g.scn, o = 1 - s.uSide[u], f0 = s.first[o], f1 = f0 + s.count[o];
  let alive = 1;
  for (let e = f0; e < f1; e++) {
    if (g.status[e] !== ACTIVE) continue;
    const w = s.uWeapons[e * MAX_WEAPONS];
    if (w < 0 || g.gap(e, p) + g.table.baseRadius > s.wRange[w] || !canSee(g, e, p)) continue;
    const k = pHit(s.uSkill[e], s.wDifficulty[w], 0, 0) * pKill(s.wDamage[w], s.uDefense[u], s.uDefDie[u]);
    alive *= Math.pow(1 - k, s.wFan[w]);
  }
  return (1 - alive) * s.uCost[u];
}
