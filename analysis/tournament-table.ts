/**
 * A `squadsim tournament` result read back for a report (`squadsim report --tournament`):
 * checked strictly, and refused when it was played on another ruleset than the results.
 */
import { from, type ColumnTable } from 'arquero';
import { z } from 'zod';
import { ConfigError } from '../engine/errors.ts';
import { parseOrThrow } from '../engine/validate.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { TOURNAMENT_FORMAT } from './tournament.ts';

const num = z.number().finite();
const tournamentSchema = z.object({
  format: z.literal(TOURNAMENT_FORMAT),
  ruleset: z.string(),
  seed: z.number().int(),
  seedsPerPair: z.number().int().positive(),
  confidence: num,
  entrants: z.array(z.object({ name: z.string(), policy: z.unknown() })).min(2),
  pairs: z.array(z.object({ a: z.string(), b: z.string(), score: num, lo: num, hi: num, seeds: z.number().int() })),
  matrix: z.array(z.array(num.nullable())),
  ratings: z.array(z.object({ name: z.string(), elo: num, lo: num, hi: num, meanScore: num, rank: z.number().int() })),
});

export interface TournamentTables {
  ruleset: string;
  seedsPerPair: number;
  confidence: number;
  ratings: ColumnTable;
  matrix: ColumnTable;
}

/** Reads FILE (`--tournament`); ConfigError on anything but a tournament of `ruleset`. */
export function loadTournament(path: string, ruleset: string): TournamentTables {
  const raw = readJsonFile(path, { field: '--tournament', allowed: 'expected a readable `squadsim tournament --out` result (tournament.json)' });
  const d = parseOrThrow(tournamentSchema, raw, ['--tournament']);
  if (d.ruleset !== ruleset) throw new ConfigError('--tournament: ruleset', d.ruleset, `expected ${JSON.stringify(ruleset)}, the ruleset of the results being reported`);
  const ratings = from([...d.ratings].sort((a, b) => a.rank - b.rank).map((r) => ({ rank: r.rank, entrant: r.name, elo: r.elo, elo_lo: r.lo, elo_hi: r.hi, mean_score: r.meanScore })));
  const names = d.entrants.map((e) => e.name);
  const matrix = from(d.pairs.flatMap((p) => [
    { entrant: p.a, opponent: p.b, score: p.score, lo: p.lo, hi: p.hi, seeds: p.seeds },
    { entrant: p.b, opponent: p.a, score: 1 - p.score, lo: 1 - p.hi, hi: 1 - p.lo, seeds: p.seeds },
  ]).sort((x, y) => names.indexOf(x.entrant) - names.indexOf(y.entrant) || names.indexOf(x.opponent) - names.indexOf(y.opponent)));
  return { ruleset: d.ruleset, seedsPerPair: d.seedsPerPair, confidence: d.confidence, ratings, matrix };
}
