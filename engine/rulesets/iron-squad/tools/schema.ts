/**
 * The whole Iron Squad config as one zod schema, for editors (configs/schemas/
 * iron-squad.schema.json, `squadsim schema iron-squad`). compile.ts validates the pieces one
 * by one so each error names its exact path; this composite only describes the shape.
 */
import { z } from 'zod';
import { boardGenSchema } from '../rules/board-gen.ts';
import { boardJsonSchema } from '../rules/board-json.ts';
import { scenarioSchema, sideSchema } from '../compile.ts';
import { ironRulesSchema } from '../data/params.ts';

export const ironConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('iron-squad').describe('Which ruleset this config is for.'),
    scenario: scenarioSchema.optional().describe('versus (two players with secret missions) or solo (one player against the rulebook\'s bot); default versus.'),
    map: z.union([z.string().describe('path to a board JSON file, relative to this config'), boardJsonSchema, z.object({ generate: boardGenSchema.describe('Options of the seeded procedural board generator (R4); {} = the rulebook-like defaults.') }).strict()]).optional().describe('The board: a path to a board JSON file, a hand-made board, or { "generate": options } for a seeded procedural board (R4; the default).'),
    rules: ironRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R23) and decision, each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: side 0 is the USA (north, plays first), side 1 Germany (south) (item 3); name, units and policy.'),
  })
  .strict()
  .describe('squadsim Iron Squad matchup config');

/** JSON Schema (draft 2020-12) of an Iron Squad config, as users write it (defaults optional). */
export function ironJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ironConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
