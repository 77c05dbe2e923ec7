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
    ruleset: z.literal('platoon').describe('Which ruleset this config is for.'),
    scenario: scenarioSchema.optional().describe('The scenario played; only the Meeting Engagement for now (R23).'),
    map: z.union([z.string().describe('path to a map JSON file, relative to this config'), mapSpecSchema]).optional().describe('The table: a path to a map JSON file, or the map itself (default: an empty 72" × 48" table, R23).'),
    rules: platoonRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R26) and decision, each with its default.'),
    sides: z
      .array(
        z.object({
          name: sideNameSchema,
          roster: z.string().max(400).optional().describe('a display name for the army'),
          army: z.union([z.string().describe('path to an army list JSON file'), z.array(unitEntrySchema)]).describe('The army list: a path to an army list JSON file, or the units (priced against rules.army_points, R22).'),
          policy: policySchema,
        }).strict(),
      )
      .length(2).describe('The two sides: name, army list and policy.'),
  })
  .strict()
  .describe('squadsim platoon matchup config');

export function platoonJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(platoonConfigDocSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
