/**
 * A comma-separated list of policies for `tournament --entrants` and `tune --field`: each a
 * policy id, a preset file (*.json, read now), or NAME=either.
 */
import { basename, resolve } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import { readPolicyPreset } from '../sim/config.ts';
import type { Entrant } from '../sim/tournament.ts';

export function parseEntrants(list: string, flag: string): Entrant[] {
  const items = list.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new ConfigError(flag, list, 'expected a comma-separated list with no empty entries');
  return items.map((item, k) => {
    const eq = item.indexOf('=');
    const spec = eq >= 0 ? item.slice(eq + 1) : item;
    const name = eq >= 0 ? item.slice(0, eq) : spec.endsWith('.json') ? basename(spec, '.json') : spec;
    if (name === '') throw new ConfigError(flag, item, 'expected NAME=policy with a non-empty NAME');
    const policy = spec.endsWith('.json') ? readPolicyPreset(resolve(spec), `${flag}[${k}]`, spec) : spec;
    return { name, policy };
  });
}
