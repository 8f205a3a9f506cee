import type { RecordFields } from '../../ports/record-fields';

const columnNames = new Map<string, string>();

/** The snake_case column of a camelCase field name (`clientId` is `client_id`). */
function columnOf(name: string): string {
  let column = columnNames.get(name);
  if (column === undefined) {
    column = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    columnNames.set(name, column);
  }
  return column;
}

/**
 * The fields of a row, for the shared mappers of `ports/*-records.ts`: columns are the
 * fields' names in snake_case, instants are ISO-8601 text, lists JSON arrays, flags 1 or 0.
 */
export function rowFields(row: object): RecordFields {
  const value = (name: string): unknown => (row as Record<string, unknown>)[columnOf(name)];
  return {
    text: (name) => value(name) as string,
    optionalText: (name) => value(name) as string | null,
    number: (name) => value(name) as number,
    optionalNumber: (name) => value(name) as number | null,
    time: (name) => value(name) as string,
    optionalTime: (name) => value(name) as string | null,
    textList: (name) => JSON.parse(value(name) as string) as string[],
    flag: (name) => value(name) === 1,
  };
}
