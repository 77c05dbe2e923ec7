/**
 * Exact close combat between two soldiers (`odds nco --action close-combat`, items 61–65,
 * R20): the first round and the fight to the death. Each round both roll D6 + courage; a
 * tie kills both; the loser loses the difference and fights on at courage 0. Every round
 * ends in a tie or costs the loser at least 1 health, so the fight lasts at most
 * H_att + H_def − 1 rounds: "to the death" is a finite sum over a Markov chain on
 * (health, health, zeroed, zeroed), enumerated exactly in BigInt over 36^rounds.
 * Courage comes from rules/assault.ts → ccCourage and the loop mirrors closeCombat there;
 * odds-sample-melee.ts plays the real closeCombat to check it.
 */
import { ConfigError } from '../../../errors.ts';
import type { OddsResult } from '../../../ruleset.ts';
import type { NcoRules } from '../data/params.ts';
import { NATION_SPECIFIC_WEAPON_IDS, PROFILES, type Profile } from '../data/profiles.ts';
import { PROFILE_IDS, S_FIGHTING_INSTINCT } from '../data/roster-types.ts';
import { W_HE, W_PISTOL, WEAPON_IDS, weaponCode } from '../data/weapons.ts';
import { compileWeaponStats, type WeaponStats } from '../data/nation-weapons.ts';
import { ccCourage } from '../rules/assault.ts';
import type { NcoGame } from '../rules/state.ts';
import { readOptions } from './odds-options.ts';
import { bigFraction, bigProb, readRules } from './odds-table.ts';

export type Role = 'attacker' | 'defender';

/** One fighter after defaults and checks. */
export interface Fighter {
  role: Role;
  profile: Profile;
  weapon: string;
  health: number;
  psyche: number;
  mod: number;
  instinct: boolean;
}

export interface CloseCombatRequest {
  attacker: Fighter;
  defender: Fighter;
  rules: NcoRules;
  rulesJson: string;
}

/** Reads and checks a close-combat request (profile defaults, what each profile may carry). */
export function readCloseCombat(raw: Record<string, unknown>): CloseCombatRequest {
  const { values } = readOptions(raw);
  const rules = readRules(values.rules as string);
  return { attacker: fighter(values, 'attacker', rules), defender: fighter(values, 'defender', rules), rules, rulesJson: values.rules as string };
}

function fighter(v: Record<string, unknown>, role: Role, rules: NcoRules): Fighter {
  const profile = PROFILES[PROFILE_IDS.indexOf(v[role] as (typeof PROFILE_IDS)[number])];
  const weapon = (v[`${role}-weapon`] as string | undefined) ?? profile.primary[0].weapon;
  const nationOk = profile.nationSpecific !== 'no' && rules.nation_specific_weapons;
  if (!profile.primary.some((o) => o.weapon === weapon) && !(nationOk && (NATION_SPECIFIC_WEAPON_IDS as readonly string[]).includes(weapon))) {
    const allowed = profile.primary.map((o) => JSON.stringify(o.weapon)).join(', ');
    throw new ConfigError(`--${role}-weapon`, weapon, `is not a primary weapon of a ${profile.name}; allowed: ${allowed}` + (profile.nationSpecific !== 'no' && !nationOk ? ' (Nation-Specific weapons need rules.nation_specific_weapons, R22)' : ''));
  }
  const health = (v[`${role}-health`] as number | undefined) ?? profile.health;
  if (health > profile.health) throw new ConfigError(`--${role}-health`, health, `expected 1 to ${profile.health} (a ${profile.name}'s health)`);
  const psyche = (v[`${role}-psyche`] as number | undefined) ?? profile.psyche;
  if (psyche > profile.psyche) throw new ConfigError(`--${role}-psyche`, psyche, `expected 0 to ${profile.psyche} (a ${profile.name}'s psyche)`);
  const instinct = v[`${role}-fighting-instinct`] as boolean;
  if (instinct && profile.skillSlots.free + profile.skillSlots.extra === 0) {
    throw new ConfigError(`--${role}-fighting-instinct`, true, `is not allowed: a ${profile.name} has no skill slot (R23); a Sergeant, Veteran Corporal or Corporal can take it`);
  }
  return { role, profile, weapon, health, psyche, mod: v[`${role}-courage-mod`] as number, instinct };
}

/** The weapon he fights with: an attacker drops his HE weapon for his pistol (item 46, as assault() does). */
export function fightingWeapon(f: Fighter): number {
  const w = weaponCode(f.weapon);
  if (f.role === 'attacker' && w === W_HE) return f.profile.pistol ? W_PISTOL : 0;
  return w;
}

