/** The whole OWAM config as one zod schema, for editors (configs/schemas/owam.schema.json). */
import { z } from 'zod';
import { mapSchema, sideSchema } from '../compile.ts';
import { MISSION_IDS } from '../data/missions.ts';
import { owamRulesSchema } from '../data/params.ts';

export const owamConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('owam'),
    mission: z.enum(MISSION_IDS).optional(),
    map: mapSchema.optional(),
    rules: owamRulesSchema.optional(),
    sides: z.array(sideSchema).length(2),
  })
  .strict()
  .describe('squadsim Of War and Men matchup config');

export function owamJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(owamConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
