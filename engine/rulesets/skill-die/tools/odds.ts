/**
 * `squadsim odds skill-die`: the exact outcome distribution of one attack (items 12–18,
 * R11, R19): the Skill die against the Difficulty with crew bonus and Advantage or
 * Disadvantage, Damage against a Defense number or die, Fan attacks at one target (each
 * attack after a kill would go elsewhere), or an explosive with `targets` units at the aim
 * point (a miss scatters (Difficulty − roll) × scatter" — caught if within radius + ½" base).
 */
import { numberOption } from '../../../odds-request.ts';
import { ConfigError } from '../../../errors.ts';
import type { OddsOption, OddsProvider, OddsResult } from '../../../ruleset.ts';
import { pHit, pKill } from '../rules/probability.ts';
import { sampleSkill } from './odds-sample.ts';

export const ADVANTAGE = ['none', 'advantage', 'disadvantage'] as const;

const options: readonly OddsOption[] = [
  { name: 'skill', type: 'number', describe: 'Skill die sides (R1: d4 non-combatant, d6 poor, d8 average, d10 specialty)', default: 8 },
  { name: 'difficulty', type: 'number', describe: "weapon Difficulty (rifle 3, LMG 4, MMG 5, bayonet 2, grenade 2, autocannon 6, mortar 5, AT rocket 5)", default: 3 },
  { name: 'crew', type: 'number', describe: 'crew members giving up their Action (+1 each, item 12)', default: 0 },
  { name: 'advantage', type: 'string', describe: 'net Advantage or Disadvantage (items 18–19)', choices: ADVANTAGE, default: 'none' },
  { name: 'damage', type: 'number', describe: 'weapon Damage die sides (R2)', default: 6 },
  { name: 'defense', type: 'number', describe: 'target Defense number (items 33–36, +1 body armour)', default: 4 },
  { name: 'defense-die', type: 'number', describe: 'target Defense die sides (vehicles, R14); 0 = use --defense', default: 0 },
  { name: 'fan', type: 'number', describe: 'Fan: attacks (or blasts) per Action (item 17)', default: 1 },
  { name: 'radius', type: 'number', describe: 'explosive Radius in inches (item 15); 0 = not explosive', default: 0 },
  { name: 'targets', type: 'number', describe: 'explosive: units at the aim point', default: 1 },
  { name: 'scatter', type: 'number', describe: 'explosive miss: inches of scatter per point missed (R11); 0 = a miss does nothing', default: 2 },
];

export interface OddsInputs {
  skill: number; difficulty: number; crew: number; net: number; damage: number; defense: number; defenseDie: number;
  fan: number; radius: number; targets: number; scatter: number;
}

export function oddsInputs(req: Record<string, unknown>): OddsInputs {
  const adv = req.advantage ?? 'none';
  if (typeof adv !== 'string' || !(ADVANTAGE as readonly string[]).includes(adv)) throw new ConfigError('advantage', adv, `expected one of ${ADVANTAGE.map((a) => JSON.stringify(a)).join(', ')}`);
  const radius = req.radius ?? 0;
  if (typeof radius !== 'number' || !(radius >= 0 && radius <= 24)) throw new ConfigError('radius', radius, 'expected a number from 0 to 24');
  const scatter = req.scatter ?? 2;
  if (typeof scatter !== 'number' || !(scatter >= 0 && scatter <= 6)) throw new ConfigError('scatter', scatter, 'expected a number from 0 to 6');
  return {
    skill: numberOption(req, 'skill', 8, 2, 20), difficulty: numberOption(req, 'difficulty', 3, 1, 12), crew: numberOption(req, 'crew', 0, 0, 3),
    net: adv === 'advantage' ? 1 : adv === 'disadvantage' ? -1 : 0,
    damage: numberOption(req, 'damage', 6, 2, 20), defense: numberOption(req, 'defense', 4, 0, 20), defenseDie: numberOption(req, 'defense-die', 0, 0, 20),
    fan: numberOption(req, 'fan', 1, 1, 8), radius, targets: numberOption(req, 'targets', 1, 1, 6), scatter,
  };
}

/** P(Skill roll = r) with net Advantage (item 18). */
export function pRoll(die: number, r: number, net: number): number {
  if (net > 0) return (2 * r - 1) / (die * die);
  if (net < 0) return (2 * (die - r) + 1) / (die * die);
  return 1 / die;
}

/** R11: P(a blast catches units at the aim point): a hit, or a miss scattering within radius + ½". */
export function pCaught(i: OddsInputs): number {
  let p = pHit(i.skill, i.difficulty, i.net, i.crew);
  if (i.scatter <= 0) return p;
  for (let r = 1; r <= i.skill; r++) {
    const total = r + i.crew;
    if (total >= i.difficulty) continue;
    if ((i.difficulty - total) * i.scatter <= i.radius + 0.5) p += pRoll(i.skill, r, i.net);
  }
  return p;
}

function binom(n: number, k: number): number {
  let c = 1;
  for (let j = 1; j <= k; j++) c = (c * (n - j + 1)) / j;
  return c;
}

