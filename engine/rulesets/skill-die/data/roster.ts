/**
 * A side's roster (R20: forces at a budget): one entry per unit (R18: one unit = one model),
 * validated and flattened into per-unit numbers, with its points from the R20 catalogue.
 */
import { z } from 'zod';
import { ConfigError, formatPath } from '../../../errors.ts';
import { BASIC_WEAPONS, TYPE_IDS, T_DRONE, T_NONCOMBATANT, T_SPECIALIST, WEAPON_IDS, isTroop, isVehicle, type WeaponId } from './catalogue.ts';
import type { SkillRules } from './params.ts';

export const MAX_WEAPONS = 3;
export const MAX_UNITS_PER_SIDE = 24;

export const unitSchema = z
  .object({
    type: z.enum(TYPE_IDS).describe('Unit type: one of the four troop profiles (items 33–36), a vehicle or the drone (R14).'),
    /** Carried weapons, best first (vehicles: added to their R14 weapons). */
    weapons: z.array(z.enum(WEAPON_IDS)).max(MAX_WEAPONS).default([]).describe('Weapons carried, best first; vehicles add these to their R14 weapons (items 39–46).'),
    armour: z.boolean().default(false).describe('Wears body armour: +rules.body_armour_bonus Defense (item 38; troops only).'),
    nvg: z.boolean().default(false).describe('Has night-vision goggles: ignores the darkness Disadvantage (item 37).'),
    radio: z.boolean().default(false).describe('Has a radio: may Signal and receive passed targets (items 26–28).'),
    medic: z.boolean().default(false).describe('Trained in medical care: may revive a touching casualty (item 30; troops only).'),
    ew: z.boolean().default(false).describe('Has EW kit: may Focus to locate Signalling enemies (item 32, R17).'),
    commander: z.boolean().default(false).describe('The side\'s commander (one per side; a specialist with a radio): names the Main Effort or Signals for initiative (items 23–25, R15).'),
    /** R9: this unit is a crew member of the gunner at this roster index. */
    crew_of: z.number().int().min(0).max(MAX_UNITS_PER_SIDE - 1).optional().describe('Roster index of the gunner whose crew-served weapon this unit crews (items 12, R9).'),
    /** Item 36: the specialist's specialty weapon (uses rules.specialist_die). */
    specialty: z.enum(WEAPON_IDS).optional().describe('The specialist\'s specialty weapon, rolled with rules.specialist_die (item 36).'),
    /** Item 31: roster index of the drone this unit controls. */
    controls: z.number().int().min(0).max(MAX_UNITS_PER_SIDE - 1).optional().describe('Roster index of the drone this unit runs by Focusing (item 31).'),
  })
  .strict();

export const rosterSchema = z.array(unitSchema).min(1).max(MAX_UNITS_PER_SIDE);
export type RosterUnit = z.output<typeof unitSchema>;

/** Flat per-unit numbers of one side. */
export interface FlatUnit {
  type: number; move: number; skill: number; specDie: number; specialty: number;
  defense: number; defDie: number; tracked: number; nvg: number; radio: number; medic: number; ew: number;
  commander: number; crewOf: number; controls: number; weapons: number[]; trained: number; cost: number;
}

