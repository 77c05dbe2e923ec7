import { resolve } from 'node:path';
import { createScanner, printParseErrorCode, visit } from 'jsonc-parser';
import { ConfigError, formatPath } from '../engine/errors.ts';
import { MAX_INPUT_BYTES, readRegularFile, type InputRef } from './input-file.ts';

/**
 * Strict JSON for every file squadsim reads: JSON.parse semantics, plus what JSON.parse
 * lets through silently or reports badly. A UTF-8 byte-order mark is skipped; a syntax
 * error names its line and column; a key given twice in one object is refused (JSON.parse
 * keeps the last one and drops the first without a word), and so is "__proto__" (schemas
 * built on records drop it silently); nesting deeper than MAX_JSON_DEPTH is refused before
 * anything recursive (the parser, the schemas, error messages) sees it.
 */
export const MAX_JSON_DEPTH = 100;

// jsonc-parser's SyntaxKind values (a const enum, which isolatedModules cannot import).
const OPEN_BRACE = 1, CLOSE_BRACE = 2, OPEN_BRACKET = 3, CLOSE_BRACKET = 4, EOF = 17;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Reads and parses a JSON file; every failure is a ConfigError on `ref.field`. */
export function readJsonFile(path: string, ref: InputRef, maxBytes = MAX_INPUT_BYTES): unknown {
  const bytes = readRegularFile(path, ref, maxBytes);
  let text: string;
  try {
    text = decoder.decode(bytes); // also drops a leading BOM
  } catch {
    throw new ConfigError(ref.field, ref.shown ?? path, `${ref.allowed}; ${resolve(path)} is not UTF-8 text`);
  }
  return parseJsonText(text, ref.field, ref.shown ?? path, resolve(path));
}

/**
 * Parses JSON text strictly (see above). Errors are ConfigErrors on `field` (showing
 * `shown`) that give the line and column in `source` (a file path, or e.g. "stdin").
 */
export function parseJsonText(text: string, field: string, shown: unknown, source: string): unknown {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const fail = (what: string, line: number, col: number): never => {
    throw new ConfigError(field, shown, `${what} (line ${line + 1} column ${col + 1} of ${source})`);
  };
  // Depth first, with the (iterative) scanner: the parser below recurses once per level.
  const scan = createScanner(src, true);
  let depth = 0;
  for (let t = scan.scan(); t !== EOF; t = scan.scan()) {
    if (t === OPEN_BRACE || t === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) fail(`is nested more than ${MAX_JSON_DEPTH} levels deep, more than any squadsim file needs`, scan.getTokenStartLine(), scan.getTokenStartCharacter());
    } else if (t === CLOSE_BRACE || t === CLOSE_BRACKET) depth--;
  }
  // Then syntax errors with their position, duplicate keys and "__proto__".
  const keys: Set<string>[] = [];
  visit(
    src,
    {
      onObjectBegin: () => void keys.push(new Set()),
      onObjectEnd: () => void keys.pop(),
      onObjectProperty: (key, _offset, _length, line, col, path) => {
        const at = formatPath([...path(), key]);
        if (key === '__proto__') fail(`has the key "__proto__" at ${at}, which no squadsim file allows`, line, col);
        const seen = keys[keys.length - 1];
        if (seen?.has(key)) fail(`has the key ${JSON.stringify(key)} twice in one object, at ${at}: give each key once (JSON would silently keep only the last)`, line, col);
        seen?.add(key);
      },
      onError: (code, _offset, _length, line, col) => fail(`is not valid JSON: ${describeCode(printParseErrorCode(code))}`, line, col),
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  try {
    return JSON.parse(src);
  } catch (e) {
    // The visitor accepts a few things JSON.parse does not (e.g. raw control characters in strings).
    throw new ConfigError(field, shown, `is not valid JSON (${source}: ${(e as Error).message})`);
  }
}

/** "CommaExpected" -> "comma expected". */
function describeCode(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^<unknown parse error code>$/, 'syntax error');
}