/** Close-combat courage at each health 0..H, through the engine's ccCourage on a one-soldier view. */
export function courageByHealth(f: Fighter, rules: NcoRules, ws: WeaponStats): number[] {
  const w = fightingWeapon(f);
  const view = {
    health: Int32Array.of(0), psyche: Int32Array.of(f.psyche), courage: Int32Array.of(f.profile.courage),
    courageMod: Int32Array.of(f.mod), primary: Int32Array.of(w),
    scn: { weapons: ws, pistol: Uint8Array.of(f.profile.pistol || w === W_PISTOL ? 1 : 0), rules, skills: Int32Array.of(f.instinct ? S_FIGHTING_INSTINCT : 0) },
  };
  const out: number[] = [];
  for (let h = 0; h <= f.health; h++) {
    view.health[0] = h;
    out.push(ccCourage(view as unknown as NcoGame, 0));
  }
  return out;
}

/** Weights over 36^R of everything the tables show. */
interface Chain {
  R: number;
  D: bigint;
  /** To the death: attacker wins having lost k health; defender wins having lost k; both killed. */
  aWins: bigint[];
  dWins: bigint[];
  both: bigint;
  rounds: bigint[];
  lostA: bigint[];
  lostD: bigint[];
  /** Round 1: weight by margin (attacker total − defender total), and health lost. */
  margin: Map<number, bigint>;
  lostA1: bigint[];
  lostD1: bigint[];
}

/** Enumerates the fight round by round (mirrors rules/assault.ts → closeCombat). */
export function fight(ca: readonly number[], cd: readonly number[], HA: number, HD: number, sticky: boolean): Chain {
  const R = HA + HD - 1;
  const D = 36n ** BigInt(R);
  const zeros = (n: number) => new Array<bigint>(n).fill(0n);
  const c: Chain = {
    R, D, aWins: zeros(HA), dWins: zeros(HD), both: 0n, rounds: zeros(R + 1), lostA: zeros(HA + 1), lostD: zeros(HD + 1),
    margin: new Map(), lostA1: zeros(HA + 1), lostD1: zeros(HD + 1),
  };
  const idx = (ha: number, hd: number, za: number, zd: number) => ((ha * (HD + 1) + hd) * 2 + za) * 2 + zd;
  let cur = zeros((HA + 1) * (HD + 1) * 4);
  cur[idx(HA, HD, 0, 0)] = D;
  for (let r = 1; r <= R; r++) {
    const next = zeros(cur.length);
    for (let ha = 1; ha <= HA; ha++) for (let hd = 1; hd <= HD; hd++) for (let za = 0; za < 2; za++) for (let zd = 0; zd < 2; zd++) {
      const w = cur[idx(ha, hd, za, zd)];
      if (w === 0n) continue;
      const q = w / 36n; // exact: w is a multiple of 36^(R−r+1)
      const base = (za ? 0 : ca[ha]) - (zd ? 0 : cd[hd]);
      for (let x = -5; x <= 5; x++) { // x = die A − die D, on 6 − |x| of the 36 pairs
        const p = q * BigInt(6 - Math.abs(x));
        const diff = base + x;
        if (r === 1) {
          c.margin.set(diff, (c.margin.get(diff) ?? 0n) + p);
          c.lostA1[diff < 0 ? Math.min(-diff, HA) : diff === 0 ? HA : 0] += p;
          c.lostD1[diff > 0 ? Math.min(diff, HD) : diff === 0 ? HD : 0] += p;
        }
        if (diff === 0) { // item 64: a tie kills both
          c.both += p; c.rounds[r] += p; c.lostA[HA] += p; c.lostD[HD] += p;
        } else if (diff > 0) {
          if (hd - diff <= 0) { c.aWins[HA - ha] += p; c.rounds[r] += p; c.lostA[HA - ha] += p; c.lostD[HD] += p; }
          else next[idx(ha, hd - diff, sticky ? za : 0, 1)] += p; // item 63, R20
        } else if (ha + diff <= 0) { c.dWins[HD - hd] += p; c.rounds[r] += p; c.lostD[HD - hd] += p; c.lostA[HA] += p; }
        else next[idx(ha + diff, hd, 1, sticky ? zd : 0)] += p;
      }
    }
    cur = next;
  }
  if (cur.some((w) => w !== 0n)) throw new Error('close combat odds: a fight outlasted H_att + H_def − 1 rounds');
  return c;
}

