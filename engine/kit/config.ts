/**
 * A ruleset's config, declared once as one zod schema (issue 27). Fields that may name a
 * JSON file instead of holding the value are wrapped in `fileRef`; from the one schema the
 * kit derives the parse (error paths, did-you-mean: validate.ts), the JSON Schema editors
 * use (each fileRef a union of a path string and the value) and `Ruleset.fileRefs` (the
 * dotted paths the loader inlines), so the three cannot disagree.
 */
import { z } from 'zod';

const FILE_REFS = z.registry<{ file: string }>();

/** `schema`, which the config may also give as a path to a JSON file (described by `file`). */
export function fileRef<T extends z.ZodType>(schema: T, file: string): T {
  const s = schema.clone() as T;
  FILE_REFS.add(s, { file });
  return s;
}

type Def = { type?: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The dotted paths of every fileRef in `schema`, `*` for array elements ("sides.*.army"). */
export function fileRefPaths(schema: z.ZodType): string[] {
  const out: string[] = [];
  const walk = (s: z.ZodType, path: string[], depth: number): void => {
    if (depth > 40) return;
    if (FILE_REFS.has(s)) {
      out.push(path.join('.'));
      return;
    }
    const d = defOf(s);
    switch (d.type) {
      case 'optional': case 'default': case 'nullable': case 'readonly': case 'prefault': case 'nonoptional':
        if (d.innerType) walk(d.innerType, path, depth + 1);
        return;
      case 'pipe': if (d.in) walk(d.in, path, depth + 1); return;
      case 'array': if (d.element) walk(d.element, [...path, '*'], depth + 1); return;
      case 'object': for (const [k, v] of Object.entries(d.shape ?? {})) walk(v, [...path, k], depth + 1); return;
      default: return;
    }
  };
  walk(schema, [], 0);
  return [...new Set(out)];
}

/** The JSON Schema of a config for editors: each fileRef accepts a path string or the value. */
export function configJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const meta = FILE_REFS.get(ctx.zodSchema as unknown as z.ZodType);
      if (meta === undefined) return;
      const js = ctx.jsonSchema as Record<string, unknown>;
      const value = { ...js };
      for (const k of Object.keys(js)) delete js[k];
      if (typeof value.description === 'string') js.description = value.description;
      js.anyOf = [{ type: 'string', description: meta.file }, value];
    },
  }) as Record<string, unknown>;
}
