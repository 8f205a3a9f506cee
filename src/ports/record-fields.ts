/**
 * How a shared record mapper (`ports/<kind>-records.ts`) reads one stored record. Each
 * engine supplies only this reader over its own row or node; the mapper names the fields
 * and says what each one holds. Names are the domain's (camelCase): an engine that spells
 * them otherwise (SQLite's snake_case columns) translates.
 */
export interface RecordFields {
  /** A text field. */
  text(name: string): string;
  /** A text field that may be null (or, on Neo4j, absent). */
  optionalText(name: string): string | null;
  /** A whole or decimal number. */
  number(name: string): number;
  optionalNumber(name: string): number | null;
  /** An instant stored in the engine's time type, as ISO-8601 text. */
  time(name: string): string;
  optionalTime(name: string): string | null;
  /** A list of text (scopes): the engine's list form (a JSON array in SQLite). */
  textList(name: string): string[];
  /** A flag; `absent` when the record was written before the field existed. */
  flag(name: string, absent: boolean): boolean;
}
