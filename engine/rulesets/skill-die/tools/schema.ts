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
    ruleset: z.literal('skill-die').describe('Which ruleset this config is for.'),
    map: z.union([z.string().describe('path to a map JSON file, relative to this config'), mapSchema]).optional().describe('The table: a path to a map JSON file, or the map itself (default: the 48"×48" Skirmish table, R20).'),
    rules: skillRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R20), each with its default.'),
    sides: z.array(sideSchema.extend({ roster: z.union([z.string().describe('path to a roster JSON file'), rosterSchema]).describe('A side\'s roster: a path to a roster JSON file, or the list of units (one model each, R18).') })).length(2).describe('The two sides: name, budget, roster and policy.'),
  })
  .strict()
  .describe('squadsim skill-die matchup config');

export function skillJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(skillConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
