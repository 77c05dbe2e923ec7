/**
 * Hand-made boards: the JSON format, its zod schema and compilation into an IronBoard.
 * Bad input throws a ConfigError naming the path (parseOrThrow), e.g.
 * `map.slots[3].hexes[1]: got [19,4]; is invalid: hex is off the 18 × 16 board`.
 *
 * Format (docs/rules/iron-squad-board.md):
 * {
 *   "name": "Crossing", "cols": 10, "rows": 12,
 *   "terrain": ["CCFC...", ...],         // one string per row (row 0 = north), one char per column:
 *                                        // C clear F forest H hills W water B building X rock
 *                                        // G high grass R road S sand, ? = a hex of a tile slot
 *   "zones": ["UUUU...", ...],           // optional: U US deployment, G German, . none;
 *                                        // default: north / south of the northern / southern road
 *   "slots": [{ "group": 2, "label": 1, "hexes": [[col, row], ...] }],   // label 1..7: groups 2, 5
 *   "tiles": [{ "group": 2, "terrain": "CFOCB", "objectives": ["Lighthouse"] }],
 *                                        // terrain in the order of the slot's hexes; O = Mission Objective
 *   "placement": "rulebook" | "as-listed",   // default rulebook (shuffles and D8 per §2.1)
 *   "hidden_tiles": true                 // false: all tiles face up from the start
 * }
 */
import { z } from 'zod';
import { ConfigError, formatPath } from '../../../errors.ts';
import { parseOrThrow, WHEN_VALID } from '../../../validate.ts';
import { type BoardLayout, IronBoard } from './board.ts';
import { IronBoardGenerator, boardGenSchema } from './board-gen.ts';
import {
  GK_HIDDEN, GK_OBJECTIVE_ROLL, GROUP_KIND, SLOT_CHAR, T_HIDDEN, T_OBJECTIVE, T_ROAD, TERRAIN_CHARS, TERRAIN_MP, ZONE_GERMANY, ZONE_NONE, ZONE_USA,
} from '../data/board-data.ts';

const posSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const group = z.number().int().min(1).max(6).describe('Tile group 1–6 (items 11–14): 1 and 6 face up, 2 and 5 hold objective tiles placed by a D8, 3 and 4 face down.');

