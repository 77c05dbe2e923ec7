/**
 * Exact odds of one Rally order (`odds nco --action rally`, items 21, 58, 78, 79): a D6 on
 * the Rally table (rules/orders.ts → rallyAmount), capped at the soldier's maximum. A Medic's
 * health Rally is always +3 and a Chaplain's psyche Rally +2, with no die; transferring them
 * (to one friend within 3", or to all within 3") moves the same fixed amount, so the odds do
 * not change. odds-sample-melee.ts plays the engine's executeOrder(Rally) to check it.
 */
import { ConfigError } from '../../../errors.ts';
import type { OddsResult } from '../../../ruleset.ts';
import { PROFILES, type Profile } from '../data/profiles.ts';
import { PROFILE_IDS } from '../data/roster-types.ts';
import { rallyAmount } from '../rules/orders.ts';
import { readOptions } from './odds-options.ts';
import { atLeast, readRules, round } from './odds-table.ts';

export interface RallyRequest {
  profile: Profile;
  regain: 'health' | 'psyche';
  current: number;
  max: number;
  rules: string;
}

export function readRally(raw: Record<string, unknown>): RallyRequest {
  const { values: v } = readOptions(raw);
  readRules(v.rules as string); // checked though no rule parameter changes a Rally
  const profile = PROFILES[PROFILE_IDS.indexOf(v.soldier as (typeof PROFILE_IDS)[number])];
  const regain = v.regain as 'health' | 'psyche';
  const max = regain === 'health' ? profile.health : profile.psyche;
  const current = v.current as number;
  const min = regain === 'health' ? 1 : 0; // 0 health is dead; 0 psyche is a breakdown (item 58)
  if (current < min || current > max) throw new ConfigError('--current', current, `expected ${min} to ${max} (a ${profile.name}'s ${regain})`);
  return { profile, regain, current, max, rules: v.rules as string };
}

/** The amount a Rally gives on each D6 face, before the cap (items 21, 78, 79). */
export function rallyFaces(r: RallyRequest): number[] {
  const fixed = r.regain === 'health' && r.profile.id === 'medic' ? 3 : r.regain === 'psyche' && r.profile.id === 'chaplain' ? 2 : 0;
  return [1, 2, 3, 4, 5, 6].map((f) => (fixed > 0 ? fixed : rallyAmount(f)));
}

export function rallyOdds(raw: Record<string, unknown>): OddsResult {
  const r = readRally(raw);
  const faces = rallyFaces(r);
  const room = r.max - r.current;
  const gained = new Array<number>(room + 1).fill(0); // sixths
  for (const a of faces) gained[Math.min(a, room)]++;
  const frac = (n: number) => (n === 0 ? '0' : n === 6 ? '1' : n % 3 === 0 ? `${n / 3}/2` : n % 2 === 0 ? `${n / 2}/3` : `${n}/6`);
  const outcomes = gained.flatMap((n, k) => (n > 0 ? [{ outcome: `+${k} ${r.regain}`, probability: round(n / 6), exact: frac(n) }] : []));
  const fixed = faces.every((a) => a === faces[0]);
  const ge = (k: number) => (room >= k ? round(atLeast(gained, k) / 6) : 0);
  return {
    title: `NCO: Rally (${r.regain}) by a ${r.profile.name} at ${r.regain} ${r.current} of ${r.max}`,
    inputs: { action: 'rally', soldier: r.profile.id, regain: r.regain, current: r.current, max: r.max, rules: r.rules },
    outcomes,
    tables: [
      { title: 'rally die', rows: faces.map((a, f) => ({ D6: fixed ? `${f + 1} (no die)` : f + 1, regains: a, 'after the cap': Math.min(a, room) })) },
      {
        title: `${r.regain} regained`,
        rows: gained.map((n, k) => ({ regained: k, [r.regain]: r.current + k, probability: round(n / 6), 'at least': round(atLeast(gained, k) / 6), exact: frac(n) })),
      },
    ],
    notes: [
      'Exact: one D6 on the Rally table (item 21: 1 → +1, 2–3 → +2, 4–5 → +3, 6 → +4), capped at the maximum.',
      fixed ? `A ${r.profile.name}'s ${r.regain} Rally is always +${faces[0]} (item ${r.profile.id === 'medic' ? 78 : 79}); transferring it to friends within 3" moves the same amount.` : 'A Medic\'s health Rally (+3) and a Chaplain\'s psyche Rally (+2) roll no die (items 78, 79).',
      ...(r.regain === 'psyche' && r.current === 0 ? ['At psyche 0 (breakdown) this is the Rally the owner must give first next turn (item 58).'] : []),
    ],
    summary: {
      'P(+1 or more)': ge(1),
      'P(+2 or more)': ge(2),
      'P(+3 or more)': ge(3),
      'P(back to max)': round(gained[room] / 6),
    },
  };
}
