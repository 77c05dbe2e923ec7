/** The whole OWAM config as one zod schema, for editors (configs/schemas/owam.schema.json). */
import { z } from 'zod';
import { mapSchema, sideSchema } from '../compile.ts';
import { MISSION_IDS } from '../data/missions.ts';
import { owamRulesSchema } from '../data/params.ts';

export const owamConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('owam').describe('Which ruleset this config is for.'),
    mission: z.enum(MISSION_IDS).optional().describe('The Mission card played: map, objectives, Squad Points and deck timer (R4; default king_of_the_hill).'),
    map: mapSchema.optional().describe('Replaces the mission\'s map of landscape cards (R4).'),
    rules: owamRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R25) and decision, each with its default.'),
    sides: z.array(sideSchema).length(2).describe('The two sides: side 0 the Allies, side 1 the Axis (item 15).'),
  })
  .strict()
  .describe('squadsim Of War and Men matchup config');

export function owamJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(owamConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
