/** OWAM "what was played" in words (Ruleset.describePlayed): the mission card, its map, each squad's fireteams, every policy knob. */
import type { PlayedWords } from '../../../ruleset.ts';
import { idWords } from '../../../played-words.ts';
import { MISSIONS, type MissionId } from '../data/missions.ts';
import { rosterOf, type NationId } from '../data/soldiers.ts';
import { owamPlayers } from '../policy/players.ts';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Mission and division ids read as titles ("king_of_the_hill" → "King of the Hill"). */
const title = (id: string): string => idWords(id).replace(/ (?!of\b|the\b|in\b|my\b|to\b|is\b)([a-z])/g, (_, c: string) => ` ${c.toUpperCase()}`);

function missionWords(id: string): string {
  const m = MISSIONS[id as MissionId];
  if (!m) return title(id);
  return `${title(id)} (combat operation ${idWords(m.combatOp).toLowerCase()}; visibility ${m.visibility}; wind ${m.wind}; ${m.squadPoints} squad points)`;
}

function mapWords(c: Obj): string {
  const layout: string[] | undefined = isObj(c.map) && Array.isArray(c.map.layout) ? c.map.layout : MISSIONS[c.mission as MissionId]?.layout;
  if (!layout) return 'none';
  const size = `${layout[0].length}×${layout.length} terrain cards`;
  return isObj(c.map) ? `a custom layout, ${size}` : `the mission's map, ${size}`;
}

function forceWords(s: Obj): string {
  const roster = rosterOf(s.nation as NationId);
  const soldier = (n: number): string => {
    const card = roster.find((x) => x.number === n);
    return card ? `${idWords(card.rank).replace(/^Pfc$/, 'PFC')} (${idWords(card.weapon)})` : `soldier ${n}`;
  };
  const fts: number[][] = Array.isArray(s.fireteams) ? s.fireteams : [];
  const count = fts.reduce((k, f) => k + f.length, 0);
  const nation = typeof s.nation === 'string' ? idWords(s.nation).replace(/^Usa$/, 'USA') : 'a nation';
  const division = typeof s.division === 'string' ? `, ${title(s.division.replace(/^(\d+)(st|nd|rd|th)_/, '$1$2 '))}` : '';
  return `${nation}${division}, ${count} soldiers in ${fts.length} fireteams: ${fts.map((f, i) => `FT ${i + 1} ${f.map(soldier).join(', ')}`).join('; ')}`;
}

export function describeOwam(normalized: unknown): PlayedWords {
  const c: Obj = isObj(normalized) ? normalized : {};
  const sides: Obj[] = Array.isArray(c.sides) ? c.sides : [{}, {}];
  const policy = (s: Obj = {}): Record<string, unknown> => owamPlayers.toConfig(owamPlayers.resolve(s.policy ?? 'aggressive'));
  return {
    scenario: `mission ${missionWords(String(c.mission ?? 'king_of_the_hill'))}`,
    map: mapWords(c),
    forces: [forceWords(sides[0] ?? {}), forceWords(sides[1] ?? {})],
    policies: [policy(sides[0]), policy(sides[1])],
  };
}
