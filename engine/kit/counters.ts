/**
 * A ruleset's own counters, declared once with their labels (issue 27). The declaration
 * gives the TallySpec extras (dims come from the label lists, so a label list cannot be
 * padded or short), typed handles the rules write through (`c.actions.add(side, SO_RALLY)`:
 * no offsets or strides in a ruleset), and a generic per-game summary of every counter.
 *
 * A handle reads `tally.acc` at each write, because the runner may attach another buffer.
 */
import type { BlockSpec } from '../record.ts';
import type { Tally } from '../tally.ts';
import { round } from '../stats.ts';

/** `SIDES` in a counter's dims stands for the two side names. */
export const SIDES = 'sides' as const;
export type Axis = typeof SIDES | readonly string[];

export interface CounterDecl {
  /** One label list per dimension, outermost first (1–3 dimensions). */
  axes: readonly Axis[];
  /** What one count is ("orders carried out, by the order finally executed (items 5–10)"). */
  doc: string;
}
export type CounterDecls = Record<string, CounterDecl>;

/** One counter: `add(i, j, k)` counts one at [i][j][k]; `addBy(n, i, j, k)` counts n. */
export class Counter {
  readonly name: string;
  readonly size: number;
  private readonly tally: Tally;
  private readonly off: number;
  private readonly s0: number;
  private readonly s1: number;
  constructor(tally: Tally, name: string, dims: readonly number[]) {
    this.tally = tally;
    this.name = name;
    this.off = tally.offset(name);
    this.s1 = dims.length > 2 ? dims[2] : 1;
    this.s0 = dims.length > 1 ? dims[1] * this.s1 : 1;
    this.size = dims.reduce((a, d) => a * d, 1);
  }
  add(i: number, j = 0, k = 0): void {
    this.tally.acc[this.off + i * this.s0 + j * this.s1 + k]++;
  }
  addBy(n: number, i: number, j = 0, k = 0): void {
    this.tally.acc[this.off + i * this.s0 + j * this.s1 + k] += n;
  }
  /**
   * Adds src[from .. from + n) along the second axis, at [i][0..n) (a 2-axis counter's row).
   * For per-game values held in a Float64Array: passing each as a double to addBy would box
   * it whenever V8 does not inline the call.
   */
  addRow(src: Float64Array, from: number, n: number, i: number): void {
    const acc = this.tally.acc, at = this.off + i * this.s0;
    for (let m = 0; m < n; m++) acc[at + m * this.s1] += src[from + m];
  }
  /** The count at [i][j][k] in the current buffer (tests, end-of-game bookkeeping). */
  get(i: number, j = 0, k = 0): number {
    return this.tally.acc[this.off + i * this.s0 + j * this.s1 + k];
  }
}

export type Counters<C extends CounterDecls> = { readonly [N in keyof C]: Counter };

/** The declared counters of one scenario: blocks for its TallySpec, handles for its game. */
export class CounterSet<C extends CounterDecls> {
  readonly decls: C;
  readonly sideNames: readonly [string, string];
  constructor(sideNames: readonly [string, string], decls: C) {
    this.sideNames = sideNames;
    this.decls = decls;
    for (const [name, d] of Object.entries(decls)) {
      if (d.axes.length < 1 || d.axes.length > 3) throw new Error(`counters: ${name} needs 1–3 axes, has ${d.axes.length}`);
      d.axes.forEach((a, i) => {
        const labels = this.labels(a);
        if (labels.length === 0) throw new Error(`counters: ${name} axis ${i} has no labels`);
        if (new Set(labels).size !== labels.length) throw new Error(`counters: ${name} axis ${i} repeats a label`);
        if (labels.some((l) => l.trim() === '' || /^-+\d*$/.test(l))) throw new Error(`counters: ${name} axis ${i} has a blank or padding label`);
      });
    }
  }
  private labels(a: Axis): readonly string[] {
    return a === SIDES ? this.sideNames : a;
  }
  /**
   * Where `label` of counter `name` sits within its block for side 0 and side 1: the counter
   * must have axes [SIDES, labels] (balance sweeps read feature usage this way).
   */
  sideCells(name: string, label: string): [number, number] {
    const d = this.decls[name];
    if (!d || d.axes.length !== 2 || d.axes[0] !== SIDES) throw new Error(`counters: ${name} is not a [sides, labels] counter`);
    const labels = this.labels(d.axes[1]);
    const j = labels.indexOf(label);
    if (j < 0) throw new Error(`counters: ${name} has no label ${label}`);
    return [j, labels.length + j];
  }
  /** TallySpec.extras for these counters. */
  blocks(): BlockSpec[] {
    return Object.entries(this.decls).map(([name, d]) => {
      const labels = d.axes.map((a) => [...this.labels(a)]);
      return { name, dims: labels.map((l) => l.length), labels, doc: d.doc };
    });
  }
  /** Typed handles over `tally` (call once per game object). */
  bind(tally: Tally): Counters<C> {
    const out: Record<string, Counter> = {};
    for (const [name, d] of Object.entries(this.decls)) out[name] = new Counter(tally, name, d.axes.map((a) => this.labels(a).length));
    return out as Counters<C>;
  }
  /**
   * Every counter per game, from merged accumulators: nested objects keyed by label
   * (sides by name), e.g. { orders: { Allies: { fire: 3.1, ... } } }.
   */
  summary(acc: Float64Array, offset: (name: string) => number, games: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, d] of Object.entries(this.decls)) {
      const axes = d.axes.map((a) => this.labels(a));
      const o = offset(name);
      let flat = 0;
      const build = (level: number): unknown => {
        if (level === axes.length) return round(games > 0 ? acc[o + flat++] / games : 0);
        return Object.fromEntries(axes[level].map((l) => [l, build(level + 1)]));
      };
      out[name] = build(0);
    }
    return out;
  }
}
