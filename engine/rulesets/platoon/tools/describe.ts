/** Platoon "what was played" in words (Ruleset.describePlayed): scenario, table, each army's units and points. */
import type { PlayedWords } from '../../../ruleset.ts';
import { countedList, idWords, mapWords, valueWords } from '../../../played-words.ts';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Upgrades and counts an army entry may carry, in words. */
const EXTRAS: [string, string][] = [['lmg', 'LMG'], ['smg', 'SMG'], ['assault_rifle', 'assault rifle'], ['auto_rifle', 'automatic rifle'], ['panzerfaust', 'panzerfaust'], ['attendants', 'attendant']];

function unitWords(u: Obj): string {
  const bits = [
    ...(typeof u.quality === 'string' && u.quality !== 'regular' ? [u.quality] : []),
    ...(typeof u.men === 'number' ? [`${u.men} men`] : []),
    ...EXTRAS.filter(([k]) => typeof u[k] === 'number' && u[k] > 0).map(([k, w]) => `${u[k]} ${w}${u[k] > 1 && !w.endsWith('MG') ? 's' : ''}`),
    ...(typeof u.weapon === 'string' ? [idWords(u.weapon).replace(/^(?![A-Z]{2,})\w/, (ch) => ch.toLowerCase())] : []),
    ...(typeof u.main === 'string' ? [`${idWords(u.main).toLowerCase()} main gun`] : []),
  ];
  return `${idWords(String(u.unit))}${bits.length ? ` (${bits.join(', ')})` : ''}`;
}

export function describePlatoon(normalized: unknown): PlayedWords {
  const c: Obj = isObj(normalized) ? normalized : {};
  const sides: Obj[] = Array.isArray(c.sides) ? c.sides : [{}, {}];
  const s = c.scenario, id = typeof s === 'string' ? s : isObj(s) && typeof s.id === 'string' ? s.id : 'meeting-engagement';
  const opts = isObj(s) ? Object.entries(s).filter(([k]) => k !== 'id').map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueWords(v)}`) : [];
  const turns = isObj(c.rules) && typeof c.rules.turns === 'number' ? [`${c.rules.turns} turns`] : [];
  const force = (side: Obj = {}): string => {
    const army: Obj[] = Array.isArray(side.army) ? side.army : [];
    const pts = typeof side.roster === 'string' ? /^(\d+) pts/.exec(side.roster)?.[1] : undefined;
    return `${pts ? `${pts} points, ` : ''}${army.length} units: ${countedList(army.map(unitWords))}`;
  };
  return { scenario: `${idWords(id)}${[...opts, ...turns].length ? ` (${[...opts, ...turns].join('; ')})` : ''}`, map: mapWords(c.map), forces: [force(sides[0]), force(sides[1])] };
}
