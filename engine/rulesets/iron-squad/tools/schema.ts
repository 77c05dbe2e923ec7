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
    ruleset: z.literal('iron-squad'),
    scenario: scenarioSchema.optional(),
    map: z.union([z.string().describe('path to a board JSON file, relative to this config'), boardJsonSchema, z.object({ generate: boardGenSchema }).strict()]).optional(),
    rules: ironRulesSchema.optional(),
    sides: z.array(sideSchema).length(2),
  })
  .strict()
  .describe('squadsim Iron Squad matchup config');

/** JSON Schema (draft 2020-12) of an Iron Squad config, as users write it (defaults optional). */
export function ironJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ironConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
