/** Where the CLI writes: injected so commands run in-process in tests. */
export interface CliOutput {
  /** Results (text or JSON). Each call is one line; the sink adds the newline. */
  stdout(line: string): void;
  /** Errors and hints. Each call is one line; the sink adds the newline. */
  stderr(line: string): void;
}

/** The process's own streams. */
export const processOutput: CliOutput = {
  stdout: (line) => {
    process.stdout.write(`${line}\n`);
  },
  stderr: (line) => {
    process.stderr.write(`${line}\n`);
  },
};

/** Left-aligned columns separated by two spaces; the header row comes first. */
export function formatTable(headers: readonly string[], rows: readonly string[][]): string[] {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

/** How a listing shows its items: as JSON, and as a table row under `headers`. */
export interface ListView<T> {
  json(item: T): unknown;
  /** The text when there are no items. */
  empty: string;
  headers: readonly string[];
  row(item: T): string[];
}

/** A listing's result: every item as JSON, and as text a table of them (or `empty`). */
export function listResult<T>(
  items: readonly T[],
  view: ListView<T>,
): { json: unknown[]; text: string[] } {
  return {
    json: items.map((item) => view.json(item)),
    text:
      items.length === 0
        ? [view.empty]
        : formatTable(
            view.headers,
            items.map((item) => view.row(item)),
          ),
  };
}

/** `label: value` lines with the values aligned. */
export function formatFields(fields: ReadonlyArray<readonly [string, string]>): string[] {
  const width = Math.max(...fields.map(([label]) => label.length)) + 1;
  return fields.map(([label, value]) => `  ${`${label}:`.padEnd(width)} ${value}`);
}
