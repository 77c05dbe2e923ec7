import type { Ruleset } from '../ruleset.ts';
import { isRulesetId, RULESET_IDS, RULESET_LOADERS } from './registry.ts';

export { RULESET_IDS };

/**
 * Every ruleset squadsim knows, by id, loaded at once (the main thread's commands use all of
 * them). The list itself is registry.ts's: the worker threads load from the same entries lazily.
 */
export const RULESETS: Readonly<Record<string, Ruleset<any, any>>> = Object.fromEntries(
  await Promise.all(RULESET_IDS.map(async (id) => [id, await RULESET_LOADERS[id]()] as const)),
);

export function getRuleset(id: string): Ruleset<any, any> | undefined {
  return isRulesetId(id) ? RULESETS[id] : undefined;
}
