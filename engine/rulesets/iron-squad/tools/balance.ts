/**
 * `squadsim balance` for Iron Squad (issue 28). Iron Squad prints no points: each player
 * secretly picks 5 of his 7 unit types and the Captain is mandatory (item 5), so a force is
 * the Captain plus 4 different types of the other 6. A random force draws those 4 uniformly
 * (each of the 15 choices equally likely) from `roster.pool`. The features are the pool's
 * types, counted 0 or 1. Every force fields exactly 4 of them, so the two forces' counts
 * differ by a vector that sums to 0: only contrasts between types are identified. A type's
 * value is therefore stated against a named reference type, `roster.reference` (default the
 * Rifleman, value 0 by definition; analysis/reference-value.ts).
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import type { BalanceFeature, BalanceProvider, BalanceSpec, BalanceSweep } from '../../../ruleset.ts';
import { UNIT_IDS } from '../data/units.ts';

/** The six types a player chooses 4 of (item 5); the Captain is in every force. */
export const CHOSEN_IDS = UNIT_IDS.filter((id) => id !== 'captain');
/** Types fielded beside the Captain (item 5). */
export const PICKED = 4;
export const DEFAULT_REFERENCE = 'rifleman';

const LABELS: Record<string, string> = {
  rifleman: 'Rifleman', 'machine-gunner': 'Machine gunner', 'grenade-thrower': 'Grenade thrower',
  engineer: 'Engineer', sniper: 'Sniper', medic: 'Medic',
};

const typeId = z.string().refine((s) => (CHOSEN_IDS as readonly string[]).includes(s), {
  message: `expected one of ${CHOSEN_IDS.join(', ')} (the Captain is in every force, item 5)`,
});

const rosterSchema = z.strictObject({
  pool: z
    .array(typeId)
    .min(PICKED + 1, { message: `list at least ${PICKED + 1} types, or every force would be the same` })
    .refine((a) => new Set(a).size === a.length, { message: 'the types must be different' })
    .default([...CHOSEN_IDS])
    .describe('The types random forces choose 4 from, beside the Captain (default all 6).'),
  reference: typeId.default(DEFAULT_REFERENCE).describe('The type every other type is valued against (value 0 by definition); default rifleman.'),
});

function prepare(spec: BalanceSpec): BalanceSweep {
  if (spec.budget !== undefined) throw new ConfigError('budget', spec.budget, 'must be left out: Iron Squad prints no points (a force is the Captain and 4 other types, item 5)');
  const noOverrides = spec.cost_overrides === undefined || (isPlainObject(spec.cost_overrides) && Object.keys(spec.cost_overrides).length === 0);
  if (!noOverrides) throw new ConfigError('cost_overrides', spec.cost_overrides, 'must be left out: Iron Squad prints no points to override');
  if (spec.features !== undefined && spec.features !== 'all') {
    throw new ConfigError('features', spec.features, 'expected "all" (every type of roster.pool is fitted); choose the types with "roster": { "pool": [...] }');
  }
  const opts = parseOrThrow(rosterSchema, spec.roster ?? {}, ['roster']);
  if (!opts.pool.includes(opts.reference)) {
    throw new ConfigError('roster.reference', opts.reference, `must be one of roster.pool (${opts.pool.join(', ')})`);
  }
  // Canonical type order, whatever order the pool was written in.
  const pool = CHOSEN_IDS.filter((id) => opts.pool.includes(id));
  const features: BalanceFeature[] = pool.map((id) => ({ id, label: LABELS[id], group: 'types', cost: 0, pool: '' }));
  const index = new Map(pool.map((id, k) => [id, k]));
  return {
    features,
    forceField: 'units',
    rules: {},
    reference: opts.reference,
    seat1: 'seat 1 is the USA, which moves first every round (item 3)',
    randomRoster: (rand) => randomForce(pool, rand),
    featureCounts: (units) => featureCounts(index, units as string[]),
  };
}

/** The Captain and 4 different types of `pool`, each 4-subset equally likely (partial Fisher–Yates), in type order. */
export function randomForce(pool: readonly string[], rand: () => number): string[] {
  const a = [...pool];
  for (let i = 0; i < PICKED; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  const picked = new Set(a.slice(0, PICKED));
  return ['captain', ...pool.filter((id) => picked.has(id))];
}

function featureCounts(index: Map<string, number>, units: readonly string[]): number[] {
  const out = new Array<number>(index.size).fill(0);
  for (const id of units) {
    const j = index.get(id);
    if (j !== undefined) out[j]++;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export const ironBalance: BalanceProvider = { prepare };
