import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { RULESET_IDS, getRuleset } from '../engine/rulesets/index.ts';
import { UsageError } from './errors.ts';

interface SchemaArgs {
  ruleset: string;
}

/** `squadsim schema <ruleset>`: the JSON Schema of a ruleset's config, for editors. */
export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema <ruleset>',
  describe: "print the JSON Schema of a ruleset's config (configs/schemas/<id>.schema.json)",
  builder: (y: Argv) =>
    y
      .positional('ruleset', { type: 'string', describe: `one of ${RULESET_IDS.join(', ')}`, demandOption: true })
      .example('$0 schema nco > configs/schemas/nco.schema.json', 'regenerate the shipped schema') as unknown as Argv<SchemaArgs>,
  handler: (argv: ArgumentsCamelCase<SchemaArgs>) => {
    const rs = getRuleset(argv.ruleset);
    if (!rs?.jsonSchema) throw new UsageError(`ruleset: got ${JSON.stringify(argv.ruleset)}; expected one of ${RULESET_IDS.map((x) => JSON.stringify(x)).join(', ')}`);
    process.stdout.write(JSON.stringify(rs.jsonSchema(), null, 2) + '\n');
  },
};
