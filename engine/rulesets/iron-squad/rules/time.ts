/** Time of day and weather (items 8, 19, 20, 64–66; R22). Pure integer functions. */

export const WX_CLEAR = 0;
export const WX_RAIN = 1;
export const WX_FOG = 2;
export const WEATHER_LABELS = ['clear', 'rain', 'fog'] as const;

/** Item 8: a D12 result p puts the start marker at (p − 1) × 2:00. */
export function startHour(d12: number): number {
  return (d12 - 1) * 2;
}

/** Clock hour (0, 2, … 22) at which round `r` (0-based) starts. */
export function roundHour(start: number, r: number): number {
  return (start + 2 * r) % 24;
}

/** Items 49, 64, R22: rounds starting at 20, 22, 0 or 2 are night (20:00–03:59). */
export function isNight(hour: number): boolean {
  return hour >= 20 || hour < 4;
}

/**
 * Items 65–66, R22: D12 1–7 Clear, 8–10 Rain, 11–12 Fog; Fog only in rounds starting at
 * 22, 0, 2, 4; a Fog roll is Clear at 6–12 and Rain at 14–20.
 */
export function weatherOf(d12: number, hour: number): number {
  if (d12 <= 7) return WX_CLEAR;
  if (d12 <= 10) return WX_RAIN;
  if (hour >= 22 || hour <= 4) return WX_FOG;
  return hour <= 12 ? WX_CLEAR : WX_RAIN;
}
