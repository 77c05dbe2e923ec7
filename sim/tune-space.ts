/**
 * The search space of `squadsim tune`, read from a ruleset's config JSON Schema: the object
 * form of `sides[].policy` whose `id` names the policy, and each of its other properties
 * (numbers with bounds, integers, enums, booleans) as one dimension with a finite set of
 * values. A ruleset gets `tune` by declaring its policy parameters in its schema; nothing
 * else (docs/contract.md).
 */
import { ConfigError } from '../engine/errors.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';

export interface Dim {
  name: string;
  values: readonly (number | string | boolean)[];
}

/** Levels a bounded number is cut into (min, max and evenly between). */
export const NUMBER_LEVELS = 9;
/** An integer range up to this many values keeps every value; a wider one is cut into NUMBER_LEVELS. */
const MAX_INT_VALUES = 13;

type Schema = Record<string, any>;

/** The object variants of sides[].policy in the schema. */
function policyVariants(schema: Schema): Schema[] {
  const policy = schema?.properties?.sides?.items?.properties?.policy;
  const variants: Schema[] = policy?.anyOf ?? policy?.oneOf ?? (policy ? [policy] : []);
  return variants.filter((v) => v?.type === 'object' && v.properties);
}

function idsOf(variant: Schema): string[] {
  const id = variant.properties?.id;
  if (id?.const !== undefined) return [String(id.const)];
  return Array.isArray(id?.enum) ? id.enum.map(String) : [];
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function dimOf(name: string, p: Schema): Dim | null {
  if (Array.isArray(p.enum) && p.enum.length > 1) return { name, values: p.enum };
  if (p.type === 'boolean') return { name, values: [false, true] };
  if ((p.type === 'number' || p.type === 'integer') && Number.isFinite(p.minimum) && Number.isFinite(p.maximum) && p.maximum > p.minimum) {
    const lo = p.minimum as number, hi = p.maximum as number;
    if (p.type === 'integer' && hi - lo + 1 <= MAX_INT_VALUES) return { name, values: Array.from({ length: hi - lo + 1 }, (_, k) => lo + k) };
    const vals = Array.from({ length: NUMBER_LEVELS }, (_, k) => lo + ((hi - lo) * k) / (NUMBER_LEVELS - 1));
    return { name, values: [...new Set(p.type === 'integer' ? vals.map(Math.round) : vals.map(round))] };
  }
  return null;
}

/**
 * The dimensions of policy `policyId` (every tunable parameter, or only those in `only`).
 * Throws ConfigError (field `flag`) when the ruleset declares no such policy parameters.
 */
export function tuneSpace(ruleset: Ruleset<CompiledScenario, unknown>, policyId: string, only?: readonly string[], flag = '--policy'): Dim[] {
  const schema = ruleset.jsonSchema?.() as Schema | undefined;
  const variant = schema ? policyVariants(schema).find((v) => idsOf(v).includes(policyId)) : undefined;
  const tunable = variant ? policyVariants(schema!).flatMap(idsOf).filter((id) => {
    const v = policyVariants(schema!).find((x) => idsOf(x).includes(id))!;
    return Object.keys(v.properties).some((k) => k !== 'id' && dimOf(k, v.properties[k]));
  }) : [];
  if (!variant) throw new ConfigError(flag, policyId, `expected a policy of ${ruleset.id} with parameters: ${tunable.length ? tunable.join(', ') : '(none declared in its config schema)'}`);
  const dims: Dim[] = [];
  for (const [name, p] of Object.entries(variant.properties as Record<string, Schema>)) {
    if (name === 'id') continue;
    const d = dimOf(name, p);
    if (d) dims.push(d);
  }
  if (only) {
    const known = new Set(dims.map((d) => d.name));
    const bad = only.find((n) => !known.has(n));
    if (bad !== undefined) throw new ConfigError('--params', bad, `expected parameters of ${policyId}: ${[...known].join(', ')}`);
    return dims.filter((d) => only.includes(d.name));
  }
  if (dims.length === 0) throw new ConfigError(flag, policyId, `has no tunable parameters; policies of ${ruleset.id} with parameters: ${tunable.filter((t) => t !== policyId).join(', ')}`);
  return dims;
}

/**
 * Adds the presets' own values to the dimensions (a weight of 0.05 is not on a grid of
 * 0, 1.25, …) and returns the points of `preset` (where the search starts) and of every
 * preset given (`initial`: evaluated first, so the search knows the shipped players).
 */
export function withStart(dims: readonly Dim[], preset: Record<string, unknown> | undefined, others: readonly Record<string, unknown>[] = []): { dims: Dim[]; start?: number[]; initial: number[][] } {
  const all = [...(preset ? [preset] : []), ...others];
  const out = dims.map((d) => {
    // Only values inside the schema's range: a preset may hold an out-of-range sentinel (Platoon's
    // random player: rally_pins 99, "never"), which no config could name.
    const nums = d.values.filter((v): v is number => typeof v === 'number');
    const lo = Math.min(...nums), hi = Math.max(...nums);
    const extra = all.map((p) => p[d.name]).filter((v): v is number => typeof v === 'number' && !d.values.includes(v) && v >= lo && v <= hi);
    return extra.length ? { name: d.name, values: [...new Set([...d.values, ...extra])].sort((a, b) => (a as number) - (b as number)) } : d;
  });
  const pointOf = (p: Record<string, unknown>) => out.map((d) => Math.max(0, d.values.indexOf(p[d.name] as never)));
  return { dims: out, ...(preset ? { start: pointOf(preset) } : {}), initial: all.map(pointOf) };
}

/** The policy object for a point of the space (value indices per dimension). */
export function policyAt(policyId: string, dims: readonly Dim[], point: readonly number[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: policyId };
  dims.forEach((d, k) => (out[d.name] = d.values[point[k]]));
  return out;
}
