/** The inputs of `squadsim odds nco` (odds.ts): declared for the CLI, then read and checked. */
import { ConfigError } from '../../../errors.ts';
import type { OddsOption } from '../../../ruleset.ts';
import { WEAPON_IDS } from '../data/weapons.ts';

export const ODDS_WEAPONS = WEAPON_IDS.filter((w) => w !== 'none');
export const ODDS_ATTACKS = ['fire', 'advance', 'cover-fire', 'focus-fire', 'response'] as const;

export const ODDS_OPTIONS: readonly OddsOption[] = [
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
  { name: 'rules', type: 'string', describe: 'NCO rule parameters as JSON, e.g. {"max_hit_target":7}', default: '{}' },
];

export interface OddsRequest {
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

const INT_LIMITS: Record<string, [number, number]> = { health: [1, 20], psyche: [1, 20], breakdowns: [0, 9] };

/** Fills defaults and checks every value; throws ConfigError naming the flag. */
export function readRequest(raw: Record<string, unknown>): OddsRequest {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(raw)) {
    if (raw[k] !== undefined && !ODDS_OPTIONS.some((o) => o.name === k)) {
      throw new ConfigError(`--${k}`, raw[k], `is not an option of odds nco; allowed: ${ODDS_OPTIONS.map((o) => '--' + o.name).join(', ')}`);
    }
  }
  for (const o of ODDS_OPTIONS) {
    const v = raw[o.name] ?? o.default;
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
    out[o.name] = v;
  }
  return out as unknown as OddsRequest;
}
