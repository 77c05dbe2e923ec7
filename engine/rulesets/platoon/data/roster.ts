/**
 * Army lists (digest §4.1, R22): one entry per unit with its quality and options, checked
 * for legality and priced before any game runs, then flattened into per-unit slot arrays.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import { KINDS, KIND_IDS, Prices, SECTION_MAX, SECTION_MIN, UPGRADE_MAX } from './catalogue.ts';
import { QUALITY_IDS } from './tables.ts';
import { TEAM, W_FLAGS, weaponIndex } from './weapons.ts';

export const MAX_UNITS_PER_SIDE = 16;
/** Weapon slots per unit: a section's rifles, SMGs, assault rifles, automatic rifles, LMG. */
export const MAX_SLOTS = 5;
/** Slot arcs: all round, turret (all round unless jammed), hull front. */
export const ARC_ALL = 0;
export const ARC_TURRET = 1;
export const ARC_FRONT = 2;

export const unitEntrySchema = z
  .object({
    unit: z.enum(KIND_IDS as [string, ...string[]]).describe('Unit type from the army catalogue (R22): infantry section, officer, team, gun or vehicle.'),
    quality: z.enum(QUALITY_IDS).default('regular').describe('Troop quality: sets Morale, damage value and cost (R22).'),
    /** Infantry section: models (5–10). */
    men: z.number().int().min(SECTION_MIN).max(SECTION_MAX).optional().describe('Infantry section only: number of models (5–10; extra men cost more, R22).'),
    smg: z.number().int().min(0).max(UPGRADE_MAX.smg).default(0).describe('Infantry section: riflemen upgraded to SMGs (R22).'),
    assault_rifle: z.number().int().min(0).max(SECTION_MAX).default(0).describe('Infantry section: riflemen upgraded to assault rifles (R22).'),
    auto_rifle: z.number().int().min(0).max(SECTION_MAX).default(0).describe('Infantry section: riflemen upgraded to automatic rifles (R22).'),
    lmg: z.number().int().min(0).max(UPGRADE_MAX.lmg).default(0).describe('Infantry section: LMGs, each crewed by two men (R22).'),
    panzerfaust: z.number().int().min(0).max(UPGRADE_MAX.panzerfaust).default(0).describe('Infantry section: Panzerfausts carried, one shot each (R22).'),
    /** Officers: 0–2 attendants (riflemen) and the officer's own weapon. */
    attendants: z.number().int().min(0).max(UPGRADE_MAX.attendants).default(0).describe('Officer only: riflemen attending him (0–2, R22).'),
    weapon: z.enum(['pistol', 'smg']).default('pistol').describe('Officer only: his own weapon (R22).'),
    /** Armoured car: its main weapon. */
    main: z.enum(['hmg', 'light-autocannon']).default('hmg').describe('Armoured car only: its main weapon (R22).'),
    /** Soft-skin truck: an optional MMG (+15). */
    mmg: z.boolean().default(false).describe('Soft-skin truck only: carries an MMG (+15 points, R22).'),
  })
  .strict();
export type UnitEntry = z.output<typeof unitEntrySchema>;
export const armySchema = z.array(unitEntrySchema).min(1).max(MAX_UNITS_PER_SIDE);

/** The R22 catalogue's own prices (no overrides). */
const PRINTED = new Prices();

/** One unit after the list is checked: what the game fields. */
export interface BuiltUnit {
  kind: number;
  quality: number;
  cost: number;
  models: number;
  slotWeapon: number[];
  slotCount: number[];
  slotCrew: number[];
  slotArc: number[];
  panzerfausts: number;
}