/** Exact counts behind pHit and pKill: favourable outcomes over equally likely outcomes. */
function hitCount(i: OddsInputs): [bigint, bigint] {
  const n = i.skill;
  let fav = 0;
  for (let a = 1; a <= n; a++) {
    if (i.net === 0) { if (a + i.crew >= i.difficulty) fav += n; continue; }
    for (let b = 1; b <= n; b++) {
      const r = i.net > 0 ? Math.max(a, b) : Math.min(a, b);
      if (r + i.crew >= i.difficulty) fav++;
    }
  }
  return [BigInt(fav), BigInt(n * n)];
}

function killCount(i: OddsInputs): [bigint, bigint] {
  if (i.defenseDie > 0) {
    if (i.damage < i.defenseDie) return [0n, 1n];
    let fav = 0;
    for (let d = 1; d <= i.damage; d++) for (let e = 1; e <= i.defenseDie; e++) if (d >= e) fav++;
    return [BigInt(fav), BigInt(i.damage * i.defenseDie)];
  }
  let fav = 0;
  for (let d = 1; d <= i.damage; d++) if (d >= i.defense) fav++;
  return [BigInt(fav), BigInt(i.damage)];
}

function big(n: bigint, d: bigint): string {
  const g = (a: bigint, b: bigint): bigint => (b === 0n ? a : g(b, a % b));
  const k = g(n < 0n ? -n : n, d) || 1n;
  return `${n / k}/${d / k}`;
}

export function computeSkill(req: Record<string, unknown>): OddsResult {
  const i = oddsInputs(req);
  const h = pHit(i.skill, i.difficulty, i.net, i.crew), k = pKill(i.damage, i.defense, i.defenseDie);
  const inputs = { ...i, advantage: ['disadvantage', 'none', 'advantage'][i.net + 1] };
  const notes = [
    `one attack: P(hit) = ${h.toFixed(4)}, P(destroyed | hit) = ${k.toFixed(4)}`,
    i.defenseDie > 0 && i.damage < i.defenseDie ? `a d${i.damage} cannot damage a d${i.defenseDie} Defense die (item 16)` : '',
  ].filter((x) => x);
  if (i.radius <= 0) {
    const none = Math.pow(1 - h, i.fan), alive = Math.pow(1 - h * k, i.fan);
    const [hn, hd] = hitCount(i), [kn, kd] = killCount(i), N = BigInt(i.fan);
    const D = (hd * kd) ** N, noneN = ((hd - hn) * kd) ** N, aliveN = (hd * kd - hn * kn) ** N;
    return {
      title: `skill-die attack: d${i.skill}${i.crew ? `+${i.crew}` : ''} vs Difficulty ${i.difficulty}, d${i.damage} vs ${i.defenseDie ? `d${i.defenseDie}` : `Defense ${i.defense}`}${i.fan > 1 ? `, Fan ${i.fan}` : ''}`,
      inputs,
      outcomes: [
        { outcome: 'no hit', probability: none, exact: big(noneN, D) },
        { outcome: 'hit, not destroyed', probability: alive - none, exact: big(aliveN - noneN, D) },
        { outcome: 'destroyed', probability: 1 - alive, exact: big(D - aliveN, D) },
      ],
      notes,
    };
  }
  // Explosive: per blast all survivors are caught together, then each rolls Damage.
  const c = pCaught(i), m = i.targets;
  let dist = new Float64Array(m + 1);
  dist[m] = 1; // survivors
  for (let b = 0; b < i.fan; b++) {
    const next = new Float64Array(m + 1);
    for (let j = 0; j <= m; j++) {
      if (dist[j] === 0) continue;
      next[j] += dist[j] * (1 - c);
      for (let d = 0; d <= j; d++) next[j - d] += dist[j] * c * binom(j, d) * Math.pow(k, d) * Math.pow(1 - k, j - d);
    }
    dist = next;
  }
  notes.push(`P(the blast catches the aim point) = ${c.toFixed(4)}`);
  return {
    title: `skill-die explosive: d${i.skill}${i.crew ? `+${i.crew}` : ''} vs Difficulty ${i.difficulty}, Radius ${i.radius}", ${m} target(s), ${i.fan} blast(s)`,
    inputs,
    outcomes: Array.from({ length: m + 1 }, (_, d) => ({ outcome: `${d} destroyed`, probability: dist[m - d] })),
    notes,
  };
}

export const skillOdds: OddsProvider = {
  options,
  compute: computeSkill,
  sample: sampleSkill,
  examples: [
    {},
    { skill: 6, difficulty: 4, advantage: 'advantage', damage: 6, defense: 3 },
    { skill: 8, difficulty: 5, crew: 2, advantage: 'disadvantage', damage: 8, defense: 5, fan: 4 },
    { skill: 8, difficulty: 6, damage: 10, 'defense-die': 8, fan: 4 },
    { skill: 8, difficulty: 5, damage: 12, 'defense-die': 12 },
    { skill: 8, difficulty: 2, damage: 6, defense: 4, radius: 3, targets: 3 },
    { skill: 8, difficulty: 5, crew: 1, damage: 8, defense: 4, radius: 12, targets: 2, fan: 2, advantage: 'advantage' },
    { skill: 4, difficulty: 5, damage: 6, defense: 4, radius: 3, targets: 2, scatter: 0 },
  ],
};
