import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './dist-fresh.ts';

/** Every matchup config under configs/<id>/ (files with "ruleset": id and "sides", and no "schema"). */
export function shippedConfigs(id: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json')) {
        const j = JSON.parse(readFileSync(p, 'utf8')) as { ruleset?: unknown; sides?: unknown; schema?: unknown };
        // Baselines also name a ruleset and sides, but carry a schema id; configs do not.
        if (j.ruleset === id && Array.isArray(j.sides) && j.schema === undefined) out.push(p);
      }
    }
  };
  walk(join(ROOT, 'configs', id));
  return out.sort();
}
