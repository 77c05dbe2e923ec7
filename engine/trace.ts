/**
 * One game's event log, for `squadsim trace`: what happened, in order, as short sentences
 * with their numbers. Null in every ordinary run: a ruleset checks `trace !== null` before
 * building any text, so the hot loop pays one null check per traced point and allocates
 * nothing. The runner's own lines (the game's seed, its result) come from playOne, so every
 * ruleset's trace has at least those.
 */
export interface TraceEvent {
  seq: number;
  /** The time step (turn, round, card bin) when it happened; 0 during set-up. */
  step: number;
  kind: string;
  text: string;
  [field: string]: unknown;
}

export class GameTrace {
  readonly events: TraceEvent[] = [];
  /** The current time step; the ruleset advances it. */
  step = 0;
  /** The ruleset's word for `step` when it is not its tally's step noun (OWAM traces rounds, its tally counts cards). */
  noun: string | null = null;

  add(kind: string, text: string, data: Record<string, unknown> = {}): void {
    this.events.push({ seq: this.events.length, step: this.step, kind, text, ...data });
  }

  /**
   * The standard casualty line: every ruleset writes its losses through this, so each carries
   * its side and the runner can check them against the tally (playOne: logged per side =
   * the tally's losses). `text` says who, how and what it cost, in the ruleset's words.
   */
  casualty(side: number, text: string, data: Record<string, unknown> = {}): void {
    this.add('casualty', text, { ...data, side });
  }

  /** The standard end line, "the game ends after <step noun> N: <why>", once per game. */
  end(stepNoun: string, step: number, why: string, data: Record<string, unknown> = {}): void {
    this.add('end', `the game ends after ${stepNoun} ${step}: ${why}`, { ...data, [stepNoun]: step, why });
  }

  /** The readable form: one line per event, indented under its step. */
  text(stepNoun: string): string {
    const out: string[] = [];
    let step = -1;
    for (const e of this.events) {
      if (e.step !== step && e.step > 0) out.push(`${this.noun ?? stepNoun} ${e.step}`);
      step = e.step;
      out.push(`${e.step > 0 ? '  ' : ''}${e.text}`);
    }
    return out.join('\n') + '\n';
  }
}