/** Validates cross-references (crews, drones, one commander) and flattens; throws ConfigError. */
export function flattenRoster(roster: RosterUnit[], rules: SkillRules, root: readonly PropertyKey[]): FlatUnit[] {
  const at = (i: number, f: string) => formatPath([...root, i, f]);
  if (roster.filter((u) => u.commander).length > 1) throw new ConfigError(formatPath(root), roster.length, 'has more than one commander (R15: one per side)');
  return roster.map((u, i) => {
    const t = TYPE_IDS.indexOf(u.type);
    const troop = isTroop(t), veh = isVehicle(t);
    if (!troop && (u.medic || u.commander || u.crew_of !== undefined || u.controls !== undefined || u.armour || u.specialty)) {
      throw new ConfigError(at(i, 'type'), u.type, 'cannot be a medic, commander, crew member, controller, wear armour or have a specialty (troops only)');
    }
    if (u.commander && (t !== T_SPECIALIST || !u.radio)) throw new ConfigError(at(i, 'commander'), true, 'needs type "specialist" and radio: true (R15)');
    if (u.specialty && t !== T_SPECIALIST) throw new ConfigError(at(i, 'specialty'), u.specialty, 'is for specialists only (item 36)');
    if (u.crew_of !== undefined) {
      const g = roster[u.crew_of];
      if (!g || u.crew_of === i || !isTroop(TYPE_IDS.indexOf(g.type)) || !g.weapons.some((w) => rules.weapons[w].crew > 1)) {
        throw new ConfigError(at(i, 'crew_of'), u.crew_of, 'must be the roster index of another troop carrying a crew-served weapon (R9)');
      }
      const w = g.weapons.find((x) => rules.weapons[x].crew > 1)!;
      const n = roster.filter((x) => x.crew_of === u.crew_of).length;
      if (n > rules.weapons[w].crew - 1) throw new ConfigError(at(i, 'crew_of'), u.crew_of, `gives the ${w} more than its ${rules.weapons[w].crew - 1} crew members (R9)`);
    }
    if (u.controls !== undefined && (roster[u.controls]?.type !== 'drone' || roster.filter((x) => x.controls === u.controls).length > 1)) {
      throw new ConfigError(at(i, 'controls'), u.controls, 'must be the roster index of a drone no other unit controls (item 31)');
    }
    if (t === T_DRONE && u.weapons.length > 0) throw new ConfigError(at(i, 'weapons'), u.weapons, 'must be empty: a drone has no weapons (R14)');
    const prof = troop ? rules.profiles[u.type as 'average'] : null;
    const vd = troop ? null : rules.vehicles[u.type as 'tank'];
    const base: WeaponId[] = veh ? (u.type === 'apc' ? ['mmg'] : u.type === 'light-tank' ? ['autocannon', 'mmg'] : u.type === 'tank' ? ['main-gun', 'mmg'] : []) : [];
    const weapons = [...base, ...u.weapons].slice(0, MAX_WEAPONS).map((w) => WEAPON_IDS.indexOf(w));
    // R10: combatants know rifle, bayonet, grenade; crew-served weapons need a crew or a specialist; vehicle crews know theirs.
    let trained = 0;
    const hasCrew = roster.some((x) => x.crew_of === i);
    for (const w of WEAPON_IDS) {
      const k = WEAPON_IDS.indexOf(w);
      if (veh) trained |= 1 << k;
      else if (troop && t !== T_NONCOMBATANT && (BASIC_WEAPONS.includes(w) || t === T_SPECIALIST || (hasCrew && u.weapons.includes(w)))) trained |= 1 << k;
    }
    const c = rules.costs;
    let cost = c.type[u.type];
    for (const w of u.weapons) cost += c.weapon[w];
    if (u.radio) cost += c.kit.radio;
    if (u.armour) cost += c.kit.armour;
    if (u.nvg) cost += c.kit.nvg;
    if (u.medic) cost += c.kit.medic;
    if (u.ew) cost += c.kit.ew;
    if (u.commander) cost += c.kit.commander;
    return {
      type: t,
      move: prof ? prof.move : vd!.move,
      skill: prof ? prof.skill : vd!.skill,
      specDie: t === T_SPECIALIST ? rules.specialist_die : 0,
      specialty: u.specialty ? WEAPON_IDS.indexOf(u.specialty) : -1,
      defense: prof ? prof.defense + (u.armour ? rules.body_armour_bonus : 0) : vd!.defense,
      defDie: prof ? 0 : vd!.defense_die,
      tracked: vd?.tracked ? 1 : 0,
      nvg: u.nvg ? 1 : 0, radio: u.radio || t === T_DRONE ? 1 : 0, medic: u.medic ? 1 : 0, ew: u.ew ? 1 : 0,
      commander: u.commander ? 1 : 0, crewOf: u.crew_of ?? -1, controls: u.controls ?? -1,
      weapons, trained, cost,
    };
  });
}