export function closeCombatOdds(raw: Record<string, unknown>): OddsResult {
  const req = readCloseCombat(raw);
  const { attacker: a, defender: d, rules } = req;
  const ws = compileWeaponStats(rules.nation_specific_table);
  const ca = courageByHealth(a, rules, ws), cd = courageByHealth(d, rules, ws);
  const c = fight(ca, cd, a.health, d.health, rules.cc_loser_zero_sticky);
  const P = (n: bigint) => bigProb(n, c.D);
  const row = (outcome: string, n: bigint) => ({ outcome, probability: P(n), exact: bigFraction(n, c.D) });
  const outcomes = [
    ...c.aWins.flatMap((n, k) => (n > 0n ? [row(`defender killed, attacker −${k} health`, n)] : [])),
    ...(c.both > 0n ? [row('both killed', c.both)] : []),
    ...c.dWins.flatMap((n, k) => (n > 0n ? [row(`attacker killed, defender −${k} health`, n)] : [])),
  ];
  const total = [...c.aWins, ...c.dWins, c.both].reduce((s, n) => s + n, 0n);
  if (total !== c.D) throw new Error(`close combat odds do not sum to 1: ${total}/${c.D}`);
  const first = new Map<string, bigint>();
  for (const m of [...c.margin.keys()].sort((x, y) => y - x)) {
    const label = m >= d.health ? 'defender killed' : m > 0 ? `defender −${m} health` : m === 0 ? 'tie: both killed'
      : -m >= a.health ? 'attacker killed' : `attacker −${-m} health`;
    first.set(label, (first.get(label) ?? 0n) + c.margin.get(m)!);
  }
  const fighterRow = (f: Fighter, cour: number[]) => ({
    soldier: f.role, profile: f.profile.id, weapon: WEAPON_IDS[fightingWeapon(f)], health: f.health, psyche: f.psyche,
    courage: cour[f.health], 'courage at health 1': cour[1],
  });
  const mean = c.rounds.reduce((s, n, r) => s + P(n) * r, 0);
  return {
    title: `NCO: close combat, ${a.profile.name} (attacker) vs ${d.profile.name} (defender)`,
    inputs: {
      action: 'close-combat', attacker: a.profile.id, defender: d.profile.id, 'attacker-weapon': a.weapon, 'defender-weapon': d.weapon,
      'attacker-health': a.health, 'defender-health': d.health, 'attacker-psyche': a.psyche, 'defender-psyche': d.psyche,
      'attacker-courage-mod': a.mod, 'defender-courage-mod': d.mod, 'attacker-fighting-instinct': a.instinct, 'defender-fighting-instinct': d.instinct,
      rules: req.rulesJson,
    },
    outcomes,
    tables: [
      { title: 'courage in close combat', rows: [fighterRow(a, ca), fighterRow(d, cd)] },
      { title: 'first round', rows: [...first].map(([outcome, n]) => ({ outcome, probability: P(n), exact: bigFraction(n, c.D) })) },
      { title: 'health lost by the defender', rows: lostRows(c.lostD1, c.lostD, c.D) },
      { title: 'health lost by the attacker', rows: lostRows(c.lostA1, c.lostA, c.D) },
      { title: 'rounds fought', rows: c.rounds.flatMap((n, r) => (r > 0 && n > 0n ? [{ rounds: r, probability: P(n), 'at least': bigAtLeastP(c.rounds, r, c.D), exact: bigFraction(n, c.D) }] : [])) },
    ],
    notes: [
      `Exact: a round ends in a tie or costs the loser at least 1 health, so the fight lasts at most ${c.R} rounds (H_att + H_def − 1) and "to the death" is a finite sum (no series); every fraction is reduced from 36^${c.R}.`,
      'Courage is rules/assault.ts → ccCourage: profile + weapon (best of primary and pistol, R20) + Fighting Instinct + --*-courage-mod, and 0 at health 1 or psyche 0 (items 56, 57, 65). A round\'s loser fights on at courage 0 ' + (rules.cc_loser_zero_sticky ? 'for the rest of the fight (R20).' : 'for the next round only (rules.cc_loser_zero_sticky false).'),
      'A tie in any round kills both (item 64). A killed soldier counts as losing all his health in the tables.',
      `Mean length ${Math.round(mean * 1000) / 1000} rounds. Not included: the defender's response Fire before contact (item 26; see --action shoot --attack response) and a Snapped soldier's assault (both removed, item 59).`,
    ],
    summary: {
      'P(attacker wins)': P(c.aWins.reduce((s, n) => s + n, 0n)),
      'P(both killed)': P(c.both),
      'P(defender wins)': P(c.dWins.reduce((s, n) => s + n, 0n)),
      'P(decided in round 1)': P(c.rounds[1]),
    },
  };
}

function bigAtLeastP(dist: readonly bigint[], k: number, D: bigint): number {
  let s = 0n;
  for (let j = k; j < dist.length; j++) s += dist[j];
  return bigProb(s, D);
}

/** Health lost 0..H (H = killed): exact and "at least", first round and to the death. */
function lostRows(first: readonly bigint[], death: readonly bigint[], D: bigint): Record<string, string | number>[] {
  const H = first.length - 1;
  const p1 = first.map((n) => bigProb(n, D)), pd = death.map((n) => bigProb(n, D));
  return first.map((_, n) => ({
    'health lost': n === H ? `${n} (killed)` : String(n),
    'P(=n), first round': p1[n], 'P(≥n), first round': bigAtLeastP(first, n, D),
    'P(=n), to the death': pd[n], 'P(≥n), to the death': bigAtLeastP(death, n, D),
  }));
}
