import type { Ruleset } from '../ruleset.ts';
import { nco } from './nco/index.ts';
import { ironSquad } from './iron-squad/index.ts';
import { skillDie } from './skill-die/index.ts';
import { owam } from './owam/index.ts';
import { platoon } from './platoon/index.ts';

/** Every ruleset squadsim knows, by id. */
export const RULESETS: Readonly<Record<string, Ruleset<any, any>>> = { nco, 'iron-squad': ironSquad, 'skill-die': skillDie, owam, platoon };

export const RULESET_IDS = Object.keys(RULESETS);

export function getRuleset(id: string): Ruleset<any, any> | undefined {
  return Object.prototype.hasOwnProperty.call(RULESETS, id) ? RULESETS[id] : undefined;
}
