/**
 * The whole skill-die config as one zod schema, for editors (configs/schemas/skill-die.schema.json,
 * `squadsim schema skill-die`). compile.ts validates piece by piece so each error names its
 * exact path; this composite only describes the shape.
 */
import { z } from 'zod';
import { mapSchema } from '../../../geometry/table.ts';
import { sideSchema } from '../compile.ts';
import { skillRulesSchema } from '../data/params.ts';
import { rosterSchema } from '../data/roster.ts';

export const skillConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('skill-die'),
    map: z.union([z.string().describe('path to a map JSON file, relative to this config'), mapSchema]).optional(),
    rules: skillRulesSchema.optional(),
    sides: z.array(sideSchema.extend({ roster: z.union([z.string().describe('path to a roster JSON file'), rosterSchema]) })).length(2),
  })
  .strict()
  .describe('squadsim skill-die matchup config');

export function skillJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(skillConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
