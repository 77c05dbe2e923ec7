// TEMPORARY PLACEHOLDER so sim/ and cli/ can be built in parallel; replaced by the real NCO ruleset.
import { RecordLayout, type Recorder } from '../../record.ts';
import { BLOCK, standardBlocks, type CompiledScenario, type Ruleset } from '../../ruleset.ts';
import { Rng } from '../../rng.ts';
import { ConfigError } from '../../errors.ts';

interface PlaceholderScn extends CompiledScenario { o: number }
interface PlaceholderGame { rng: Rng; o: number; c: number; s: number }

export const nco: Ruleset<PlaceholderScn, PlaceholderGame> = {
  id: 'nco',
  timeUnit: 'turn',
  fileRefs: ['map', 'sides.*.roster'],
  policyIds: ['aggressive', 'cautious', 'random'],
  compile(config: unknown): PlaceholderScn {
    const c = config as { sides?: { name?: string }[] };
    if (!c || !Array.isArray(c.sides) || c.sides.length !== 2) throw new ConfigError('sides', c?.sides, 'expected exactly two sides');
    const names = [c.sides[0].name ?? 'A', c.sides[1].name ?? 'B'] as const;
    const layout = new RecordLayout(standardBlocks(6, names, 'turn'));
    return { ruleset: 'nco', sideNames: names, steps: 6, timeUnit: 'turn', layout, normalized: config, o: layout.offset(BLOCK.outcome) };
  },
  createGame(scn) {
    return { rng: new Rng(0), o: scn.o, c: scn.layout.offset(BLOCK.casualties), s: scn.layout.offset(BLOCK.survivingPoints) };
  },
  playGame(g, seed, rec: Recorder) {
    g.rng.seed(seed);
    const w = g.rng.below(3);
    rec.acc[g.o + w] += 1;
    for (let t = 0; t < 6; t++) { rec.acc[g.c + t] += g.rng.below(3); rec.acc[g.c + 6 + t] += g.rng.below(3); }
  },
};
