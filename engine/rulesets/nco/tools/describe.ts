/** NCO "what was played" in words (Ruleset.describePlayed): scenario, map, and each squad by the rulebook's profile names. */
import type { PlayedWords } from '../../../ruleset.ts';
import { countedList, idWords, mapWords, valueWords } from '../../../played-words.ts';
import { PROFILES } from '../data/profiles.ts';
import { NATIONS } from '../data/nations.ts';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function scenarioWords(s: unknown): string {
  if (typeof s === 'string') return idWords(s);
  if (!isObj(s) || typeof s.id !== 'string') return 'none';
  const opts = Object.entries(s).filter(([k]) => k !== 'id').map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueWords(v)}`);
  return `${idWords(s.id)}${opts.length ? ` (${opts.join('; ')})` : ''}`;
}

function soldierWords(s: Obj): string {
  const name = PROFILES.find((p) => p.id === s.type)?.name ?? idWords(String(s.type));
  const kit = [
    ...(typeof s.primary === 'string' ? [idWords(s.primary).replace(/^(?!S?[A-Z]{2,})\w/, (c) => c.toLowerCase())] : []),
    ...(s.grenades > 0 ? [`${s.grenades} grenade${s.grenades > 1 ? 's' : ''}`] : []),
    ...(Array.isArray(s.skills) ? s.skills.map((k: string) => idWords(k).toLowerCase()) : []),
    ...(Array.isArray(s.items) ? s.items.map((k: string) => idWords(k).toLowerCase()) : []),
  ];
  return kit.length ? `${name} (${kit.join(', ')})` : name;
}

function forceWords(side: Obj): string {
  const r = isObj(side.roster) ? side.roster : {};
  const names = (Array.isArray(r.soldiers) ? r.soldiers : []).flatMap((s: Obj) => Array.from({ length: Math.max(1, Number(s.count) || 1) }, () => soldierWords(s)));
  const nation = NATIONS.find((n) => n.id === r.nation)?.name;
  const title = typeof r.name === 'string' ? r.name : nation ?? 'a squad';
  return `${title}${nation && title !== nation && !title.includes(nation) ? ` (${nation})` : ''}, ${names.length} soldiers: ${countedList(names)}`;
}

export function describeNco(normalized: unknown): PlayedWords {
  const c: Obj = isObj(normalized) ? normalized : {};
  const sides: Obj[] = Array.isArray(c.sides) ? c.sides : [{}, {}];
  return { scenario: scenarioWords(c.scenario), map: mapWords(c.map), forces: [forceWords(sides[0] ?? {}), forceWords(sides[1] ?? {})] };
}
