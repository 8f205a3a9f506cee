import type { Answer, OracleInput } from './oracle';
import { sameAnswer } from './oracle';

/**
 * Where the embedded store answers differently from Neo4j on purpose: each is listed in
 * docs/cypher.md, "Known differences on the embedded store", with its reason. The
 * comparison with Neo4j (generated-queries.test.ts) takes a difference for one of these
 * when its test holds, and fails on any other; each entry's witness query must still show
 * it, so the list stays the list of differences that exist.
 */
export interface KnownDifference {
  /** The bullet of docs/cypher.md it is. */
  docs: string;
  /** Why the embedded store answers so. */
  reason: string;
  /** A query whose answers show it (the suite checks that they still do). */
  witness: OracleInput;
  /**
   * True when the difference between the two answers to `input` is this one; `onNeo4j`
   * answers another query on Neo4j (the same graph), to check a difference by its cause.
   */
  explains(
    input: OracleInput,
    sqlite: Answer,
    neo4j: Answer,
    onNeo4j: (query: string) => Promise<Answer>,
  ): boolean | Promise<boolean>;
}

const rowsOf = (answer: Answer): unknown[][] | null => ('rows' in answer ? answer.rows : null);

/** True when `test` holds for some value anywhere in the rows. */
function anyValue(rows: unknown[][] | null, test: (value: unknown) => boolean): boolean {
  const visit = (value: unknown): boolean =>
    test(value) ||
    (Array.isArray(value) && value.some(visit)) ||
    (typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).some(visit));
  return rows?.some((row) => row.some(visit)) ?? false;
}

/** The answer with every boolean made null (so only booleans against nulls differ). */
function booleansAsNull(answer: Answer): Answer {
  const rows = rowsOf(answer);
  if (!rows) {
    return answer;
  }
  const map = (value: unknown): unknown =>
    typeof value === 'boolean' ? null : Array.isArray(value) ? value.map(map) : value;
  return { rows: rows.map((row) => row.map(map)), truncated: 'rows' in answer && answer.truncated };
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    docs: 'ORDER BY sorts lists known only when the query runs by their JSON text',
    reason:
      'SQLite sorts a list held as JSON text as text; it has no collation that compares JSON item by item',
    witness: { query: 'UNWIND [[10], [9], [1, 2]] AS x RETURN x ORDER BY x', parameters: {} },
    explains: (input, sqlite, neo4j) =>
      /ORDER BY/i.test(input.query) &&
      sameAnswer(sqlite, neo4j, 'none') === true &&
      anyValue(rowsOf(sqlite), Array.isArray),
  },
  {
    docs: 'a date or datetime in a value of several kinds is its text',
    reason:
      'SQLite holds a value of several kinds as JSON, where a date or datetime is a string like any other',
    // Neo4j answers so when the dates and datetimes are made text.
    witness: {
      query: "MATCH (n {id: 'p1'}) RETURN left(coalesce(n.nope, n.createdAt, n.tags), 4) AS x",
      parameters: {},
    },
    explains: async (input, sqlite, _neo4j, onNeo4j) =>
      /\b(createdAt|updatedAt)\b/.test(input.query) &&
      sameAnswer(
        sqlite,
        await onNeo4j(
          input.query.replaceAll(/\b(\w+)\.(createdAt|updatedAt)\b/g, 'toString($1.$2)'),
        ),
        'none',
      ) === true,
  },
  {
    docs: 'lists known only when the query runs compared with <, <=, > or >= are null',
    reason:
      'the analyzer refuses ordering lists it knows to be lists; the embedded store answers null for lists it meets at run time, where Neo4j compares them item by item',
    witness: { query: "MATCH (n {id: 'p1'}) RETURN n.tags <= n.tags AS x", parameters: {} },
    explains: (input, sqlite, neo4j) =>
      /[<>]/.test(input.query) &&
      sameAnswer(booleansAsNull(sqlite), booleansAsNull(neo4j), 'none') === true,
  },
  {
    docs: 'a boolean property in a list the query holds counts as 1 or 0',
    reason:
      "`n.key IN $list` is SQL's IN so that a property index serves it, and SQLite reads JSON true as 1",
    // Neo4j answers so when the booleans are made 1 or 0.
    witness: { query: "MATCH (n {id: 's2'}) RETURN n.active IN [1] AS x", parameters: {} },
    explains: async (input, sqlite, _neo4j, onNeo4j) =>
      /\.(active|overflow)\s+IN\s+[[$]/.test(input.query) &&
      sameAnswer(
        sqlite,
        await onNeo4j(
          input.query.replaceAll(/\b(\w+)\.(active|overflow)(?=\s+IN\s+[[$])/g, 'toInteger($1.$2)'),
        ),
        'none',
      ) === true,
  },
  {
    docs: 'a node or relationship unified with values of other types comes back as its id',
    reason: 'SQLite holds a value of several kinds as JSON, where a node or relationship is its id',
    witness: {
      query: "MATCH (n {id: 'spare'}) RETURN coalesce(n.unit, n) AS x",
      parameters: {},
    },
    // Every difference is a record on Neo4j where the embedded store answers its id.
    explains: (_input, sqlite, neo4j) => {
      const [a, b] = [rowsOf(sqlite), rowsOf(neo4j)];
      const asId = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(asId)
          : typeof value === 'object' && value !== null && 'id' in value && 'version' in value
            ? (value as { id: unknown }).id
            : value;
      return (
        a !== null &&
        b !== null &&
        sameAnswer(sqlite, { rows: b.map((row) => row.map(asId)), truncated: false }, 'none') ===
          true
      );
    },
  },
];
