/**
 * The Monte Carlo side of `odds platoon`: the same attack played through the engine's own
 * shooting code (rules/shooting.ts → shoot) on an open table, the target's cover laid as a
 * terrain piece around it; each trial's result is read back from the target's models,
 * pins and state and labelled as compute() labels it.
 */
import type { Rng } from '../../../rng.ts';
import { compilePlatoon } from '../compile.ts';
import { MAX_SLOTS } from '../data/roster.ts';
import { DOWN, FACE_REAR, FACE_SIDE, QUALITY_IDS, T_BUILDING, VEHICLE_CLASS_IDS } from '../data/tables.ts';
import { TEAM, W_FLAGS, WPN_RIFLE } from '../data/weapons.ts';
import { oddsTrials } from '../../../kit/odds-trials.ts';
import { createPlatoonGame } from '../create.ts';
import { place } from '../rules/movement.ts';
import { shoot } from '../rules/shooting.ts';
import type { PlatoonGame } from '../rules/state.ts';
import { parseOddsReq, VEHICLE_OUTCOMES, wipedOut } from './odds.ts';

const KIND_OF_CLASS = ['', 'soft-skin-truck', 'armoured-car', 'light-tank', 'medium-tank', 'heavy-tank', 'super-heavy-tank'];
const TX = 36, TY = 24;
const PLATOON_GAME = { createGame: createPlatoonGame, resetGame: (g: PlatoonGame) => g.reset() };

export function sampleAttack(req: Record<string, unknown>, rng: Rng, trials: number, labels: readonly string[]): number[] {
  const o = parseOddsReq(req), veh = o.vehicle > 0;
  const terrain = !veh && o.cover !== 'none'
    ? [{ name: 'cover', polygon: [[TX - 2, TY - 2], [TX + 2, TY - 2], [TX + 2, TY + 2], [TX - 2, TY + 2]], category: o.cover === 'building' ? 'building' : 'open', cover: o.cover === 'building' ? 'hard' : o.cover }]
    : [];
  const scn = compilePlatoon({
    ruleset: 'platoon', map: { size: [72, 96], terrain },
    sides: [
      { name: 'A', policy: 'aggressive', army: [{ unit: 'infantry-section', men: 10 }] },
      { name: 'B', policy: 'aggressive', army: [veh ? { unit: KIND_OF_CLASS[o.vehicle], quality: QUALITY_IDS[o.crew] } : { unit: 'infantry-section', men: 10, quality: QUALITY_IDS[o.quality] }] },
    ],
  });
  // The firer: one slot of the weapon; the target: o.models riflemen (its own scenario copy, written before the game is built).
  const team = (W_FLAGS[o.weapon] & TEAM) !== 0;
  scn.slotWeapon.fill(-1, 0, MAX_SLOTS);
  scn.slotWeapon[0] = o.weapon;
  scn.slotCount[0] = team ? 1 : o.count;
  scn.slotCrew[0] = team ? 2 : 0;
  scn.models[0] = team ? 2 : o.count;
  scn.quality[0] = o.inexperienced ? 0 : 1;
  if (!veh) {
    scn.slotWeapon.fill(-1, MAX_SLOTS, 2 * MAX_SLOTS);
    scn.slotWeapon[MAX_SLOTS] = WPN_RIFLE;
    scn.slotCount[MAX_SLOTS] = o.models;
    scn.models[1] = o.models;
    scn.team[1] = o.team ? 1 : 0;
  }
  const L = scn.footLength[1], W = scn.footWidth[1];
  const fx = veh && o.facing === FACE_SIDE ? TX + W / 2 + o.range : TX;
  const fy = !veh ? TY - o.range : o.facing === FACE_REAR ? TY - L / 2 - o.range : o.facing === FACE_SIDE ? TY : TY + L / 2 + o.range;
  return oddsTrials(PLATOON_GAME, scn, rng, trials, labels.length, (g) => {
    g.hx[1] = 0; g.hy[1] = 1;
    g.hx[0] = 0; g.hy[0] = 1;
    place(g, 0, fx, fy);
    place(g, 1, TX, TY);
    g.pins[0] = o.pins;
    if (o.down) g.order[1] = DOWN;
    g.order[0] = o.moving ? 2 : 1;
    shoot(g, 0, 1, o.moving, 0);
    let label: string;
    if (veh) label = g.alive[1] === 0 ? VEHICLE_OUTCOMES[0] : g.immobilised[1] > 0 ? VEHICLE_OUTCOMES[1] : g.order[1] === DOWN ? VEHICLE_OUTCOMES[2] : VEHICLE_OUTCOMES[3];
    else if (terrain.length > 0 && o.cover === 'building' && g.category[0] !== T_BUILDING) label = 'building collapses';
    else if (g.models[1] === 0) label = wipedOut(o.models);
    else label = `${o.models - g.models[1]} casualties, ${g.pins[1]} pins`;
    const at = labels.indexOf(label);
    if (at < 0) throw new Error(`odds platoon: the engine gave "${label}", which the exact distribution does not list (${VEHICLE_CLASS_IDS[o.vehicle]})`);
    return at;
  });
}
