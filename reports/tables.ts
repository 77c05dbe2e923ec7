/**
 * Summary tables: each as CSV (full precision, for tools) and as a rounded, readable
 * table for summary.md and report.html.
 */
import { from, type ColumnTable } from 'arquero';
import type { Analysis } from '../analysis/index.ts';
import type { Results } from '../analysis/load.ts';
import { cap, rowsOf } from './chart.ts';
import { num, pct } from './theme.ts';
import type { TournamentTables } from '../analysis/tournament-table.ts';

export interface SummaryTable {
  /** File-name-safe id: the CSV is written as <id>.csv. */
  id: string;
  title: string;
  /** Full-precision data. */
  data: ColumnTable;
  /** Column headers and formatted cells, for people. */
  header: string[];
  cells: string[][];
}

const interval = (lo: number | null, hi: number | null, f: (x: number) => string): string => (lo === null || hi === null ? '' : `${f(lo)} – ${f(hi)}`);

function make(id: string, title: string, data: ColumnTable | null, header: string[], row: (x: Record<string, any>) => string[]): SummaryTable | null {
  if (!data || data.numRows() === 0) return null;
  return { id, title, data, header, cells: rowsOf(data).map(row) };
}

export function summaryTables(a: Analysis, r: Results, balance: ColumnTable | null, tournament: TournamentTables | null = null): SummaryTable[] {
  const f1 = (x: number): string => num(x, 1), f2 = (x: number): string => num(x, 2), p1 = (x: number): string => pct(x);
  const lethal = from(rowsOf(a.sideLethality));
  const n = r.nouns, v = n.value;
  const tables = [
    // A narrow interval gets another digit: "0.5% (0.5%–0.5%)" said nothing.
    make('win-rates', 'Win rates', a.winRates, ['outcome', 'games', 'share', '95% interval'], (x) => { const d = x.hi - x.lo < 0.005 ? 2 : 1; return [x.outcome, String(x.games), pct(x.rate, d), interval(x.lo, x.hi, (y) => pct(y, d))]; }),
    make('scores', `${cap(n.scoreLong)} (${n.score}) per game`, a.scores, ['side', 'mean', '95% interval', 'sd'], (x) => [x.side, f1(x.mean), interval(x.lo, x.hi, f1), x.sd === null ? '' : f1(x.sd)]),
    make('win-classes', 'Classes of win', a.winClasses, ['winner', 'class', 'games', 'share', '95% interval'], (x) => [x.side, x.class, String(x.games), pct(x.rate), interval(x.lo, x.hi, p1)]),
    make('lethality', `Lethality by ${r.unit}`, lethal, ['side', r.unit, 'casualties', '95% interval', 'cumulative', '95% interval', `${v} held`, '95% interval', 'of start'], (x) => [
      x.side, x.stepLabel, f2(x.casualties), interval(x.casualtiesLo, x.casualtiesHi, f2), f2(x.cumCasualties), interval(x.cumCasualtiesLo, x.cumCasualtiesHi, f2),
      f1(x.survivingValue), interval(x.survivingValueLo, x.survivingValueHi, f1), pct(x.survivingShare),
    ]),
    make('spread', `Spread between games by ${r.unit}: median and 10–90% of games`, a.sideSpread, ['side', r.unit, `${n.units} lost so far: 10%`, 'median', '90%', `share of ${v} held: 10%`, 'median', '90%'], (x) => [
      x.side, x.stepLabel, String(x.lostP10), String(x.lostP50), String(x.lostP90), pct(x.shareP10, 0), pct(x.shareP50, 0), pct(x.shareP90, 0),
    ]),
    make('losses-at-least', `Chance of at least k ${n.units} lost by the end of each ${r.unit}`, a.lossesAtLeast, ['side', r.unit, 'k', 'probability'], (x) => [x.side, x.stepLabel, String(x.k), pct(x.probability)]),
    make('game-length', 'Game length', a.gameLength, [r.unit, 'games', 'share'], (x) => [x.stepLabel, String(x.games), pct(x.share)]),
    make('end-cause', 'How games ended', a.endCauses, ['outcome', 'ended by', 'games', 'share', '95% interval'], (x) => [x.outcome, x.cause, String(x.games), pct(x.share), interval(x.lo, x.hi, p1)]),
    make('cost-effectiveness', `Cost-effectiveness by ${n.unit} type`, a.costEffectiveness, ['side', 'type', 'fielded / game', `${v} / game`, `share of ${v}`, `own ${v} lost`, "share of side's losses", 'kills / game', `kills / 100 ${v}`, `${n.units} lost`], (x) => [
      x.side, r.typeName(x.type), num(x.fieldedPerGame), f1(x.costPerGame), pct(x.costShare), pct(x.lossRate), pct(x.lossShare), num(x.killsPerGame), num(x.killsPer100Cost), pct(x.casualtyRate),
    ]),
    make('type-lethality', `Losses by ${n.unit} type and ${r.unit}`, a.typeLethality, ['side', 'type', r.unit, 'casualties / game', 'cumulative / game', 'share lost', '95% interval', `cost in play (${v}) / game`], (x) => [
      x.side, r.typeName(x.type), x.stepLabel, num(x.casualties, 3), num(x.cumCasualties, 3), pct(x.lostShare), interval(x.lostShareLo, x.lostShareHi, p1), num(x.costRemaining, 1),
    ]),
    make('rules-in-play', `Rules in play: times each rule fired per game, by side`, a.rulesInPlay, ['rule', 'side', 'per game', 'total'], (x) => [x.rule, x.side, num(x.per_game, 3), String(x.total)]),
    make('fair-cost', 'Fair cost against printed cost', balance, ['feature', 'printed', 'fair', '95% interval', 'verdict'], (x) => [x.feature, f1(x.printed), f1(x.fair), interval(x.lo, x.hi, f1), x.verdict ?? '']),
    ...(tournament ? tournamentTables(tournament) : []),
  ];
  return tables.filter((t): t is SummaryTable => t !== null);
}

