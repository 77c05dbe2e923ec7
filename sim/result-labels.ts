/**
 * `run` never writes results its own readers refuse (issue 35). Every label a results
 * document carries (side names, what was played, block and row labels, the ruleset's
 * details) is known once the config compiled, so before any game is played this builds
 * the document the run would write, with no games in it, and runs on it the very check
 * every reader runs (resultsdoc/validate.ts → checkResultsText). A refused string is
 * reported at the config field it came from when one holds it (e.g. an NCO roster file's
 * `name`: sides[0].roster.name), else at the results field it would have filled.
 */
import { ConfigError, formatPath } from '../engine/errors.ts';
import { PRINTABLE, PRINTABLE_TEXT } from '../engine/validate.ts';
import { buildResultsDoc } from '../resultsdoc/format.ts';
import { GAME_ROWS_FILE, GAME_ROWS_FORMAT } from '../resultsdoc/game-rows.ts';
import { buildSummary } from '../resultsdoc/summary.ts';
import { checkResultsText } from '../resultsdoc/validate.ts';
import { CHUNK_GAMES } from './chunks.ts';
import type { LoadedConfig } from './config.ts';
import { packageVersion } from './paths.ts';

/** Throws a ConfigError (exit 2) when the results of this config would hold text their readers refuse. */
export function checkResultLabels(loaded: LoadedConfig): void {
  const { ruleset, scn } = loaded;
  const acc = new Float64Array(scn.plan.layout.size);
  const summary = buildSummary({ ruleset, scn, games: 0, seed: 0, configHash: '', acc, elapsedSeconds: 0, version: packageVersion(), presets: loaded.presets });
  const doc = buildResultsDoc({ ruleset: ruleset.id, seed: 0, games: 0, chunkGames: CHUNK_GAMES, configHash: '', config: null, layout: scn.plan.layout, acc, summary });
  // The per-game rows' labels too, as `run --record games` would name them.
  const labels = Object.fromEntries(Object.entries(scn.plan.rowLabels).map(([k, v]) => [k, [...v]]));
  doc.gameRows = { file: GAME_ROWS_FILE, format: GAME_ROWS_FORMAT, columns: [...scn.plan.rowColumns], labels, count: 0, sha256: '' };
  try {
    checkResultsText(doc as unknown as Record<string, unknown>, '');
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    throw blame(e, loaded);
  }
}

/** The reader's error, moved to the config field (or policy preset file) that holds the refused text. */
function blame(e: ConfigError, loaded: LoadedConfig): ConfigError {
  const because = `it would label the results (${e.path}), which report, export and merge refuse otherwise`;
  const bad = typeof e.value === 'string' ? e.value : undefined;
  if (bad === undefined) return new ConfigError(e.path, e.value, `${e.allowed}; ${because}`);
  const inConfig = unprintableIn(loaded.config, bad);
  if (inConfig) return new ConfigError(inConfig.path, inConfig.value, `expected ${PRINTABLE_TEXT}: ${because}`);
  const presets = loaded.presets ?? [];
  for (let i = 0; i < presets.length; i++) {
    const p = presets[i], d = p?.description;
    if (p && !PRINTABLE.test(p.file) && bad.includes(p.file)) return new ConfigError(formatPath(['sides', i, 'policy']), p.file, `expected ${PRINTABLE_TEXT}: ${because}`);
    if (p && d !== undefined && !PRINTABLE.test(d) && bad.includes(d)) {
      return new ConfigError(`${formatPath(['sides', i, 'policy'])} (${p.file}): description`, d, `expected ${PRINTABLE_TEXT}: ${because}`);
    }
  }
  return new ConfigError(`results: ${e.path}`, bad, `expected ${PRINTABLE_TEXT}; the config makes this label, so change what it is made from`);
}

/** The first string in `node` that is not printable and appears in `text`, with its path. */
function unprintableIn(node: unknown, text: string): { path: string; value: string } | undefined {
  const walk = (v: unknown, at: (string | number)[], depth: number): { path: string; value: string } | undefined => {
    if (typeof v === 'string') return !PRINTABLE.test(v) && text.includes(v) ? { path: formatPath(at), value: v } : undefined;
    if (depth > 64 || v === null || typeof v !== 'object') return undefined;
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) {
      const hit = walk(x, [...at, k], depth + 1);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(node, [], 0);
}
