/**
 * The inputs of `squadsim odds nco` (odds.ts): declared for the CLI, then read and checked.
 * `--action` picks what is computed (a shot, a close combat, a Rally); each other option
 * belongs to one action, and giving it to another is a ConfigError rather than silently ignored.
 */
import { ConfigError } from '../../../errors.ts';
import type { OddsOption } from '../../../ruleset.ts';
import { PROFILE_IDS } from '../data/roster-types.ts';
import { WEAPON_IDS } from '../data/weapons.ts';

export const ODDS_WEAPONS = WEAPON_IDS.filter((w) => w !== 'none');
export const ODDS_ATTACKS = ['fire', 'advance', 'cover-fire', 'focus-fire', 'response'] as const;
export const ODDS_ACTIONS = ['shoot', 'close-combat', 'rally'] as const;
export type OddsAction = (typeof ODDS_ACTIONS)[number];
/** Weapons a soldier can carry into close combat as his primary (a grenade never is one). */
const CC_WEAPONS = ODDS_WEAPONS.filter((w) => w !== 'grenade');

const SHOOT_OPTIONS: readonly OddsOption[] = ([
  { name: 'weapon', type: 'string', describe: 'weapon fired (items 40–47; R22 Nation-Specific weapons take their stats from --rules nation_specific_table)', choices: ODDS_WEAPONS, default: 'rifle' },
  { name: 'attack', type: 'string', describe: 'fire, advance (shot after the move: −1), cover-fire (order: −2), focus-fire (special action), response (to an Assault)', choices: ODDS_ATTACKS, default: 'fire' },
  { name: 'distance', type: 'number', describe: 'inches from shooter to target, base edge to base edge (R3); decides half range', default: 6 },
  { name: 'cover', type: 'boolean', describe: 'target in cover, or hidden collateral of an area attack (items 37, 38)', default: false },
  { name: 'down', type: 'boolean', describe: 'target is Down (item 19)', default: false },
  { name: 'covert', type: 'boolean', describe: 'target has Covert: Down is −2 (item 75)', default: false },
  { name: 'moved', type: 'boolean', describe: 'shooter moved earlier this turn (item 34)', default: false },
  { name: 'full-psyche', type: 'boolean', describe: 'shooter at full psyche: +1 (item 35)', default: true },
  { name: 'walking-wounded', type: 'boolean', describe: 'shooter is Walking Wounded: −1 (item 56)', default: false },
  { name: 'high-ground', type: 'boolean', describe: 'shooter 3" or more above the target: +1 (item 70)', default: false },
  { name: 'deadeye', type: 'boolean', describe: 'shooter has Deadeye: Fire counts as Focus Fire, a Focus Fire hit +1 wound (item 76)', default: false },
  { name: 'health', type: 'number', describe: 'target health before the attack', default: 5 },
  { name: 'psyche', type: 'number', describe: 'target psyche before the attack', default: 5 },
  { name: 'breakdowns', type: 'number', describe: 'times the target broke down before (0: psyche 0 breaks him; 1+: D6 incapacitated/snaps, item 59)', default: 0 },
  { name: 'ruthless', type: 'boolean', describe: 'a Ruthless ally within 6" of the target: at 1 psyche he loses health instead (item 60)', default: false },
  { name: 'ordered', type: 'boolean', describe: 'target already has an order this turn (an area hit then does not pin him Down, item 22)', default: false },
  { name: 'lucky-trinket', type: 'boolean', describe: 'target has an unused Lucky Trinket and uses it on the first hit (item 87)', default: false },
] as OddsOption[]).map((o) => ({ ...o, describe: `shoot: ${o.describe}` }));

/** One soldier's close-combat options; the defaults of weapon, health and psyche come from his profile. */
function fighter(who: 'attacker' | 'defender', profile: string): OddsOption[] {
  return [
    { name: who, type: 'string', describe: `close combat: the ${who}'s profile (items 114–127)`, choices: PROFILE_IDS, default: profile },
    { name: `${who}-weapon`, type: 'string', describe: `close combat: the ${who}'s primary weapon (default: the profile's first); SMG and pistol +1 courage, LMG −1 (item 65)`, choices: CC_WEAPONS },
    { name: `${who}-health`, type: 'number', describe: `close combat: the ${who}'s health (default: the profile's); at 1 he adds no courage (item 56)` },
    { name: `${who}-psyche`, type: 'number', describe: `close combat: the ${who}'s psyche (default: the profile's); at 0 he adds no courage (item 57)` },
    { name: `${who}-courage-mod`, type: 'number', describe: `close combat: courage change on the ${who} (Flask +2, Tobacco +1, Service Medal +1, Able +1, Baker −1, Morphine −2)`, default: 0 },
    { name: `${who}-fighting-instinct`, type: 'boolean', describe: `close combat: the ${who} has Fighting Instinct: +1 courage (item 77)`, default: false },
  ];
}

const CC_OPTIONS: readonly OddsOption[] = [...fighter('attacker', 'corporal'), ...fighter('defender', 'private')];

const RALLY_OPTIONS: readonly OddsOption[] = [
  { name: 'soldier', type: 'string', describe: 'rally: the soldier\'s profile (his maximum; a Medic\'s health Rally is +3, a Chaplain\'s psyche Rally +2)', choices: PROFILE_IDS, default: 'corporal' },
  { name: 'regain', type: 'string', describe: 'rally: what he regains (item 21)', choices: ['psyche', 'health'], default: 'psyche' },
  { name: 'current', type: 'number', describe: 'rally: his current value of what he regains (psyche 0: in breakdown, item 58)', default: 1 },
];