/** Which columns hold text (names: aligned left) rather than numbers; the first row decides. */
export function textColumns(header: string[], cells: string[][]): boolean[] {
  return header.map((_, c) => cells.length > 0 && !/^[-+−\d.,% –]*$/.test(cells[0][c] ?? ''));
}

/** A GitHub-flavoured Markdown table. */
export function markdownTable(t: SummaryTable): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  const line = (cells: string[]): string => `| ${cells.map(esc).join(' | ')} |`;
  const text = textColumns(t.header, t.cells);
  return [line(t.header), `|${text.map((isText) => (isText ? ' :-- ' : ' --: ')).join('|')}|`, ...t.cells.map(line)].join('\n');
}

/** The policies' tournament (`report --tournament`): ratings, then each pairing's score. */
function tournamentTables(t: TournamentTables): (SummaryTable | null)[] {
  const c = `${Math.round(t.confidence * 100)}%`, seeds = `${t.seedsPerPair} seeds per pair, both seats`;
  return [
    make('tournament-ratings', `Policy tournament: ratings (Bradley–Terry, Elo scale; ${seeds})`, t.ratings, ['rank', 'entrant', 'Elo', `${c} interval`, 'mean score'], (x) => [
      String(x.rank), x.entrant, num(x.elo, 0), interval(x.elo_lo, x.elo_hi, (v) => num(v, 0)), pct(x.mean_score),
    ]),
    make('tournament-scores', `Policy tournament: score of each entrant against each opponent (paired ${c} intervals)`, t.matrix, ['entrant', 'opponent', 'score', `${c} interval`], (x) => [
      x.entrant, x.opponent, pct(x.score), interval(x.lo, x.hi, (v) => pct(v)),
    ]),
  ];
}
