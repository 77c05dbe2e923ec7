/** The compiled scenario's shape (compile.ts produces it; every part of the ruleset reads g.scn). */
import type { CompiledScenario } from '../../ruleset.ts';
import type { CardCatalog } from './data/cards.ts';
import type { OwamRules } from './data/params.ts';
import type { PolicyParams } from './policy/knobs.ts';
import type { CounterSet } from '../../kit/counters.ts';
import type { OwamCounterDecls } from './data/counters.ts';

export interface OwamScenario extends CompiledScenario {
  readonly rules: OwamRules;
  readonly catalog: CardCatalog;
  readonly mission: number;
  readonly cols: number;
  readonly rows: number;
  /** Terrain per cell at the start: a terrain type, 0 = Field/blank, −2 = deal a Terrain card from the deck (item 106). */
  readonly layout: Int8Array;
  /** 1 where a card lies at the start (mission terrain); blank positions are 0 (item 9). */
  readonly placed: Uint8Array;
  readonly objective: number;
  readonly objective2: number;
  readonly combatOp: number;
  readonly visibility: number;
  readonly visibilityRange: number;
  readonly wind: number;
  readonly deckTimer: number;
  readonly level: number;
  readonly policies: readonly [PolicyParams, PolicyParams];
  /** The ruleset's own counters (data/counters.ts). */
  readonly counters: CounterSet<OwamCounterDecls>;
  /** Soldiers of both sides (side 0 first), in FT order. */
  readonly n: number;
  readonly sSide: Uint8Array;
  readonly sRank: Uint8Array;
  readonly sWeapon: Uint8Array;
  readonly sTraits: Uint8Array;
  readonly sPoints: Int32Array;
  readonly sNumber: Uint8Array;
  /** Starting FT (global index side × 4 + k). */
  readonly sFt: Int8Array;
  /** FTs per side at the start of the roster (some may arrive later: items 104, 109). */
  readonly ftCount: Int32Array;
  /** Start row per side and the rows of the map. */
  readonly startRow: Int32Array;
  /** Side of the Allies is 0; `axisSide` 1 (item 15); nations for reports. */
  readonly nations: readonly [string, string];
  readonly startPoints: Int32Array;
  /** R2 terrain attack / defense by terrain type, after `rules.terrain_stats` overrides. */
  readonly terrainAttack: Int8Array;
  readonly terrainDefense: Int8Array;
  /** Item 26: players per side (1, or 2 in team play: FTs alternate between them, each with his own hand, R21). */
  readonly players: Int32Array;
}
