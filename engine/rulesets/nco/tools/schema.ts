/**
 * The whole NCO config as one zod schema, for editors and docs (configs/schemas/
 * nco.schema.json, `squadsim schema nco`). compile.ts validates the same pieces one by one so
 * each error names its exact path; this composite only describes the shape.
 */
import { z } from 'zod';
import { mapSchema } from '../../../geometry/table.ts';
import { sideNameSchema } from '../../../validate.ts';
import { ncoGenerateSchema, ncoRulesSchema } from '../data/params.ts';
import { policySchema } from '../policy/params.ts';
import { rosterSchema } from '../data/roster.ts';
import { scenarioDocSchema } from '../scenarios/definitions.ts';

const pathOr = <T extends z.ZodType>(s: T) => z.union([z.string().describe('path to a JSON file, relative to this config'), s]);

export const ncoConfigDocSchema = z
  .object({
    $schema: z.string().optional(),
    ruleset: z.literal('nco').describe('Which ruleset this config is for.'),
    scenario: scenarioDocSchema.optional().describe('The scenario: an id, or an object with the id and options (default basic).'),
    map: z.union([z.string(), mapSchema, z.object({ generate: ncoGenerateSchema.describe('Options of the mirrored random terrain generator (R1); {} = the defaults.') }).strict()]).optional().describe('The table: a path to a map JSON file, the map itself, or { "generate": options } for a seeded random table (R1; the default).'),
    rules: ncoRulesSchema.optional().describe('Rules parameters: every ASSUMED reading of the digest (R1–R36) and rulebook number a designer may vary, each with its default.'),
    sides: z
      .array(z.object({ name: sideNameSchema, roster: pathOr(rosterSchema).describe('The squad: a path to a roster JSON file, or the roster itself.'), policy: policySchema }).strict())
      .length(2).describe('The two sides: name, roster and policy.'),
  })
  .strict()
  .describe('squadsim NCO matchup config');

/** JSON Schema (draft 2020-12) of an NCO config, as users write it (defaults optional). */
export function ncoJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ncoConfigDocSchema, { io: 'input' }) as Record<string, unknown>;
}
