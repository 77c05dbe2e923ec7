/** The whole platoon config as one zod schema, for editors (`squadsim schema platoon`). */
import { z } from 'zod';
import { scenarioSchema } from '../compile.ts';
import { platoonRulesSchema } from '../data/params.ts';
import { unitEntrySchema } from '../data/roster.ts';
import { mapSpecSchema } from '../rules/terrain-map.ts';
import { policySchema } from '../policy/params.ts';
import { sideNameSchema } from '../../../validate.ts';

export const platoonConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('platoon'),
    scenario: scenarioSchema.optional(),
    map: z.union([z.string().describe('path to a map JSON file, relative to this config'), mapSpecSchema]).optional(),
    rules: platoonRulesSchema.optional(),
    sides: z
      .array(
        z.object({
          name: sideNameSchema,
          roster: z.string().max(400).optional().describe('a display name for the army'),
          army: z.union([z.string().describe('path to an army list JSON file'), z.array(unitEntrySchema)]),
          policy: policySchema,
        }).strict(),
      )
      .length(2),
  })
  .strict()
  .describe('squadsim platoon matchup config');

export function platoonJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(platoonConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