/** Checks one entry's options against its kind (R22) and prices it; throws ConfigError at `path`. */
export function buildUnit(e: UnitEntry, path: string, prices: Prices = PRINTED): BuiltUnit {
  const k = KIND_IDS.indexOf(e.unit), row = KINDS[k], q = QUALITY_IDS.indexOf(e.quality);
  const only = (field: keyof UnitEntry, ok: boolean, dflt: unknown): void => {
    if (!ok && e[field] !== dflt) throw new ConfigError(`${path}.${field}`, e[field], `is not an option of a ${e.unit} (R22)`);
  };
  const section = e.unit === 'infantry-section', officer = row.rank > 0;
  for (const f of ['smg', 'assault_rifle', 'auto_rifle', 'lmg', 'panzerfaust'] as const) only(f, section, 0);
  if (!section && e.men !== undefined) throw new ConfigError(`${path}.men`, e.men, `is not an option of a ${e.unit} (R22: only sections choose their size)`);
  only('attendants', officer, 0);
  only('weapon', officer, 'pistol');
  only('main', e.unit === 'armoured-car', 'hmg');
  only('mmg', e.unit === 'soft-skin-truck', false);
  const u: BuiltUnit = { kind: k, quality: q, cost: prices.kind(k, q), models: row.models, slotWeapon: [], slotCount: [], slotCrew: [], slotArc: [], panzerfausts: 0 };
  const slot = (w: string, count: number, crew: number, arc = ARC_ALL): void => {
    if (count <= 0) return;
    u.slotWeapon.push(weaponIndex(w));
    u.slotCount.push(count);
    u.slotCrew.push(crew);
    u.slotArc.push(arc);
  };
  if (section) {
    const men = e.men ?? SECTION_MIN;
    const special = e.smg + e.assault_rifle + e.auto_rifle + 2 * e.lmg;
    if (special > men) throw new ConfigError(`${path}.men`, men, `is too few for the upgrades chosen (${special} models carry them; the LMG needs 2 crew, R22)`);
    if (e.panzerfaust > men) throw new ConfigError(`${path}.panzerfaust`, e.panzerfaust, `exceeds the section's ${men} men`);
    u.models = men;
    u.cost += (men - SECTION_MIN) * prices.extraMan(q) + e.smg * prices.upgrade('smg') + e.assault_rifle * prices.upgrade('assault_rifle')
      + e.auto_rifle * prices.upgrade('auto_rifle') + e.lmg * prices.upgrade('lmg') + e.panzerfaust * prices.upgrade('panzerfaust');
    slot('rifle', men - special, 0);
    slot('smg', e.smg, 0);
    slot('assault-rifle', e.assault_rifle, 0);
    slot('auto-rifle', e.auto_rifle, 0);
    slot('lmg', e.lmg, 2);
    u.panzerfausts = e.panzerfaust;
  } else if (officer) {
    u.models = 1 + e.attendants;
    u.cost += e.attendants * prices.attendant(q);
    slot(e.weapon, 1, 0);
    slot('rifle', e.attendants, 0);
  } else if (row.vehicle === 0) {
    const w = weaponIndex(row.weapon);
    // Team weapons are served by the whole team (crew = models); others one weapon per model.
    if ((W_FLAGS[w] & TEAM) !== 0) slot(row.weapon, 1, row.models);
    else slot(row.weapon, row.models, 0);
  } else {
    u.models = 1;
    const main = e.unit === 'armoured-car' ? e.main : row.weapon;
    if (main) slot(main, 1, 0, row.turret ? ARC_TURRET : ARC_ALL);
    row.vehicleWeapons.forEach((w, i) => slot(w, 1, 0, i === 0 && row.turret ? ARC_TURRET : ARC_FRONT));
    if (e.mmg) { slot('mmg', 1, 0, ARC_ALL); u.cost += prices.upgrade('truck_mmg'); }
  }
  return u;
}

/** Validates a side's army (R22) against the points budget (R23); returns its units. */
export function buildArmy(army: unknown, path: (string | number)[], points: number, prices: Prices = PRINTED): BuiltUnit[] {
  const list = parseOrThrow(armySchema, army, path);
  const p = path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${x}`)).join('').replace(/^\./, '');
  const units = list.map((raw, i) => buildUnit(parseOrThrow(unitEntrySchema, raw, [...path, i]), `${p}[${i}]`, prices));
  const total = units.reduce((a, u) => a + u.cost, 0);
  if (total > points) throw new ConfigError(p, `${total} points`, `exceeds rules.army_points = ${points} (R23: armies of equal points)`);
  return units;
}
