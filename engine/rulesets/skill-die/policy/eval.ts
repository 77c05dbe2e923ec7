/**
 * What the scripted policies weigh (digest §4.4): the expected points an attack removes,
 * per weapon and target, with Fan cones and explosive radii (friendly points in a Radius
 * count against the aim point). Results travel in BEST (no allocation per call).
 */
import { MAX_WEAPONS } from '../data/roster.ts';
import { attackDie, netAdvantage, targetable } from '../rules/attack.ts';
import { canSee } from '../rules/sight.ts';
import { ACTIVE, type SkillGame } from '../rules/state.ts';
import { pHitInto, pKillInto, PROB } from '../rules/probability.ts';
import { canAct } from '../rules/actions.ts';

/** [0] weapon, [1] target (−1 none). */
export const BEST = new Int32Array(2);
/** [0] expected points, [1] the primary target's kill chance per shot. */
export const BEST_V = new Float64Array(2);

/** Crew members able to add +1 to gunner a now (item 12). */
export function crewAvailable(g: SkillGame, a: number): number {
  const s = g.scn;
  if (g.reactor >= 0) return 0;
  const f0 = s.first[s.side[a]], f1 = f0 + s.count[s.side[a]];
  let k = 0;
  for (let c = f0; c < f1; c++) {
    if (s.uCrewOf[c] !== a || !canAct(g, c)) continue;
    gapInto(g, c, a);
    if (EVAL[4] <= s.rules.crew_radius_in) k++;
  }
  return k;
}

/** g.gap(a, b) into EVAL[4], written out (a returned double is boxed when the call is not inlined). */
export function gapInto(g: SkillGame, a: number, b: number): void {
  const T = g.table, dx = T.px[b] - T.px[a], dy = T.py[b] - T.py[a], e = Math.sqrt(dx * dx + dy * dy) - 2 * T.baseRadius;
  EVAL[4] = e > 0 ? e : 0;
}

/**
 * Results of shotChance ([0]), blastValue ([1]), exposure ([2]) and gapInto ([4]), and the
 * friendly-fire ratio bestAttackFF and blastValue use ([3]): these run for every weapon, target and
 * candidate point, and a double argument or result is boxed on every call V8 does not
 * inline (docs/gc-audit.md).
 */
export const EVAL = new Float64Array(5);

/** Kill chance of one shot of a at t with w (exact: full Advantage rules; else neither) into EVAL[0]. */
export function shotChance(g: SkillGame, a: number, t: number, w: number, mode: number, exact: boolean, bonus: number): void {
  const s = g.scn;
  const net = exact ? netAdvantage(g, a, t, w, mode === 2) : (s.uTrained[a] & (1 << w)) === 0 ? -1 : 0;
  pHitInto(attackDie(g, a, w), s.wDifficulty[w], net, bonus);
  pKillInto(s.wDamage[w], s.uDefense[t], s.uDefDie[t]);
  EVAL[0] = PROB[0] * PROB[1];
}

/** Expected points of a blast of w centred on t into EVAL[1]: enemies minus friends, or −1 if friends exceed EVAL[3] (the friendly-fire ratio) of enemies. */
export function blastValue(g: SkillGame, a: number, t: number, w: number): void {
  const s = g.scn, T = g.table, R = s.wRadius[w] + T.baseRadius, side = s.side[a], ffRatio = EVAL[3];
  let foe = 0, friend = 0;
  for (let u = 0; u < g.n; u++) {
    if (g.status[u] !== ACTIVE) continue;
    const dx = T.px[t] - T.px[u], dy = T.py[t] - T.py[u]; // T.dist(u, t), written out
    if (Math.sqrt(dx * dx + dy * dy) > R) continue;
    pKillInto(s.wDamage[w], s.uDefense[u], s.uDefDie[u]);
    const v = PROB[1] * s.uCost[u];
    if (s.side[u] === side) friend += v;
    else foe += v;
  }
  EVAL[1] = friend > ffRatio * foe ? -1 : foe - friend;
}

/**
 * The best attack of a from where it stands: BEST = (weapon, target), BEST_V = (expected
 * points, kill chance). `exact` uses the full Advantage rules (the unit is about to fire).
 */
export function bestAttack(g: SkillGame, a: number, exact: boolean, crew: boolean, ffRatio: number): void {
  EVAL[3] = ffRatio;
  bestAttackFF(g, a, exact, crew);
}

/** bestAttack with the friendly-fire ratio in EVAL[3]. */
export function bestAttackFF(g: SkillGame, a: number, exact: boolean, crew: boolean): void {
  const s = g.scn;
  BEST[0] = -1; BEST[1] = -1; BEST_V[0] = 0; BEST_V[1] = 0;
  const bonus = crew ? crewAvailable(g, a) : 0;
  const o = 1 - s.side[a], f0 = s.first[o], f1 = f0 + s.count[o];
  for (let k = 0; k < MAX_WEAPONS; k++) {
    const w = s.uWeapons[a * MAX_WEAPONS + k];
    if (w < 0) break;
    const b = s.wCrew[w] > 1 ? bonus : 0;
    for (let t = f0; t < f1; t++) {
      const mode = targetable(g, a, t, w);
      if (mode === 0) continue;
      shotChance(g, a, t, w, mode, exact, b);
      const p = EVAL[0];
      let v: number;
      if (s.wRadius[w] > 0) {
        blastValue(g, a, t, w);
        const bv = EVAL[1];
        if (bv <= 0) continue;
        pKillInto(s.wDamage[w], s.uDefense[t], s.uDefDie[t]);
        const ph = p / PROB[1] || 0;
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
  const o = 1 - s.side[a], f0 = s.first[o], f1 = f0 + s.count[o];
  let k = 1;
  for (let u = f0; u < f1 && k < fan; u++) {
    if (u === t || targetable(g, a, u, w) === 0) continue;
    let d = Math.atan2(T.py[u] - T.py[a], T.px[u] - T.px[a]) - b0;
    if (d > Math.PI) d -= 2 * Math.PI;
    else if (d < -Math.PI) d += 2 * Math.PI;
    if (d > Math.PI / 8 || d < -Math.PI / 8) continue;
    shotChance(g, a, u, w, 1, false, 0);
    const v = s.uCost[u] * EVAL[0];
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
 * (no Advantage, no crew), times u's points; into EVAL[2].
 */
export function exposure(g: SkillGame, u: number, p: number): void {
  const s = g.scn, T = g.table, o = 1 - s.side[u], f0 = s.first[o], f1 = f0 + s.count[o];
  let alive = 1;
  for (let e = f0; e < f1; e++) {
    if (g.status[e] !== ACTIVE) continue;
    const w = s.uWeapons[e * MAX_WEAPONS];
    if (w < 0) continue;
    const dx = T.px[p] - T.px[e], dy = T.py[p] - T.py[e], d = Math.sqrt(dx * dx + dy * dy) - 2 * T.baseRadius; // g.gap(e, p), written out
    if ((d > 0 ? d : 0) + T.baseRadius > s.wRange[w] || !canSee(g, e, p)) continue;
    pHitInto(s.uSkill[e], s.wDifficulty[w], 0, 0);
    pKillInto(s.wDamage[w], s.uDefense[u], s.uDefDie[u]);
    const k = PROB[0] * PROB[1];
    alive *= Math.pow(1 - k, s.wFan[w]);
  }
  EVAL[2] = (1 - alive) * s.uCost[u];
}
