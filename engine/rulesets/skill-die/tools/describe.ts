/** Skill-die "what was played" in words (Ruleset.describePlayed): objectives, table, each side's models, every policy knob. */
import type { PlayedWords } from '../../../ruleset.ts';
import { countedList, mapWords } from '../../../played-words.ts';
import { TYPE_IDS, TYPE_LABELS, WEAPON_IDS, WEAPON_LABELS } from '../data/catalogue.ts';
import { skillPlayers } from '../policy/players.ts';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const typeName = (t: string): string => TYPE_LABELS[TYPE_IDS.indexOf(t as (typeof TYPE_IDS)[number])] ?? t;
const weaponName = (w: string): string => (WEAPON_LABELS[WEAPON_IDS.indexOf(w as (typeof WEAPON_IDS)[number])] ?? w).toLowerCase().replace(/^(\d+ mm)/, '$1');
const GEAR: [string, string][] = [['armour', 'body armour'], ['nvg', 'night vision'], ['radio', 'radio'], ['medic', 'medic'], ['ew', 'electronic warfare'], ['commander', 'commander']];

function modelWords(m: Obj): string {
  const kit = [
    ...(Array.isArray(m.weapons) ? m.weapons.map(weaponName) : []),
    ...GEAR.filter(([k]) => m[k] === true).map(([, w]) => w),
    ...(typeof m.specialty === 'string' ? [`${m.specialty} specialist`] : []),
  ];
  return `${typeName(String(m.type))}${kit.length ? ` (${kit.join(', ')})` : ''}`;
}

export function describeSkillDie(normalized: unknown): PlayedWords {
  const c: Obj = isObj(normalized) ? normalized : {};
  const sides: Obj[] = Array.isArray(c.sides) ? c.sides : [{}, {}];
  const rules: Obj = isObj(c.rules) ? c.rules : {};
  const objectives: unknown[] = Array.isArray(rules.objectives) ? rules.objectives : [];
  const scenario = `hold the objectives: ${objectives.length} objective${objectives.length === 1 ? '' : 's'}${typeof rules.objective_vp === 'number' ? ` worth ${rules.objective_vp} VP each` : ''}${typeof rules.turns === 'number' ? `, ${rules.turns} turns` : ''}`;
  const force = (s: Obj = {}): string => {
    const models: Obj[] = Array.isArray(s.roster) ? s.roster : [];
    return `${models.length} models${typeof s.budget === 'number' ? ` on a ${s.budget}-point budget` : ''}: ${countedList(models.map(modelWords))}`;
  };
  const policy = (s: Obj = {}): Record<string, unknown> => {
    return skillPlayers.toConfig(skillPlayers.resolve(s.policy ?? 'cautious'));
  };
  return { scenario, map: mapWords(c.map), forces: [force(sides[0]), force(sides[1])], policies: [policy(sides[0]), policy(sides[1])] };
}
