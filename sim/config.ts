import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, formatPath } from '../engine/errors.ts';
import { parseOrThrow } from '../engine/validate.ts';
import type { CompiledScenario, Ruleset } from '../engine/ruleset.ts';
import { getRuleset, RULESET_IDS } from '../engine/rulesets/index.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import type { PolicyPresetInfo } from '../resultsdoc/played.ts';
import { defaultConfigPath } from './paths.ts';
import { checkResultLabels } from './result-labels.ts';

export interface LoadedConfig<S extends CompiledScenario = CompiledScenario> {
  ruleset: Ruleset<S, unknown>;
  /** The config with every file reference replaced by the parsed file: what workers compile. */
  config: Record<string, unknown>;
  scn: S;
  /** Absolute path of the config file ('' for an in-memory config). */
  path: string;
  /** Per side, the policy preset file its config named (for "what was played"), else null. */
  presets?: (PolicyPresetInfo | null)[];
}

/**
 * Loads a config file (default: configs/nco/default.json), inlines the files its ruleset
 * allows as references and compiles it, so bad input is reported before any work starts.
 * Every failure is a ConfigError naming the field, the value and what is allowed.
 */
export function loadConfig(path?: string): LoadedConfig {
  const abs = resolve(path ?? defaultConfigPath());
  const shown = path ?? abs;
  const raw = readJson(abs, 'config', shown, 'expected a readable JSON config file');
  return loadConfigObject(raw, dirname(abs), abs);
}

/** Same as loadConfig for an already parsed config; file references resolve against `baseDir`. */
export function loadConfigObject(raw: unknown, baseDir: string, path = ''): LoadedConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError('', raw, 'expected a JSON object with "ruleset", "scenario", "map", "rules" and "sides"');
  }
  const config = raw as Record<string, unknown>;
  const id = config.ruleset;
  const ruleset = typeof id === 'string' ? getRuleset(id) : undefined;
  if (!ruleset) throw new ConfigError('ruleset', id, `expected one of ${RULESET_IDS.map((r) => JSON.stringify(r)).join(', ')}`);
  // Every config has exactly two sides (DESIGN.md): checked before any file they name is read.
  const sides = config.sides;
  if (Array.isArray(sides) && sides.length !== 2) throw new ConfigError('sides', `an array of ${sides.length}`, 'expected exactly 2 sides');
  // A policy preset file (`"policy": "../policies/tuned.json"`) works for every ruleset: a
  // policy id never ends in .json.
  const presets = Array.isArray(sides) ? sides.map((side, i) => inlinePolicyPreset(side, i, baseDir)) : [];
  for (const ref of ruleset.fileRefs) inlineRefs(config, ref.split('.'), [], baseDir);
  const scn = ruleset.compile(config);
  const loaded: LoadedConfig = { ruleset, config, scn, path, presets };
  // Before any game: the results of this config must be readable by report, export and merge.
  checkResultLabels(loaded);
  return loaded;
}

/**
 * Replaces every string found at the dotted path `parts` (with `*` for each array element)
 * by the parsed JSON file it names. Missing or non-string values are left for the ruleset's
 * schema to judge, so its message about them stays the authoritative one.
 */
function inlineRefs(node: unknown, parts: string[], at: (string | number)[], baseDir: string): void {
  if (node === null || typeof node !== 'object') return;
  const [head, ...rest] = parts;
  if (head === '*') {
    if (!Array.isArray(node)) return;
    node.forEach((_, i) => inlineAt(node as unknown[], i, rest, [...at, i], baseDir));
    return;
  }
  if (Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, head)) return;
  inlineAt(node as Record<string, unknown>, head, rest, [...at, head], baseDir);
}

function inlineAt(parent: any, key: string | number, rest: string[], at: (string | number)[], baseDir: string): void {
  if (rest.length > 0) return inlineRefs(parent[key], rest, at, baseDir);
  const v = parent[key];
  if (typeof v !== 'string') return;
  const field = formatPath(at);
  parent[key] = readJson(resolve(baseDir, v), field, v, `expected a path to a JSON file (relative to ${baseDir}) or the value inline`);
}

/**
 * sides[i].policy naming a .json file becomes the preset it holds: either a policy object
 * itself (it has an "id"), or `{ "policy": {...}, "description": ..., "made_by": ... }` (what
 * `tune` writes; the other fields say how it was made and are not compiled).
 */
function inlinePolicyPreset(side: unknown, i: number, baseDir: string): PolicyPresetInfo | null {
  if (side === null || typeof side !== 'object' || Array.isArray(side)) return null;
  const s = side as Record<string, unknown>;
  if (typeof s.policy !== 'string' || !s.policy.endsWith('.json')) return null;
  const file = s.policy;
  const field = formatPath(['sides', i, 'policy']);
  const preset = parsePreset(readJson(resolve(baseDir, file), field, file, 'expected a policy id or a path to a policy preset JSON file'), field, file);
  s.policy = preset.policy;
  return { file, ...(preset.description !== undefined ? { description: preset.description } : {}) };
}

/** A preset file's own fields: unknown ones are refused (a misspelt "description" was ignored). */
const presetFileSchema = z.strictObject({
  $schema: z.string().optional(),
  policy: z.unknown().optional().describe('The policy: an id, or { "id": ..., <parameters> }.'),
  description: z.string().optional(),
  // How it was made (tune writes an object; by hand, anything): not compiled.
  made_by: z.unknown().optional(),
});

/**
 * The policy and description in a parsed preset file. A file with an "id" and no "policy" is a
 * policy itself (the ruleset's schema judges it); any other object is a preset, whose fields
 * are checked here: failures are ConfigErrors on `field (file)`.
 */
function parsePreset(v: unknown, field: string, file: string): { policy: unknown; description?: string } {
  const isObj = v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj || ('id' in v && !('policy' in v))) return { policy: v };
  const at = `${field} (${file})`;
  let p: z.output<typeof presetFileSchema>;
  try {
    p = parseOrThrow(presetFileSchema, v);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw new ConfigError(e.path ? `${at}: ${e.path}` : at, e.value, e.allowed);
  }
  if (!('policy' in v)) throw new ConfigError(`${at}: policy`, undefined, 'expected the preset\'s policy ({ "policy": ..., "description": ..., "made_by": ... }, as `squadsim tune` writes it), or a policy object with its "id"');
  return { policy: p.policy, ...(p.description !== undefined ? { description: p.description } : {}) };
}

/** The policy a preset file holds (see inlinePolicyPreset); failures are ConfigErrors on `field`. */
export function readPolicyPreset(abs: string, field: string, shown: string): unknown {
  return parsePreset(readJson(abs, field, shown, 'expected a policy id or a path to a policy preset JSON file'), field, shown).policy;
}

/** Reads and parses a JSON file (regular files only, size-capped, strict); any failure is a ConfigError on `field`. */
function readJson(abs: string, field: string, shown: unknown, allowed: string): unknown {
  return readJsonFile(abs, { field, shown, allowed });
}
