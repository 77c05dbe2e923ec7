/**
 * National & divisional squad restrictions (digest items 129–156). Per R27 the soldier cap
 * counts the Sergeant and the bonus is added to the sps pool.
 */
import type { ProfileId } from './roster-types.ts';

export interface Nation {
  /** Kebab-case id used in roster JSON. */
  readonly id: string;
  readonly name: string;
  /** Most soldiers plus specialists, Sergeant included. */
  readonly maxSoldiers: number;
  /** Extra sps added to the roster's sps budget. */
  readonly bonusSps: number;
  readonly forbidden: readonly ProfileId[];
}

const PO: ProfileId = 'political-officer';
const CH: ProfileId = 'chaplain';
const EN: ProfileId = 'engineer';

function n(id: string, name: string, maxSoldiers: number, bonusSps: number, forbidden: ProfileId[]): Nation {
  return { id, name, maxSoldiers, bonusSps, forbidden };
}

export const NATIONS: readonly Nation[] = [
  n('us-army', 'US Army', 12, 0, [PO]),
  n('us-marines', 'US Marines', 14, 0, [PO]),
  n('us-airborne', 'US Airborne', 12, 10, [CH, PO]),
  n('german-heer', 'German Heer', 12, 0, [PO]),
  n('german-fallschirmjager', 'German Fallschirmjäger', 12, 10, [CH, PO]),
  n('german-ss', 'German SS', 10, 15, [CH]),
  n('italian', 'Italian', 12, 0, [PO]),
  n('british', 'British', 12, 0, [PO]),
  n('british-airborne-commandos', 'British Airborne/Commandos', 10, 15, [CH, PO]),
  n('french-free-french', 'French/Free French', 12, 0, [PO]),
  n('imperial-japanese-army', 'Imperial Japanese Army', 16, 0, [CH]),
  n('imperial-japanese-navy', 'Imperial Japanese Navy', 12, 10, [CH]),
  n('soviet-army', 'Soviet Army', 16, 0, [CH]),
  n('soviet-navy', 'Soviet Navy', 14, 0, [CH]),
  n('chinese-nationalist', 'Chinese Nationalist', 16, 0, [CH, PO]),
  n('chinese-communist', 'Chinese Communist', 16, 0, [CH, EN]),
  n('canadian', 'Canadian', 12, 0, [PO]),
  n('australian-new-zealand', 'Australian/New Zealand', 12, 0, [PO]),
  n('hungarian', 'Hungarian', 14, 0, [PO]),
  n('norwegian', 'Norwegian', 12, 0, [PO]),
  n('romanian', 'Romanian', 14, 0, [PO]),
  n('dutch', 'Dutch', 12, 0, [PO]),
  n('danish', 'Danish', 12, 0, [PO]),
  n('greek', 'Greek', 12, 0, [PO]),
  n('polish', 'Polish', 14, 0, [PO]),
  n('belgian', 'Belgian', 14, 0, [PO]),
  n('finnish', 'Finnish', 12, 0, [PO]),
  n('local-partisan-free-militias', 'Local/Partisan/Free Militias', 16, 0, [CH, EN, PO]),
];

/** `"nation": "none"`: no cap, no bonus, nothing forbidden. */
export const NO_NATION: Nation = { id: 'none', name: 'No nation', maxSoldiers: Infinity, bonusSps: 0, forbidden: [] };

/** Every value accepted for a roster's "nation" field. */
export const NATION_CHOICES = ['none', ...NATIONS.map((x) => x.id)] as [string, ...string[]];

export function nationById(id: string): Nation | undefined {
  return id === 'none' ? NO_NATION : NATIONS.find((x) => x.id === id);
}