export const ODDS_OPTIONS: readonly OddsOption[] = [
  { name: 'action', type: 'string', describe: 'what to compute: shoot (one attack on one target), close-combat (two soldiers, first round and to the death), rally (one Rally order)', choices: ODDS_ACTIONS, default: 'shoot' },
  ...SHOOT_OPTIONS,
  ...CC_OPTIONS,
  ...RALLY_OPTIONS,
  { name: 'rules', type: 'string', describe: 'NCO rule parameters as JSON, e.g. {"max_hit_target":7}', default: '{}' },
];

/** The action each option belongs to (action and rules belong to all). */
const ACTION_OF = new Map<string, OddsAction>([
  ...SHOOT_OPTIONS.map((o) => [o.name, 'shoot'] as const),
  ...CC_OPTIONS.map((o) => [o.name, 'close-combat'] as const),
  ...RALLY_OPTIONS.map((o) => [o.name, 'rally'] as const),
]);

export interface OddsRequest {
  action: 'shoot';
  weapon: string;
  attack: (typeof ODDS_ATTACKS)[number];
  distance: number;
  cover: boolean;
  down: boolean;
  covert: boolean;
  moved: boolean;
  'full-psyche': boolean;
  'walking-wounded': boolean;
  'high-ground': boolean;
  deadeye: boolean;
  health: number;
  psyche: number;
  breakdowns: number;
  ruthless: boolean;
  ordered: boolean;
  'lucky-trinket': boolean;
  rules: string;
}

const INT_LIMITS: Record<string, [number, number]> = {
  health: [1, 20], psyche: [1, 20], breakdowns: [0, 9],
  'attacker-health': [1, 20], 'defender-health': [1, 20], 'attacker-psyche': [0, 20], 'defender-psyche': [0, 20],
  'attacker-courage-mod': [-6, 6], 'defender-courage-mod': [-6, 6], current: [0, 20],
};

/** The action of a request (checked), without reading the rest. */
export function actionOf(raw: Record<string, unknown>): OddsAction {
  const a = raw.action ?? 'shoot';
  if (typeof a !== 'string' || !(ODDS_ACTIONS as readonly string[]).includes(a)) {
    throw new ConfigError('--action', a, `expected one of ${ODDS_ACTIONS.map((c) => JSON.stringify(c)).join(', ')}`);
  }
  return a as OddsAction;
}

/**
 * Checks every value and fills the defaults of the request's action; throws ConfigError
 * naming the flag. Options of another action given explicitly are refused. Options with
 * no declared default (profile-dependent) stay undefined for the action's reader.
 */
export function readOptions(raw: Record<string, unknown>): { action: OddsAction; values: Record<string, unknown> } {
  const action = actionOf(raw);
  for (const k of Object.keys(raw)) {
    if (raw[k] === undefined) continue;
    if (!ODDS_OPTIONS.some((o) => o.name === k)) {
      throw new ConfigError(`--${k}`, raw[k], `is not an option of odds nco; allowed: ${ODDS_OPTIONS.map((o) => '--' + o.name).join(', ')}`);
    }
    const owner = ACTION_OF.get(k);
    if (owner !== undefined && owner !== action) {
      const mine = ODDS_OPTIONS.filter((o) => ACTION_OF.get(o.name) === action).map((o) => '--' + o.name);
      throw new ConfigError(`--${k}`, raw[k], `does not apply to --action ${action} (it belongs to --action ${owner}); the options of ${action} are ${mine.join(', ')}, plus --rules`);
    }
  }
  const out: Record<string, unknown> = { action };
  for (const o of ODDS_OPTIONS) {
    const owner = ACTION_OF.get(o.name);
    if (o.name === 'action' || (owner !== undefined && owner !== action)) continue;
    const v = raw[o.name] ?? o.default;
    if (v === undefined) continue;
    out[o.name] = checkValue(o, v);
  }
  return { action, values: out };
}

function checkValue(o: OddsOption, v: unknown): unknown {
  const flag = `--${o.name}`;
  if (o.type === 'boolean') {
    if (typeof v !== 'boolean') throw new ConfigError(flag, v, 'expected true or false');
  } else if (o.type === 'number') {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigError(flag, v, 'expected a number');
    const lim = INT_LIMITS[o.name];
    if (lim && (!Number.isInteger(v) || v < lim[0] || v > lim[1])) throw new ConfigError(flag, v, `expected an integer from ${lim[0]} to ${lim[1]}`);
    if (o.name === 'distance' && v < 0) throw new ConfigError(flag, v, 'expected a distance of 0 inches or more');
  } else {
    if (typeof v !== 'string') throw new ConfigError(flag, v, 'expected a string');
    if (o.choices && !o.choices.includes(v)) throw new ConfigError(flag, v, `expected one of ${o.choices.map((c) => JSON.stringify(c)).join(', ')}`);
  }
  return v;
}

/** The shot request (action shoot), every value checked and defaulted. */
export function readRequest(raw: Record<string, unknown>): OddsRequest {
  const { action, values } = readOptions(raw);
  if (action !== 'shoot') throw new ConfigError('--action', action, 'expected "shoot" here (this reads a shot)');
  return values as unknown as OddsRequest;
}