export const boardJsonSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().default('board').describe('Board name, shown in reports.'),
    cols: z.number().int().min(1).max(200).describe('Board width in hex columns.'),
    rows: z.number().int().min(1).max(200).describe('Board height in hex rows.'),
    terrain: z.array(z.string()).describe('One string per row (row 0 = north), one letter per column: C clear, F forest, H hills, W water, B building, X rock, G high grass, R road, S sand, ? = a hex of a tile slot.'),
    zones: z.array(z.string()).optional().describe('Deployment zones, one string per row: U = US, G = German, . = none; default: north and south of the two roads.'),
    slots: z.array(z.object({ group, label: z.number().int().min(1).max(7).optional().describe('D8 label 1–7 of a group 2 or 5 slot, where a Mission-Objective tile lands on that roll (item 13).'), hexes: z.array(posSchema).min(1).describe('The slot\'s hexes as [column, row].') }).strict()).default([]).describe('Tile slots: the board positions tiles are laid on.'),
    tiles: z
      .array(z.object({ group, terrain: z.string().regex(/^[CFHWBXGRSO]+$/, 'tile terrain uses only the letters CFHWBXGRSO').describe('The tile\'s terrain, one letter per slot hex in the slot\'s order; O = a Mission-Objective hex.'), objectives: z.array(z.string()).default([]).describe('Names of the tile\'s Mission Objectives (e.g. "Lighthouse"), one per O hex.') }).strict())
      .default([]).describe('The tiles, each laid on a slot of its group (items 11–15).'),
    placement: z.enum(['rulebook', 'as-listed']).default('rulebook').describe('How tiles are laid: the rulebook\'s shuffles and D8 rolls, or tile k of a group on that group\'s slot k, unrotated (reproducible boards).'),
    hidden_tiles: z.boolean().default(true).describe('Face-down tile groups start hidden and must be revealed (item 15); false = every tile face up.'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (b.terrain.length !== b.rows) return issue(['terrain'], `needs ${b.rows} row strings, one per row`);
    const rowsOk = (rows: string[], key: string, chars: string) => {
      for (let r = 0; r < rows.length; r++) {
        if (rows[r].length !== b.cols) return issue([key, r], `needs ${b.cols} characters, one per column`), false;
        for (let c = 0; c < b.cols; c++) if (!chars.includes(rows[r][c])) return issue([key, r], `column ${c}: '${rows[r][c]}' is not one of ${chars}`), false;
      }
      return true;
    };
    if (!rowsOk(b.terrain, 'terrain', TERRAIN_CHARS.replace('O', '') + SLOT_CHAR)) return;
    if (b.zones && (b.zones.length !== b.rows ? (issue(['zones'], `needs ${b.rows} row strings`), true) : !rowsOk(b.zones, 'zones', 'UG.'))) return;
    const owner = new Map<number, number>();
    const groupSize = new Map<number, number>();
    for (let s = 0; s < b.slots.length; s++) {
      const sl = b.slots[s];
      for (let i = 0; i < sl.hexes.length; i++) {
        const [c, r] = sl.hexes[i];
        if (c >= b.cols || r >= b.rows) return issue(['slots', s, 'hexes', i], `hex is off the ${b.cols} × ${b.rows} board`);
        if (b.terrain[r][c] !== SLOT_CHAR) return issue(['slots', s, 'hexes', i], `terrain row ${r} column ${c} must be '${SLOT_CHAR}' for a slot hex`);
        if (owner.has(r * b.cols + c)) return issue(['slots', s, 'hexes', i], `hex is already in slot ${owner.get(r * b.cols + c)}`);
        owner.set(r * b.cols + c, s);
      }
      const size = groupSize.get(sl.group);
      if (size !== undefined && size !== sl.hexes.length) return issue(['slots', s, 'hexes'], `every slot of group ${sl.group} must have ${size} hexes`);
      groupSize.set(sl.group, sl.hexes.length);
      if (sl.label !== undefined && GROUP_KIND[sl.group] !== GK_OBJECTIVE_ROLL) return issue(['slots', s, 'label'], 'only slots of groups 2 and 5 take a D8 label');
      if (sl.label !== undefined && b.slots.some((o, j) => j < s && o.group === sl.group && o.label === sl.label)) return issue(['slots', s, 'label'], `label ${sl.label} is already used in group ${sl.group}`);
    }
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) if (b.terrain[r][c] === SLOT_CHAR && !owner.has(r * b.cols + c)) return issue(['terrain', r], `column ${c}: '?' hex belongs to no slot`);
    }
    for (let g = 1; g <= 6; g++) {
      const slots = b.slots.filter((s) => s.group === g).length;
      const tiles = b.tiles.filter((t) => t.group === g).length;
      if (slots !== tiles) return issue(['tiles'], `group ${g} has ${slots} slots but ${tiles} tiles; they must match`);
    }
    for (let t = 0; t < b.tiles.length; t++) {
      const tile = b.tiles[t];
      if (tile.terrain.length !== groupSize.get(tile.group)) return issue(['tiles', t, 'terrain'], `needs ${groupSize.get(tile.group)} letters, one per hex of a group ${tile.group} slot`);
      const mo = [...tile.terrain].filter((ch) => ch === 'O').length;
      if (mo > 0 && GROUP_KIND[tile.group] === GK_HIDDEN) return issue(['tiles', t, 'terrain'], 'groups 3 and 4 are plain terrain: no Mission Objective (O)');
      if (tile.objectives.length > mo) return issue(['tiles', t, 'objectives'], `names ${tile.objectives.length} objectives but the terrain has ${mo} O hexes`);
    }
    for (const g of [2, 5]) {
      const moTiles = b.tiles.filter((t) => t.group === g && t.terrain.includes('O')).length;
      const labelled = b.slots.filter((s) => s.group === g && s.label !== undefined).length;
      if (b.placement === 'rulebook' && moTiles > labelled) return issue(['slots'], `group ${g} has ${moTiles} Mission-Objective tiles but only ${labelled} slots with a D8 label`);
    }
    if (!b.zones && !b.terrain.some((row) => row.includes('R'))) issue(['zones'], 'give deployment zones when the board has no road');
  }, WHEN_VALID);
export type BoardJson = z.input<typeof boardJsonSchema>;

/** The layout of a parsed board JSON (setup only). */
export function layoutFromJson(b: z.output<typeof boardJsonSchema>): BoardLayout {
  const n = b.cols * b.rows;
  const fixedTerrain = new Uint8Array(n);
  const zone = new Uint8Array(n).fill(ZONE_NONE);
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const ch = b.terrain[r][c];
      fixedTerrain[r * b.cols + c] = ch === SLOT_CHAR ? T_HIDDEN : TERRAIN_CHARS.indexOf(ch);
      if (b.zones) zone[r * b.cols + c] = b.zones[r][c] === 'U' ? ZONE_USA : b.zones[r][c] === 'G' ? ZONE_GERMANY : ZONE_NONE;
    }
  }
  if (!b.zones) {
    // Item 6: US north of the northern road, Germany south of the southern one, per column.
    for (let c = 0; c < b.cols; c++) {
      let first = -1, last = -1;
      for (let r = 0; r < b.rows; r++) if (fixedTerrain[r * b.cols + c] === T_ROAD) (first < 0 && (first = r), (last = r));
      if (first < 0) continue;
      for (let r = 0; r < first; r++) zone[r * b.cols + c] = ZONE_USA;
      for (let r = last + 1; r < b.rows; r++) zone[r * b.cols + c] = ZONE_GERMANY;
    }
  }
  return {
    name: b.name,
    cols: b.cols,
    rows: b.rows,
    fixedTerrain,
    zone,
    slots: b.slots.map((s) => ({ group: s.group, label: s.label ?? 0, hexes: s.hexes.map(([c, r]) => r * b.cols + c) })),
    tiles: b.tiles.map((t) => ({ group: t.group, terrain: Uint8Array.from([...t.terrain].map((ch) => TERRAIN_CHARS.indexOf(ch))), objectiveNames: t.objectives })),
    placement: b.placement,
    hiddenTiles: b.hidden_tiles,
  };
}

