/**
 * "Did you mean …?" for misspelt names (flags, ids, fields, files): the closest candidate
 * by edit distance, when it is close enough to be the likely intent. Used by error messages
 * only, never in a game.
 */

/** Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const m = a.length, n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(n + 1);
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n];
}

/** Case, `_`/`-`/space differences do not count as typos. */
const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '-');

/**
 * The candidate `word` most likely meant, or undefined when none is close: at most one edit
 * for short words, about one per three characters for longer ones.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length === 0 || word.length > 200) return undefined;
  const w = norm(word);
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === word) return undefined; // the word is valid: nothing to suggest
    const d = editDistance(w, norm(c));
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(1, Math.floor(w.length / 3)) ? best : undefined;
}

/** ` (did you mean "x"?)`, or '' when nothing is close. */
export function didYouMean(word: unknown, candidates: readonly string[]): string {
  if (typeof word !== 'string') return '';
  const c = closest(word, candidates);
  return c === undefined ? '' : ` (did you mean ${JSON.stringify(c)}?)`;
}

/** The quoted choices of an "expected one of "a", "b"" text, in order. */
export function quotedChoices(allowed: string): string[] {
  const at = allowed.indexOf('one of ');
  if (at < 0) return [];
  const out: string[] = [];
  for (const m of allowed.slice(at).matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(m[1]);
  return out;
}
