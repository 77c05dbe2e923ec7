/** Terrain polygon flag bits (generic, not tied to one ruleset). */
export const OBSCURING = 1;
export const COVER = 2;
export const DIFFICULT = 4;
export const IMPASSABLE = 8;

/** Lengths below this (inches) count as zero: touching is not crossing. */
export const EPS = 1e-9;
/** -EPS as a constant: a `-EPS` on a rare branch deopts optimised code (no unary feedback). */
export const NEG_EPS = -EPS;
