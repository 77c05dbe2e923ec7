/** Item 14: the nations (own file, so that params.ts can name them without an import cycle through cards.ts). */
export const NATIONS = ['usa', 'germany', 'poland', 'red_army', 'finland'] as const;
export type NationId = (typeof NATIONS)[number];
