/**
 * Players and their knobs, declared once (issue 27). A ruleset lists its knobs (name, type,
 * range, description: TAG's tunable parameters) and its players (each with presets written in
 * config form and the decisions object the rules call); from that one declaration the kit
 * derives the config's `policy` schema (ids and the object form), the resolved numeric
 * parameters the hot loop reads, `Ruleset.policyIds`, `Ruleset.policyPreset` and the
 * decisions object of each seat.
 */
import { z } from 'zod';

interface KnobBase { doc: string }
export interface NumberKnob extends KnobBase { type: 'number'; min: number; max: number; int: boolean }
export interface BoolKnob extends KnobBase { type: 'boolean' }
export interface ChoiceKnob<C extends readonly string[] = readonly string[]> extends KnobBase { type: 'choice'; choices: C }
export type Knob = NumberKnob | BoolKnob | ChoiceKnob;
export type KnobSpec = Record<string, Knob>;

/** Knob builders: `knob.number(0, 1, 'what higher means')`. */
export const knob = {
  number: (min: number, max: number, doc: string): NumberKnob => ({ type: 'number', min, max, int: false, doc }),
  int: (min: number, max: number, doc: string): NumberKnob => ({ type: 'number', min, max, int: true, doc }),
  boolean: (doc: string): BoolKnob => ({ type: 'boolean', doc }),
  /** A choice among words; the resolved parameter is the word's index in `choices`. */
  choice: <const C extends readonly string[]>(choices: C, doc: string): ChoiceKnob<C> => ({ type: 'choice', choices, doc }),
};

/** `advance_to_in` → `advanceToIn`: the config name in snake case, the code name in camel case. */
export type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
export const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A knob's value in config form (a choice is its word). */
export type KnobConfigValue<D> = D extends ChoiceKnob<infer C> ? C[number] : D extends BoolKnob ? boolean : number;
/** Every knob in config form: what a preset must give. */
export type KnobConfig<K extends KnobSpec> = { [N in keyof K]: KnobConfigValue<K[N]> };
/** The resolved parameters the rules and players read (a choice is its index). */
export type KnobParams<K extends KnobSpec> = { [N in keyof K & string as Camel<N>]: K[N] extends BoolKnob ? boolean : number };

export interface PlayerDecl<K extends KnobSpec, D> {
  /** What the player does, one sentence (docs, the schema's `id` description). */
  doc: string;
  /** Named presets, every knob given in config form; the first player's first preset is the default. */
  presets: Record<string, KnobConfig<K>>;
  /** The object the rules call for this seat's decisions. */
  decisions: D;
  /** False: the object form takes no knobs, only `{ id }` (a random player has nothing to tune). */
  tunable?: boolean;
}

/** A side's resolved policy: the preset it started from, the player it is, and every knob. */
export type Policy<K extends KnobSpec> = KnobParams<K> & {
  /** The preset id (`aggressive`, `random`...). */
  readonly id: string;
  /** The player's name in the declaration (`scripted`, `random`). */
  readonly player: string;
};

export interface Players<K extends KnobSpec, D> {
  /** Every preset id, in declaration order (Ruleset.policyIds). */
  readonly ids: readonly string[];
  readonly knobs: K;
  /** The config's `policy` field: a preset id, or `{ id, ...knobs }`. */
  readonly schema: z.ZodType;
  /** A validated `policy` value → the parameters the game reads. */
  resolve(config: unknown): Policy<K>;
  /** A preset's knobs in config form (Ruleset.policyPreset: `squadsim tune` starts there). */
  presetConfig(id: string): Record<string, unknown> | undefined;
  /** The decisions object of a resolved policy's player. */
  decisionsOf(policy: Policy<K>): D;
  /** A resolved policy in config form, every knob given (results' "what was played"). */
  toConfig(policy: Policy<K>): Record<string, unknown>;
}

function knobSchema(k: Knob): z.ZodType {
  if (k.type === 'boolean') return z.boolean().optional().describe(k.doc);
  if (k.type === 'choice') return z.enum(k.choices as unknown as [string, ...string[]]).optional().describe(k.doc);
  const n = k.int ? z.number().int() : z.number();
  return n.min(k.min).max(k.max).optional().describe(k.doc);
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Builds the players seam of a ruleset from its knobs and players. */
export function definePlayers<K extends KnobSpec, D>(knobs: K, players: Record<string, PlayerDecl<K, D>>): Players<K, D> {
  const names = Object.keys(knobs);
  const presetOwner = new Map<string, string>();
  for (const [p, decl] of Object.entries(players)) {
    for (const [id, preset] of Object.entries(decl.presets)) {
      if (presetOwner.has(id)) throw new Error(`players: preset ${id} is declared by ${presetOwner.get(id)} and ${p}`);
      presetOwner.set(id, p);
      for (const n of names) if (!own(preset, n)) throw new Error(`players: preset ${id} does not give knob ${n}`);
      for (const n of Object.keys(preset)) if (!own(knobs, n)) throw new Error(`players: preset ${id} gives unknown knob ${n}`);
    }
  }
  const ids = [...presetOwner.keys()];
  if (ids.length === 0) throw new Error('players: no presets');
  const shape = Object.fromEntries(names.map((n) => [n, knobSchema(knobs[n])]));
  const forms: z.ZodType[] = [z.enum(ids as [string, ...string[]])];
  for (const [p, decl] of Object.entries(players)) {
    const own = Object.keys(decl.presets) as [string, ...string[]];
    const id = z.enum(own).describe(`The preset the knobs start from: ${own.join(', ')}. ${decl.doc}`);
    forms.push(decl.tunable === false ? z.object({ id }).strict() : z.object({ id, ...shape }).strict());
    void p;
  }
  const schema = z.union(forms as [z.ZodType, z.ZodType, ...z.ZodType[]]).describe('How this side plays: a preset id, or an object with the preset as `id` and knobs that override it.');

  const resolve = (config: unknown): Policy<K> => {
    const id = typeof config === 'string' ? config : (config as { id: string }).id;
    const player = presetOwner.get(id);
    if (player === undefined) throw new Error(`players: unknown preset ${JSON.stringify(id)} (validate with schema first)`);
    const over = typeof config === 'string' ? {} : (config as Record<string, unknown>);
    const preset = players[player].presets[id] as Record<string, unknown>;
    const out: Record<string, unknown> = { id, player };
    for (const n of names) {
      const k = knobs[n], v = own(over, n) && over[n] !== undefined ? over[n] : preset[n];
      out[camel(n)] = k.type === 'choice' ? k.choices.indexOf(v as string) : v;
    }
    // A copy by spread: `out`, built by keyed stores, is in dictionary mode (every knob read in
    // the hot loop a hash lookup); the spread's copy has fast properties and one shape per ruleset.
    return { ...out } as Policy<K>;
  };
  const toConfig = (p: Policy<K>): Record<string, unknown> => {
    const out: Record<string, unknown> = { id: p.id };
    if (players[p.player].tunable === false) return out;
    const vals = p as unknown as Record<string, unknown>;
    for (const n of names) {
      const k = knobs[n], v = vals[camel(n)];
      out[n] = k.type === 'choice' ? k.choices[v as number] : v;
    }
    return out;
  };
  return {
    ids, knobs, schema, resolve, toConfig,
    presetConfig: (id) => {
      const p = presetOwner.get(id);
      if (p === undefined || players[p].tunable === false) return undefined;
      return { ...(players[p].presets[id] as Record<string, unknown>) };
    },
    decisionsOf: (p) => players[p.player].decisions,
  };
}
