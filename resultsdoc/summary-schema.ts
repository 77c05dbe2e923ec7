/**
 * The summary contract (`run --json`, results.json "summary") as a zod schema, for
 * consumers and for the conformance suite: every ruleset's summary must parse with it.
 */
import { z } from 'zod';
import { SUMMARY_SCHEMA } from './summary.ts';

const unitInterval = z.number().min(0).max(1);
const matrix = z.array(z.array(z.number().finite())).length(2);

const side = z
  .object({
    name: z.string().min(1),
    wins: z.number().int().nonnegative(),
    winRate: unitInterval,
    winRateInterval: z.tuple([unitInterval, unitInterval]),
    meanScore: z.number().finite(),
  })
  .strict();

const playedSide = z
  .object({ name: z.string(), roster: z.string(), policy: z.record(z.string(), z.unknown()), preset: z.object({ file: z.string(), description: z.string().optional() }).strict().optional() })
  .strict();

/** What was played (resultsdoc/played.ts); also checked when results are read back. */
export const playedSchema = z
  .object({
    scenario: z.string(),
    map: z.string(),
    sides: z.tuple([playedSide, playedSide]),
    rules: z.record(z.string(), z.unknown()),
  })
  .strict();

export const summarySchema = z
  .object({
    schema: z.literal(SUMMARY_SCHEMA),
    ruleset: z.string().min(1),
    games: z.number().int().positive(),
    seed: z.number().int().min(0).max(0xffffffff),
    configHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    version: z.string().min(1),
    played: playedSchema.optional(), // results written before it existed still read
    nouns: z.object({ unit: z.string(), units: z.string(), value: z.string(), score: z.string(), scoreLong: z.string(), step: z.string(), steps: z.string() }).strict(),
    typeNames: z.record(z.string(), z.string()).optional(),
    sides: z.tuple([side, side]),
    draws: z.number().int().nonnegative(),
    lethality: z
      .object({ unit: z.string(), steps: z.number().int().positive(), labels: z.array(z.string()), meanCasualties: matrix, meanSurvivingValue: matrix })
      .strict(),
    details: z.record(z.string(), z.unknown()).optional(),
    elapsedSeconds: z.number().nonnegative(),
    gamesPerSecond: z.number().nonnegative(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.sides[0].wins + s.sides[1].wins + s.draws !== s.games) ctx.addIssue({ code: 'custom', message: 'wins and draws must add up to games' });
    const n = s.lethality.steps;
    if (s.lethality.labels.length !== n || [...s.lethality.meanCasualties, ...s.lethality.meanSurvivingValue].some((row) => row.length !== n)) {
      ctx.addIssue({ code: 'custom', path: ['lethality'], message: `every lethality row must have ${n} bins` });
    }
  });
