/**
 * Board setup per game (§2.1, items 12–14): resets every per-game array of an IronBoard
 * and lays the tiles. Split from board.ts for size; IronBoard.setup calls setupBoard.
 */
import type { Rng } from '../../../rng.ts';
import { shuffleRange } from '../../../dice.ts';
import type { IronBoard } from './board.ts';
import { GK_FACE_UP, GK_OBJECTIVE_ROLL, GROUP_COUNT, GROUP_KIND, T_HIDDEN } from '../data/board-data.ts';

export function setupBoard(b: IronBoard, rng: Rng): void {
  const n = b.size;
  b.buildingHex.fill(-1, 0, b.buildingCount);
  for (let h = 0; h < n; h++) {
    const s = b.hexSlot[h];
    b.tileId[h] = -1;
    b.objectiveId[h] = -1;
    if (s < 0) {
      b.group[h] = 0;
      b.hidden[h] = 0;
      b.setTerrain(h, b.fixedTerrain[h]);
      b.buildingId[h] = b.fixedBuilding[h];
      if (b.fixedBuilding[h] >= 0) b.buildingHex[b.fixedBuilding[h]] = h;
    } else {
      b.group[h] = b.slotGroup[s];
      b.hidden[h] = 1;
      b.buildingId[h] = -1;
      b.setTerrain(h, T_HIDDEN);
    }
  }
  for (let o = 0; o < b.objectiveCount; o++) b.objectiveHex[o] = -1;
  b.slotTile.fill(-1);
  b.slotRotation.fill(0);
  b.slotRevealed.fill(0);
  const shuffle = b.placement === 'rulebook';
  for (let g = 1; g <= GROUP_COUNT; g++) {
    const tiles = b.groupTiles[g], slots = b.groupSlots[g];
    const base = b.groupTileOffset[g];
    const kind = GROUP_KIND[g];
    // Listed order; in groups 2 and 5 the Mission-Objective tiles first.
    let w = base;
    if (kind === GK_OBJECTIVE_ROLL) for (let i = 0; i < tiles.length; i++) if (b.tileObjectiveCount[tiles[i]] > 0) b.stack[w++] = tiles[i];
    for (let i = 0; i < tiles.length; i++) if (kind !== GK_OBJECTIVE_ROLL || b.tileObjectiveCount[tiles[i]] === 0) b.stack[w++] = tiles[i];
    b.stackTop[g] = base;
    b.stackEnd[g] = base + tiles.length;
    if (kind === GK_OBJECTIVE_ROLL) placeObjectiveTiles(b, g, rng, shuffle);
    else if (shuffle) shuffleStack(b, g, rng);
    if (kind === GK_FACE_UP || !b.hiddenTiles) {
      for (let i = 0; i < slots.length; i++) {
        const s = slots[i];
        if (b.slotTile[s] >= 0) continue;
        const rot = kind === GK_FACE_UP ? 0 : randomRotationOr0(b, s, rng, shuffle);
        b.reveal(s, rot);
      }
    }
  }
}

function randomRotationOr0(b: IronBoard, slot: number, rng: Rng, random: boolean): number {
  return random ? b.randomRotation(slot, rng) : 0;
}

/**
 * Item 13: each Mission-Objective tile of group g (at the stack bottom) goes on the slot
 * labelled by a D8; 8, a label the group lacks or a slot already taken re-rolls.
 * 'as-listed': on the group's first free slots in order, rotation 0.
 */
function placeObjectiveTiles(b: IronBoard, g: number, rng: Rng, roll: boolean): void {
  const slots = b.groupSlots[g];
  let next = 0;
  while (b.stackTop[g] < b.stackEnd[g] && b.tileObjectiveCount[b.stack[b.stackTop[g]]] > 0) {
    const t = b.stack[b.stackTop[g]++];
    let s = -1;
    if (roll) {
      do s = slotWithLabel(b, g, rng.die(8));
      while (s < 0 || b.slotTile[s] >= 0);
    } else {
      while (b.slotTile[slots[next]] >= 0) next++;
      s = slots[next];
    }
    b.layTile(s, t, roll ? b.randomRotation(s, rng) : 0);
  }
  if (roll) shuffleStack(b, g, rng);
}

/** The slot of group g labelled `label` (1..7), or -1 (a D8 of 8 finds none). */
function slotWithLabel(b: IronBoard, g: number, label: number): number {
  const slots = b.groupSlots[g];
  for (let i = 0; i < slots.length; i++) if (b.slotLabel[slots[i]] === label) return slots[i];
  return -1;
}

/** Fisher–Yates over the undrawn part of group g's stack. */
function shuffleStack(b: IronBoard, g: number, rng: Rng): void {
  shuffleRange(rng, b.stack, b.stackTop[g], b.stackEnd[g]);
}
