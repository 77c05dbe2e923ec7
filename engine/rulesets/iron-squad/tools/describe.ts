/** Iron Squad "what was played" in words (Ruleset.describePlayed): scenario and mission mode, board, each side's units. */
import type { PlayedWords } from '../../../ruleset.ts';
import { countedList, idWords, valueWords } from '../../../played-words.ts';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function scenarioWords(c: Obj): string {
  const s = c.scenario, id = typeof s === 'string' ? s : isObj(s) && typeof s.id === 'string' ? s.id : 'versus';
  const opts = isObj(s) ? Object.entries(s).filter(([k]) => k !== 'id').map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueWords(v)}`) : [];
  const mode = isObj(c.rules) && typeof c.rules.mission_mode === 'string' ? [`mission mode ${idWords(c.rules.mission_mode).toLowerCase()}`] : [];
  const rounds = isObj(c.rules) && typeof c.rules.rounds === 'number' ? [`${c.rules.rounds} rounds`] : [];
  const all = [...opts, ...mode, ...rounds];
  return `${idWords(id)}${all.length ? ` (${all.join('; ')})` : ''}`;
}

function mapWords(m: unknown): string {
  if (!isObj(m)) return typeof m === 'string' ? m : 'generated each game';
  if (isObj(m.generate)) {
    const g = Object.entries(m.generate).map(([k, v]) => `${k.replace(/_/g, ' ')} ${valueWords(v)}`);
    return `a hex board generated each game${g.length ? ` (${g.join(', ')})` : ' (default tiles)'}`;
  }
  const rows = Array.isArray(m.hexes) ? m.hexes.length : Array.isArray(m.rows) ? m.rows.length : 0;
  return `${typeof m.name === 'string' ? m.name : 'a fixed hex board'}${rows ? `, ${rows} rows` : ''}`;
}

const unitName = (u: unknown): string => idWords(typeof u === 'string' ? u : isObj(u) ? String(u.type ?? u.id ?? '?') : String(u));

export function describeIron(normalized: unknown): PlayedWords {
  const c: Obj = isObj(normalized) ? normalized : {};
  const sides: Obj[] = Array.isArray(c.sides) ? c.sides : [{}, {}];
  const force = (s: Obj = {}): string => {
    const units: unknown[] = Array.isArray(s.units) ? s.units : [];
    return `${units.length} units: ${countedList(units.map(unitName))}`;
  };
  return { scenario: scenarioWords(c), map: mapWords(c.map), forces: [force(sides[0]), force(sides[1])] };
}
