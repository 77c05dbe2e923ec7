import type { CompiledScenario, Ruleset } from '../ruleset.ts';

// The one registration of every ruleset squadsim knows: a new ruleset is one folder under
// engine/rulesets/ and one line here. Each entry loads its ruleset on demand, so a worker
// thread (sim/worker-entry.ts) compiles only the ruleset its config names; the main thread's
// eager table (engine/rulesets/index.ts) is built from these same loaders.

type AnyRuleset = Ruleset<CompiledScenario, unknown>;

export const RULESET_LOADERS: Readonly<Record<string, () => Promise<AnyRuleset>>> = {
  nco: async () => (await import('./nco/index.ts')).nco as AnyRuleset,
  'iron-squad': async () => (await import('./iron-squad/index.ts')).ironSquad as AnyRuleset,
  'skill-die': async () => (await import('./skill-die/index.ts')).skillDie as AnyRuleset,
  owam: async () => (await import('./owam/index.ts')).owam as AnyRuleset,
  platoon: async () => (await import('./platoon/index.ts')).platoon as AnyRuleset,
};

export const RULESET_IDS: readonly string[] = Object.keys(RULESET_LOADERS);

export function isRulesetId(id: unknown): id is string {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(RULESET_LOADERS, id);
}
