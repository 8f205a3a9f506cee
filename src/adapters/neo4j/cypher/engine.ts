import { Neo4jError } from 'neo4j-driver';
import type { AnalyzedQuery } from '../../../cypher/index';
import { CypherLimitError } from '../../../cypher/errors';
import { AppError } from '../../../errors';
import { NO_PROPERTY_INDEXES, type PropertyIndexes } from '../../../filters/indexes';
import type { CypherEngine, CypherResult, CypherRunOptions } from '../../../ports/cypher-engine';
import type { Neo4jClient } from '../client';
import { WORKSPACE_PARAM } from './emit-context';
import { emitCypher } from './emit-query';
import { renderRows } from './render';
import { exceedsBytes, MAX_RESULT_BYTES, tooManyBytesMessage } from '../../../cypher/result-size';

/**
 * Errors Neo4j raises on a value while the query runs (an integer overflow, a date such as
 * 2026-02-30 given to datetime()); the emitter already turns the common ones into null, as
 * SQLite answers. Syntax and semantic errors are not here: the emitter writing a statement
 * Neo4j refuses is a bug, and stays a 500.
 */
const VALUE_ERRORS = new Set([
  'Neo.ClientError.Statement.ArithmeticError',
  'Neo.ClientError.Statement.TypeError',
  'Neo.ClientError.Statement.ArgumentError',
  'Neo.ClientError.Statement.InvalidArgument',
]);

/**
 * Errors of a query too large for the server's memory: a value past what Java holds (a
 * replace() making billions of characters) or past the transaction's memory limit. Neo4j
 * reports the first as transient, which the driver would retry for half a minute; they
 * are the query's own size, answered as the embedded store answers its size limits.
 */
const SIZE_ERRORS = new Set([
  'Neo.TransientError.General.OutOfMemoryError',
  'Neo.ClientError.General.TransactionOutOfMemoryError',
]);

/** The 400 of an error Neo4j raised while running the query, or null for anything else. */
function queryError(error: unknown): AppError | null {
  if (!(error instanceof Neo4jError)) {
    return null;
  }
  const message = error.message.split('\n')[0] ?? '';
  if (VALUE_ERRORS.has(error.code)) {
    return new AppError(
      400,
      'CYPHER_SEMANTIC_ERROR',
      `The query failed on a value of the data: ${message}`,
    );
  }
  if (SIZE_ERRORS.has(error.code)) {
    return new CypherLimitError(
      'size',
      0,
      `The query needs more memory than Neo4j gives one query (${message}); make smaller values or fewer rows`,
    );
  }
  return null;
}

/**
 * The Cypher endpoint on Neo4j (docs/neo4j.md, "The Cypher endpoint"): the analyzed query
 * is emitted again as Cypher bound to the request's workspace (emit-query.ts), run in one
 * read transaction whose timeout is the query's time limit, and its values rendered as the
 * API's records in the same transaction.
 */
export class Neo4jCypherEngine implements CypherEngine {
  private readonly indexedKeys: ReadonlySet<string>;

  constructor(
    private readonly client: Neo4jClient,
    propertyIndexes: PropertyIndexes = NO_PROPERTY_INDEXES,
  ) {
    this.indexedKeys = new Set(propertyIndexes.node);
  }

  async run(query: AnalyzedQuery, options: CypherRunOptions): Promise<CypherResult> {
    const emitted = emitCypher(query, {
      rowLimit: options.rowLimit,
      indexedKeys: this.indexedKeys,
    });
    const params = { ...emitted.params };
    if (WORKSPACE_PARAM in params) {
      params[WORKSPACE_PARAM] = options.workspaceId;
    }
    const columns = emitted.columns.map((c) => c.name);
    const types = emitted.columns.map((c) => c.type);
    try {
      return await this.client.read(
        async (tx) => {
          // Answered inside the transaction, so that the driver does not retry it.
          const result = await tx.run(emitted.text, params).catch((error: unknown) => {
            throw queryError(error) ?? error;
          });
          const rows = result.records.map((record) =>
            columns.map((_, i) => record.get(`c${i}`) as unknown),
          );
          const truncated = rows.length > options.rowLimit;
          const kept = truncated ? rows.slice(0, options.rowLimit) : rows;
          const rendered = await renderRows(tx, options.workspaceId, types, kept);
          if (exceedsBytes(rendered, MAX_RESULT_BYTES)) {
            throw new CypherLimitError(
              'resultBytes',
              MAX_RESULT_BYTES,
              tooManyBytesMessage(MAX_RESULT_BYTES),
            );
          }
          return { columns, rows: rendered, truncated };
        },
        {
          timeoutMs: options.timeoutMs,
          ...(options.signal ? { signal: options.signal } : {}),
          timedOut: () =>
            new CypherLimitError(
              'timeMs',
              options.timeoutMs,
              `The query ran longer than ${options.timeoutMs} ms and was stopped; narrow its patterns (an entity type, an id, fewer hops) or add a LIMIT`,
            ),
        },
      );
    } catch (error) {
      throw queryError(error) ?? error;
    }
  }
}
