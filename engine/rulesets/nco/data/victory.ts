/** Margin of victory classes by VP difference (item 103), widest first. */
export const MARGIN_CLASSES = [
  { name: 'Crushing Victory', min: 150 },
  { name: 'Decisive Blow', min: 110 },
  { name: 'Tactical Success', min: 75 },
  { name: 'Narrow Advantage', min: 50 },
  { name: 'Entrenched Stalemate', min: 0 },
] as const;

/** Index into MARGIN_CLASSES for a non-negative VP difference. */
export function marginClass(diff: number): number {
  const d = diff < 0 ? -diff : diff;
  if (d >= 150) return 0;
  if (d >= 110) return 1;
  if (d >= 75) return 2;
  if (d >= 50) return 3;
  return 4;
}
