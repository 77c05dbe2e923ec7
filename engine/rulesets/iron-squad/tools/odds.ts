/**
 * `squadsim odds iron-squad`: the exact result distribution of one attack (items 42–52,
 * 58, 65–67), by enumerating the eight faces of the chosen luck die.
 */
import { boolOption, numberOption, pickOption } from '../../../odds-request.ts';
import { ConfigError } from '../../../errors.ts';
import type { OddsOption, OddsProvider, OddsResult } from '../../../ruleset.ts';
import { ELEVATION_IDS, baseAccuracy, resultFor } from '../rules/combat.ts';
import { sampleIron } from './odds-sample.ts';
import { DAM, DRM, EAM, HAM, LUCK_DICE, LUCK_DIE_IDS, RESULT_LABELS, TAM, TAM_COLUMN_IDS, WEAPON_IDS, hamColumn, type LuckDieId } from '../data/units.ts';

const TERRAINS = ['clear', 'sand', 'road', 'building', 'objective', 'high-grass', 'forest', 'hills'] as const;
/** Terrain -> TAM column (item 43, R3: Hills read as `hills_tam_column`, default Clear; MO = Building). */
const TERRAIN_COLUMN: Record<(typeof TERRAINS)[number], number> = { clear: 0, sand: 0, road: 0, building: 1, objective: 1, 'high-grass': 2, forest: 3, hills: -2 };
/** R2 default ranges per weapon row. */
const DEFAULT_RANGE = [2, 3, 4, 3, 2];
const SPLASH = ['none', 'same-hex', 'adjacent'] as const;

const options: readonly OddsOption[] = [
  { name: 'weapon', type: 'string', describe: 'weapon row of the accuracy table', choices: WEAPON_IDS, default: 'rifle' },
  { name: 'range', type: 'number', describe: 'weapon range in hexes (default: R2 range of the weapon: gun 2, rifle 3, sniper 4, machine-gun 3, grenade 2)' },
  { name: 'terrain', type: 'string', describe: "target hex terrain (TAM)", choices: TERRAINS, default: 'clear' },
  { name: 'hills-tam', type: 'string', describe: 'TAM column used for a target on Hills (R3)', choices: TAM_COLUMN_IDS, default: 'clear' },
  { name: 'elevation', type: 'string', describe: 'attacker vs target level (EAM)', choices: ELEVATION_IDS, default: 'level' },
  { name: 'distance', type: 'number', describe: 'distance in hexes, 0 = same hex (Base)', default: 1 },
  { name: 'health', type: 'number', describe: 'attacker health (HAM): 1..5, or 1..3 for a Local unit', default: 5 },
  { name: 'local', type: 'boolean', describe: 'attacker is a unit gained by exploring (3 health states, item 48)', default: false },
  { name: 'night', type: 'boolean', describe: 'night round (NAM −3)', default: false },
  { name: 'fog', type: 'boolean', describe: 'Fog: range −1, at least 1 (R14)', default: false },
  { name: 'luck', type: 'string', describe: 'luck die for the die-roll modifier (item 67)', choices: LUCK_DIE_IDS, default: 'd8' },
  { name: 'splash', type: 'string', describe: 'grenade splash victim: same hex (FA −13) or adjacent (FA −20)', choices: SPLASH, default: 'none' },
];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function fraction(n: number, d: number): string {
  const g = gcd(n, d);
  return `${n / g}/${d / g}`;
}

const signed = (x: number): string => (x < 0 ? `−${-x}` : `+${x}`);

