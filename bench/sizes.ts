// The cost of a game by size (issue 14, `bench --sizes 10,20,40,60`): an NCO config per size,
// a size being the soldiers on the table, half a side: both sides field the same roster (a
// Sergeant, one Corporal in five, the rest Privates) under raised budgets. NCO plays at most
// 64 soldiers in a game (compile.ts), so 32 a side is the largest squad; counting both sides
// keeps 60 measurable. Played in-process; reports CPU µs per game and per soldier, and the
// growth exponent between sizes (log ratio: 1 = linear, 2 = quadratic).
import { GameEnv } from '../engine/env.ts';
import { playOne } from '../engine/ruleset.ts';
import { loadConfig, loadConfigObject, type LoadedConfig } from '../sim/config.ts';

/** NCO's cap on the soldiers in one game (both sides). */
export const MAX_NCO_SOLDIERS = 64;

export interface SizeRow {
  /** Soldiers on the table (both sides). */
  soldiers: number;
  perSide: number;
  games: number;
  usPerGame: number;
  /** µs per game divided by the soldiers on the table. */
  usPerSoldier: number;
  /** log(µs ratio) / log(size ratio) against the previous size; null for the first. */
  exponent: number | null;
}

/** `count` may be at most 50 per roster entry: larger groups are split. */
function group(type: string, n: number): { type: string; count: number }[] {
  const out: { type: string; count: number }[] = [];
  for (let left = n; left > 0; left -= 50) out.push({ type, count: Math.min(50, left) });
  return out;
}

/** The roster of `n` soldiers (n ≥ 1): a Sergeant, ⌊(n−1)/5⌋ Corporals and Privates for the rest. */
export function sizeRoster(n: number): Record<string, unknown> {
  const corporals = Math.floor((n - 1) / 5);
  return {
    name: `${n} soldiers`,
    nation: 'none',
    soldiers: [{ type: 'sergeant' }, ...group('corporal', corporals), ...group('private', n - 1 - corporals)],
  };
}

/**
 * `base` (an NCO config: its scenario, map, rules and policies) with both rosters replaced by
 * sizeRoster(perSide) and the vps budget at its maximum (1000: 18 per Corporal, 8 per Private fits
 * ~110 soldiers). The base itself is left unchanged.
 */
export function sizeConfig(base: LoadedConfig, perSide: number): LoadedConfig {
  const c = structuredClone(base.config) as { rules?: Record<string, unknown>; sides: { roster: unknown }[] };
  c.rules = { ...(c.rules ?? {}), roster_vps: 1000, roster_sps: 1000 };
  for (const s of c.sides) s.roster = sizeRoster(perSide);
  return loadConfigObject(c, '', base.path);
}

/** The base for the size scan: `l` if it is an NCO config, else the default NCO matchup. */
export function sizeBase(l: LoadedConfig): LoadedConfig {
  return l.ruleset.id === 'nco' ? l : loadConfig();
}

/** CPU µs (user + system) since `t0`. */
const cpuSince = (t0: NodeJS.CpuUsage): number => {
  const t = process.cpuUsage(t0);
  return t.user + t.system;
};

/** Soldiers a side for a size (soldiers on the table): half, at least 1, at most 32. */
export function perSideOf(size: number): number {
  return Math.min(MAX_NCO_SOLDIERS / 2, Math.max(1, Math.round(size / 2)));
}

/**
 * Plays each size in-process: first `warmSec` of warm-up (JIT) per size on other seeds, all
 * sizes before any is measured (so the first size measured is as warm as the last), then
 * games on `seed` until `sec` of CPU time (at least 20 games). A size that does not compile throws.
 */
export function scanSizes(base: LoadedConfig, sizes: readonly number[], seed: number, sec: number, warmSec: number): SizeRow[] {
  const runs = sizes.map((size) => {
    const perSide = perSideOf(size);
    const l = sizeConfig(base, perSide);
    const env = new GameEnv(l.scn.plan);
    return { perSide, l, env, game: l.ruleset.createGame(l.scn, env) };
  });
  for (const { l, env, game } of runs) {
    const w0 = process.cpuUsage();
    for (let i = 0; i < 20 || cpuSince(w0) < warmSec * 1e6; i++) playOne(l.ruleset, game, env, (seed + 7919) >>> 0, i);
  }
  const rows: SizeRow[] = [];
  for (const { perSide, l, env, game } of runs) {
    const n = 2 * perSide;
    let games = 0;
    const t0 = process.cpuUsage();
    let us = 0;
    while (games < 20 || us < sec * 1e6) {
      for (const end = games + 10; games < end; games++) playOne(l.ruleset, game, env, seed, games);
      us = cpuSince(t0);
    }
    const usPerGame = us / games;
    const prev = rows[rows.length - 1];
    rows.push({
      soldiers: n,
      perSide,
      games,
      usPerGame,
      usPerSoldier: usPerGame / n,
      exponent: prev && prev.soldiers !== n ? Math.log(usPerGame / prev.usPerGame) / Math.log(n / prev.soldiers) : null,
    });
  }
  return rows;
}
