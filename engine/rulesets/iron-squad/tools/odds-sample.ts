/**
 * The Monte Carlo side of `odds iron-squad` (OddsProvider.sample): the same attack played
 * `trials` times through the engine's own code (rules/actions.ts → fire: attackBase, the
 * luck die, the result table, damage) on a small open board whose target hex has the
 * requested terrain; each outcome is read back from the units' health and −4MP markers
 * and labelled as compute() labels it. Inputs a small board cannot set up exactly (Local
 * attackers, elevation, Fog, splash victims) are refused: compute() covers them.
 */
import { ConfigError } from '../../../errors.ts';
import { oddsTrials } from '../../../kit/odds-trials.ts';
import type { Rng } from '../../../rng.ts';
import { compileIron } from '../compile.ts';
import { RESULT_DAMAGE, RESULT_LABELS, RESULT_MP, T_CAPTAIN, T_GRENADIER, T_MG, T_RIFLEMAN, T_SNIPER } from '../data/units.ts';
import { fire } from '../rules/actions.ts';
import { boardFromConfig } from '../rules/board-json.ts';
import type { IronGame } from '../rules/state.ts';
import { createIronGame } from '../create.ts';

/** The game as the ruleset builds it (create.ts: board options included), one per sample. */
const IRON_GAME = { createGame: createIronGame, resetGame: (g: IronGame) => g.reset() };

/** The unit type carrying each weapon row. */
const SHOOTER: Record<string, number> = { gun: T_CAPTAIN, rifle: T_RIFLEMAN, sniper: T_SNIPER, 'machine-gun': T_MG, grenade: T_GRENADIER };
/** Board letters of the target terrains (rules/board-json.ts). */
const LETTER: Record<string, string> = { clear: 'C', sand: 'S', road: 'R', building: 'B', objective: 'O', 'high-grass': 'G', forest: 'F', hills: 'H' };
const COLS = 9, ROWS = 9, FROM = 4 * COLS + 4;

export function sampleIron(req: Record<string, unknown>, rng: Rng, trials: number, labels: readonly string[]): number[] {
  for (const [k, v] of [['local', false], ['fog', false], ['elevation', 'level'], ['splash', 'none'], ['hills-tam', 'clear']] as const) {
    if ((req[k] ?? v) !== v) throw new ConfigError(k, req[k], `sampling plays only ${JSON.stringify(v)} (compute() covers the rest exactly)`);
  }
  const weapon = String(req.weapon ?? 'rifle'), terrain = String(req.terrain ?? 'clear');
  const type = SHOOTER[weapon], letter = LETTER[terrain];
  if (type === undefined || letter === undefined) throw new ConfigError(type === undefined ? 'weapon' : 'terrain', type === undefined ? weapon : terrain, 'is not one sampling can set up');
  const distance = Number(req.distance ?? 1), health = Number(req.health ?? 5);
  // The target hex: the first hex at exactly `distance` from the attacker's.
  const probe = boardFromConfig(map(-1, 'C'), ['map']).board;
  let to = -1;
  for (let h = 0; h < probe.size && to < 0; h++) if (probe.grid.distance(FROM, h) === distance) to = h;
  if (to < 0) throw new ConfigError('distance', distance, `expected 0..4 hexes`);
  const scn = compileIron({
    ruleset: 'iron-squad', scenario: 'versus', map: map(to, letter),
    rules: { luck_die: req.luck ?? 'd8', mission_mode: 'none' },
    sides: [{ name: 'A', policy: 'rush' }, { name: 'B', policy: 'rush' }],
  });
  let laid = false;
  return oddsTrials(IRON_GAME, scn, rng, trials, labels.length, (g) => {
    if (!laid) { g.board.setup(g.rng); laid = true; } // lays the as-listed terrain (no dice drawn)
    g.night = req.night === true;
    const a = g.addUnit(0, type, FROM, 5, false), t = g.addUnit(1, T_RIFLEMAN, to, 5, false);
    g.hp[a] = health;
    fire(g, a, t);
    const lost = 5 - g.hp[t], marked = g.markerNext[t] > 0 ? 1 : 0;
    let res = health - g.hp[a] === 1 && lost === 0 ? 0 : -1;
    for (let r = 1; r < RESULT_LABELS.length && res < 0; r++) if (RESULT_DAMAGE[r] === lost && RESULT_MP[r] === marked) res = r;
    const at = res < 0 ? -1 : labels.indexOf(RESULT_LABELS[res]);
    if (at < 0) throw new Error(`odds iron-squad: the engine gave ${lost} health and ${marked} marker, which the exact distribution does not list`);
    return at;
  });
}

/** A COLS × ROWS Clear board, the target hex (if any) of the given terrain letter, zones on the edge rows. */
function map(target: number, letter: string): Record<string, unknown> {
  const terrain = Array.from({ length: ROWS }, (_, r) => Array.from({ length: COLS }, (_, c) => (r * COLS + c === target ? letter : 'C')).join(''));
  const zones = Array.from({ length: ROWS }, (_, r) => (r === 0 ? 'U' : r === ROWS - 1 ? 'G' : '.').repeat(COLS));
  return { name: 'odds', cols: COLS, rows: ROWS, terrain, zones, placement: 'as-listed' };
}