export function computeIronOdds(req: Record<string, unknown>): OddsResult {
  const weaponId = pickOption(req, 'weapon', WEAPON_IDS, 'rifle');
  const w = WEAPON_IDS.indexOf(weaponId);
  const range = numberOption(req, 'range', DEFAULT_RANGE[w], 0, 4);
  const terrain = pickOption(req, 'terrain', TERRAINS, 'clear');
  const hillsCol = TAM_COLUMN_IDS.indexOf(pickOption(req, 'hills-tam', TAM_COLUMN_IDS, 'clear'));
  const elevation = pickOption(req, 'elevation', ELEVATION_IDS, 'level');
  const local = boolOption(req, 'local');
  const distance = numberOption(req, 'distance', 1, 0, 4);
  const health = numberOption(req, 'health', local ? 3 : 5, 1, local ? 3 : 5);
  const night = boolOption(req, 'night');
  const fog = boolOption(req, 'fog');
  const luck = pickOption(req, 'luck', LUCK_DIE_IDS, 'd8') as LuckDieId;
  const splash = pickOption(req, 'splash', SPLASH, 'none');
  if (splash !== 'none' && weaponId !== 'grenade') throw new ConfigError('splash', splash, 'applies only to --weapon grenade');
  const effRange = fog ? Math.max(range - 1, 1) : range;
  if (distance > effRange) {
    throw new ConfigError('distance', distance, `is beyond the ${fog ? 'Fog-reduced ' : ''}range ${effRange} of this weapon (item 32${fog ? ', R14' : ''}); allowed: 0..${effRange}`);
  }
  if (distance === 0 && elevation !== 'level') throw new ConfigError('elevation', elevation, 'must be "level" at distance 0: units in the same hex get no EAM (item 45)');
  const col = TERRAIN_COLUMN[terrain] === -2 ? hillsCol : TERRAIN_COLUMN[terrain];
  const elev = ELEVATION_IDS.indexOf(elevation);
  const nam = night ? -3 : 0;
  const base = baseAccuracy(w, col, elev, distance, health, local, nam);
  const extra = splash === 'same-hex' ? -13 : splash === 'adjacent' ? -20 : 0;
  const weights = LUCK_DICE[luck];
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = new Array<number>(8).fill(0);
  const rows: Record<string, string | number>[] = [];
  for (let f = 1; f <= 8; f++) {
    const r = resultFor(base, f, extra);
    counts[r] += weights[f - 1];
    rows.push({ face: f, probability: fraction(weights[f - 1], total), drm: DRM[f - 1], finalAccuracy: base + extra + DRM[f - 1], result: RESULT_LABELS[r] });
  }
  const h = hamColumn(health, local);
  const parts = [
    `35 (start)`,
    `${signed(TAM[w * 4 + col])} TAM (${terrain})`,
    `${signed(elev === 1 ? EAM[w * 2] : elev === 2 ? EAM[w * 2 + 1] : 0)} EAM (${elevation})`,
    `${signed(DAM[w * 5 + distance])} DAM (distance ${distance === 0 ? 'Base' : distance})`,
    `${signed(h >= 0 ? HAM[w * 4 + h] : 0)} HAM (health ${health}${local ? ', Local' : ''})`,
    `${signed(nam)} NAM (${night ? 'night' : 'day'})`,
  ];
  if (extra) parts.push(`${signed(extra)} splash (${splash})`);
  return {
    title: `Iron Squad attack: ${weaponId} at ${terrain}, distance ${distance}, luck die ${luck}`,
    inputs: { weapon: weaponId, range, effectiveRange: effRange, terrain, elevation, distance, health, local, night, fog, luck, splash, accuracyBeforeDie: base + extra },
    outcomes: counts.map((c, r) => ({ outcome: RESULT_LABELS[r], probability: c / total, exact: fraction(c, total) })).filter((o) => o.probability > 0),
    tables: [{ title: 'by die face (FA = accuracy before the die + DRM)', rows }],
    notes: [`accuracy before the die: ${parts.join(' ')} = ${base + extra}`, 'result bands (item 51): FA ≤ 12 A −1H; 13–25 no effect; 26–38 D −1H; 39–51 D −1H −4MP; 52–64 D −2H; 65–77 D −2H −4MP; 78–90 D −3H; ≥ 91 D −3H −4MP'],
  };
}

export const ironOdds: OddsProvider = {
  options,
  compute: computeIronOdds,
  sample: (req, rng, trials) => sampleIron(req, rng, trials, computeIronOdds(req).outcomes.map((o) => o.outcome)),
  examples: [
    { weapon: 'rifle', terrain: 'forest', distance: 2, health: 3, night: true },
    { weapon: 'sniper', terrain: 'building', distance: 4 },
    { weapon: 'machine-gun', terrain: 'clear', distance: 1, luck: 'd20-peaked' },
    { weapon: 'gun', terrain: 'high-grass', distance: 0, health: 2 },
    { weapon: 'grenade', terrain: 'sand', distance: 2, luck: 'd20-flat' },
  ],
};
