import fs from 'node:fs';
import path from 'node:path';

/** `cypher/schema/`, both from `src/` (tsx, tests) and from `dist/` (the built image). */
export function defaultSchemaDir(): string {
  return path.resolve(__dirname, '..', '..', '..', 'cypher', 'schema');
}

/**
 * Splits a `.cypher` script into its statements: `;` at the end of a line ends one, and
 * lines that are only a `//` comment are dropped (comments inside a statement stay).
 */
export function splitCypherScript(text: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (current.length === 0 && /^\s*(\/\/.*)?$/.test(line)) {
      continue;
    }
    if (/;\s*$/.test(line)) {
      current.push(line.replace(/;\s*$/, ''));
      statements.push(current.join('\n').trim());
      current = [];
    } else {
      current.push(line);
    }
  }
  const rest = current.join('\n').trim();
  if (rest !== '' && !/^(\s*\/\/.*\n?)*$/.test(rest)) {
    statements.push(rest);
  }
  return statements;
}

/** One schema statement and the file it comes from. */
export interface SchemaStatement {
  file: string;
  text: string;
}

/**
 * The constraints and indexes of `dir` (every `.cypher` file, in name order). Each one says
 * IF NOT EXISTS, so applying them at every start-up is harmless.
 */
export function loadSchema(dir: string = defaultSchemaDir()): SchemaStatement[] {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cypher'))
    .sort();
  return files.flatMap((file) =>
    splitCypherScript(fs.readFileSync(path.join(dir, file), 'utf8')).map((text) => {
      if (!/\bIF NOT EXISTS\b/i.test(text)) {
        throw new Error(`${file}: schema statements must say IF NOT EXISTS: ${text}`);
      }
      return { file, text };
    }),
  );
}
