/**
 * How often each rule fired, per side, per game (the `rulesInPlay` block, docs/contract.md):
 * which rules matter in play. Events affect both sides and count for each.
 */
export const RULE_COUNTERS = [
  'event-able', 'event-baker', 'event-charlie', 'event-dog', 'event-easy', 'event-fox', 'event-mike', 'event-roger', 'event-victor', 'event-x-ray',
  'close-combat', 'breakdown', 'snap', 'grenade-thrown', 'ambush-trigger', 'extra-magazine', 'lucky-trinket',
  'letters-from-home', 'morphine', 'flask', 'tobacco', 'high-ground-shot', 'ambush-set',
  'field-medicine', 'religious-rites',
] as const;

/** Index of event kind ev (EV_ABLE = 1 … EV_XRAY = 10) in RULE_COUNTERS. */
export const RC_EVENT0 = -1;
export const RC_CLOSE_COMBAT = 10;
export const RC_BREAKDOWN = 11;
export const RC_SNAP = 12;
export const RC_GRENADE = 13;
export const RC_AMBUSH = 14;
export const RC_EXTRA_MAGAZINE = 15;
export const RC_TRINKET = 16;
export const RC_LETTERS = 17;
export const RC_MORPHINE = 18;
export const RC_FLASK = 19;
export const RC_TOBACCO = 20;
/** A to-hit roll against one target with the high-ground +1 (item 70). */
export const RC_HIGH_GROUND = 21;
/** An Ambush set (item 32): with ambush-trigger, how many Ambushes pay off. */
export const RC_AMBUSH_SET = 22;
/** A Medic's health Rally given to another soldier (item 78), and a Chaplain's psyche Rally applied to the friends around him (item 79): balance's usage of the two. */
export const RC_FIELD_MEDICINE = 23;
export const RC_RELIGIOUS_RITES = 24;