/** Validates a hand-made board (ConfigError under `root`) and builds it. */
export function compileBoard(json: unknown, root: readonly PropertyKey[] = []): IronBoard {
  return new IronBoard(layoutFromJson(parseOrThrow(boardJsonSchema, json, root)));
}

/**
 * Item 6: each side deploys on its zone, so each needs a hex there it can stand on (fixed,
 * passable terrain). Without one its units were never placed, and the game ran anyway.
 */
function checkDeploymentZones(b: Pick<BoardLayout, 'zone' | 'fixedTerrain'>, at: readonly PropertyKey[]): void {
  const sides: [number, string][] = [[ZONE_USA, 'U (US, north of the northern road by default)'], [ZONE_GERMANY, 'G (German, south of the southern road by default)']];
  for (const [zone, name] of sides) {
    let hexes = 0, usable = 0;
    for (let h = 0; h < b.zone.length; h++) {
      if (b.zone[h] !== zone) continue;
      hexes++;
      if (b.fixedTerrain[h] !== T_HIDDEN && TERRAIN_MP[b.fixedTerrain[h]] < 255) usable++;
    }
    if (usable === 0) {
      throw new ConfigError(formatPath(at), `${hexes} hexes in zone ${name.charAt(0)}, none passable`, `expected a deployment zone ${name} with at least one passable hex that is not a tile slot`);
    }
  }
}

/** A config `map`: a board JSON (inlined) or `{ "generate": { ...boardGenSchema } }`. */
export function boardFromConfig(value: unknown, root: readonly PropertyKey[] = ['map']): { board: IronBoard; generator: IronBoardGenerator | null } {
  if (value !== null && typeof value === 'object' && 'generate' in value) {
    const keys = Object.keys(value);
    if (keys.length !== 1) parseOrThrow(z.object({ generate: z.unknown() }).strict(), value, root);
    const opts = parseOrThrow(boardGenSchema, (value as { generate: unknown }).generate ?? {}, [...root, 'generate']);
    const generator = new IronBoardGenerator(opts);
    return { board: generator.createBoard(), generator };
  }
  const board = compileBoard(value, root);
  checkDeploymentZones(board, [...root, (value as { zones?: unknown }).zones !== undefined ? 'zones' : 'terrain']);
  return { board, generator: null };
}

/** The board's current content as board JSON (tiles in tile order; allocates). */
export function describeBoard(board: IronBoard): z.output<typeof boardJsonSchema> {
  const { cols, rows } = board.grid;
  const terrain: string[] = [];
  const zones: string[] = [];
  for (let r = 0; r < rows; r++) {
    let t = '', z2 = '';
    for (let c = 0; c < cols; c++) {
      const h = r * cols + c;
      t += board.hexSlot[h] >= 0 ? SLOT_CHAR : TERRAIN_CHARS[board.fixedTerrain[h]];
      z2 += board.zone[h] === ZONE_USA ? 'U' : board.zone[h] === ZONE_GERMANY ? 'G' : '.';
    }
    terrain.push(t);
    zones.push(z2);
  }
  const slots = [];
  for (let s = 0; s < board.slotCount; s++) {
    const hexes: [number, number][] = [];
    for (let i = board.slotStart[s]; i < board.slotStart[s + 1]; i++) hexes.push([board.grid.col(board.slotHexes[i]), board.grid.row(board.slotHexes[i])]);
    slots.push(board.slotLabel[s] > 0 ? { group: board.slotGroup[s], label: board.slotLabel[s], hexes } : { group: board.slotGroup[s], hexes });
  }
  const tiles = [];
  for (let t = 0; t < board.tileCount; t++) {
    let terr = '';
    const objectives: string[] = [];
    for (let i = board.tileStart[t]; i < board.tileStart[t + 1]; i++) {
      terr += TERRAIN_CHARS[board.tileTerrain[i]];
      if (board.tileTerrain[i] === T_OBJECTIVE) objectives.push(board.objectiveName[board.tileObjective[i]]);
    }
    tiles.push({ group: board.tileGroup[t], terrain: terr, objectives });
  }
  return { name: board.name, cols, rows, terrain, zones, slots, tiles, placement: board.placement, hidden_tiles: board.hiddenTiles };
}
