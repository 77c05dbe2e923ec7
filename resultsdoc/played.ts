/**
 * What was played, in words a reader of a summary or report needs: the scenario, the map,
 * each side's force and policy with every parameter (and the preset file it came from), and
 * the rule parameters that differ from the ruleset's defaults. The scenario, map and forces
 * come from the ruleset's own words (Ruleset.describePlayed) when it gives them, else from
 * a guess at where they live in the normalized config; the policy's parameters from
 * describePlayed's policies or Ruleset.policyPreset plus what the config sets; the rule
 * defaults from the ruleset's JSON Schema or from compiling the same config with `rules: {}`.
 */
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { valueWords } from '../engine/played-words.ts';

export interface PlayedSide {
  name: string;
  /** The force in words (the ruleset's describePlayed), or the roster's name or unit list. */
  roster: string;
  /** The policy id and every parameter it plays with. */
  policy: Record<string, unknown>;
  /** The policy preset file the config named (`"policy": "policies/basic.json"`), and its description. */
  preset?: PolicyPresetInfo;
}

/** A policy preset file as the config named it (sim/config.ts reads it). */
export interface PolicyPresetInfo {
  /** The path as written in the config. */
  file: string;
  /** The file's `description`, when it has one (what `tune` writes). */
  description?: string;
}

export interface Played {
  scenario: string;
  map: string;
  sides: [PlayedSide, PlayedSide];
  /** Rule parameters set to something other than the ruleset's default (dotted names). */
  rules: Record<string, unknown>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function scenarioOf(c: Obj): string {
  const s = c.scenario;
  if (typeof s === 'string') return s;
  if (isObj(s) && typeof s.id === 'string') {
    const extra = Object.keys(s).filter((k) => k !== 'id');
    return extra.length ? `${s.id} (${extra.map((k) => `${k} ${JSON.stringify(s[k])}`).join(', ')})` : s.id;
  }
  return 'none';
}

function mapOf(c: Obj): string {
  const m = c.map;
  if (typeof m === 'string') return m;
  if (!isObj(m)) return 'none';
  if (isObj(m.generate)) {
    const g = Object.entries(m.generate).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ');
    return `generated each game${g ? ` (${g})` : ''}`;
  }
  const size = Array.isArray(m.size) ? ` ${m.size.join('×')}` : '';
  return `${typeof m.name === 'string' ? m.name : 'fixed map'}${size}`;
}

function rosterOf(side: Obj): string {
  const r = side.roster;
  if (isObj(r) && typeof r.name === 'string') return r.name;
  if (typeof r === 'string') return r;
  for (const k of ['units', 'force', 'army', 'list']) {
    const v = side[k];
    if (Array.isArray(v)) return v.map((u) => (typeof u === 'string' ? u : isObj(u) ? String(u.type ?? u.id ?? u.name ?? '?') : String(u))).join(', ');
    if (isObj(v) && typeof v.name === 'string') return v.name;
  }
  // No raw JSON in a page: a ruleset without describePlayed gets its force's fields named.
  const rest = Object.keys(side).filter((k) => k !== 'name' && k !== 'policy');
  return rest.length ? `given by ${rest.join(', ')} (this ruleset does not describe its forces)` : 'none';
}

function policyOf(ruleset: Ruleset<CompiledScenario, unknown>, p: unknown): Record<string, unknown> {
  const given = typeof p === 'string' ? { id: p } : isObj(p) ? p : { id: String(p) };
  const id = String(given.id);
  return { id, ...(ruleset.policyPreset?.(id) ?? {}), ...given };
}

/** Leaves of `a` whose value differs from the same path in `b`, as dotted names. */
function changed(a: unknown, b: unknown, at: string, out: Obj): void {
  if (isObj(a) && isObj(b)) {
    for (const k of Object.keys(a)) changed(a[k], b[k], at ? `${at}.${k}` : k, out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out[at] = a;
}

/** The defaults a JSON Schema node declares, nested objects' from their own properties. */
function schemaDefaults(node: unknown): unknown {
  if (!isObj(node)) return undefined;
  if (isObj(node.properties)) {
    const out: Obj = isObj(node.default) ? { ...node.default } : {};
    for (const [k, v] of Object.entries(node.properties)) {
      const d = schemaDefaults(v);
      if (d !== undefined) out[k] = isObj(d) && isObj(out[k]) ? { ...(out[k] as Obj), ...d } : d;
    }
    return out;
  }
  return node.default;
}

/**
 * The rules' defaults: the `default` of each rules property in the ruleset's JSON Schema, or
 * else what compiling the config with `rules: {}` fills in (undefined when neither works:
 * then every rule set in the config is listed).
 */
function ruleDefaults(ruleset: Ruleset<CompiledScenario, unknown>, c: Obj): Obj | undefined {
  const d = schemaDefaults((ruleset.jsonSchema?.() as any)?.properties?.rules);
  if (isObj(d) && Object.keys(d).length > 0) return d;
  try {
    return (ruleset.compile({ ...structuredClone(c), rules: {} }).normalized as Obj).rules as Obj;
  } catch {
    return undefined;
  }
}

/**
 * `presets[i]` is the preset file side i's config named, when it named one (LoadedConfig.presets).
 */
export function describePlayed(ruleset: Ruleset<CompiledScenario, unknown>, normalized: unknown, presets: readonly (PolicyPresetInfo | null | undefined)[] = []): Played {
  const c = isObj(normalized) ? normalized : {};
  const words = ruleset.describePlayed?.(normalized);
  const sides = (Array.isArray(c.sides) ? c.sides : [{}, {}]).map((s: unknown, i: number): PlayedSide => {
    const side = isObj(s) ? s : {};
    const policy = words?.policies ? { ...words.policies[i] } : policyOf(ruleset, side.policy);
    const preset = presets[i];
    return {
      name: typeof side.name === 'string' ? side.name : `side ${i + 1}`,
      roster: words ? words.forces[i] : rosterOf(side),
      policy,
      ...(preset ? { preset: { file: preset.file, ...(preset.description !== undefined ? { description: preset.description } : {}) } } : {}),
    };
  }) as [PlayedSide, PlayedSide];
  const rules: Obj = {};
  changed(c.rules, ruleDefaults(ruleset, c), '', rules);
  return { scenario: words ? words.scenario : scenarioOf(c), map: words ? words.map : mapOf(c), sides, rules };
}

/** One line per fact, for consoles and Markdown. */
export function playedLines(p: Played): string[] {
  const pol = (x: Record<string, unknown>) => {
    const { id, ...rest } = x;
    const params = Object.entries(rest).map(([k, v]) => `${k} ${valueWords(v)}`).join(', ');
    return params ? `${String(id)} (${params})` : String(id);
  };
  // A preset file is named for what it is ("policies/basic.json: aggressive tuned by …"), with
  // the built-in policy its knobs start from; a bare id is the built-in policy itself.
  const player = (s: PlayedSide) =>
    s.preset ? `player preset ${s.preset.file}${s.preset.description ? ` ("${s.preset.description}")` : ''}, built on policy ${pol(s.policy)}` : `player policy ${pol(s.policy)}`;
  const rules = Object.entries(p.rules);
  return [
    `scenario: ${p.scenario}`,
    `map: ${p.map}`,
    ...p.sides.map((s) => `${s.name}: ${s.roster}`),
    ...p.sides.map((s) => `${s.name}: ${player(s)}`),
    `rules: ${rules.length ? rules.map(([k, v]) => `${k} = ${valueWords(v)}`).join(', ') : 'the defaults'}`,
  ];
}
