import type { Clock } from '../ports/clock';
import type { CypherEngine } from '../ports/cypher-engine';
import { CypherLimitError } from './errors';
import { prepareCypher, type CypherLimits } from './index';

/** The bounds every analyst query runs within (docs/cypher.md, "Limits"). */
export interface CypherServiceOptions {
  limits: CypherLimits;
  /** Rows returned at most; more set `truncated`. */
  rowLimit: number;
  /** Run time at most, in milliseconds. */
  timeoutMs: number;
  /**
   * Aborted when the service stops serving (Lifecycle.draining): a query running then, or
   * started after, is stopped and rejected with the signal's reason.
   */
  stopping?: AbortSignal;
}

/** One query's answer, as the endpoint and the GraphQL field return it. */
export interface CypherAnswer {
  columns: string[];
  rows: unknown[][];
  meta: { rowCount: number; truncated: boolean; elapsedMs: number };
}

/**
 * Runs analyst Cypher: parses and checks the text (prepareCypher), then has the configured
 * engine run it confined to the request's workspace, within the row and time limits.
 */
export class CypherService {
  constructor(
    private readonly engine: CypherEngine,
    private readonly clock: Clock,
    private readonly options: CypherServiceOptions,
  ) {}

  /** Throws a 400 CYPHER_* error for a query outside the subset or past a limit. */
  async run(
    workspaceId: string,
    text: string,
    parameters: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<CypherAnswer> {
    const started = performance.now();
    const { stopping } = this.options;
    const stop = signal && stopping ? AbortSignal.any([signal, stopping]) : (signal ?? stopping);
    let result: Awaited<ReturnType<CypherEngine['run']>>;
    try {
      const analyzed = prepareCypher(text, parameters, this.options.limits, this.clock.now());
      result = await this.engine.run(analyzed, {
        workspaceId,
        rowLimit: this.options.rowLimit,
        timeoutMs: this.options.timeoutMs,
        ...(stop ? { signal: stop } : {}),
      });
    } catch (error) {
      throw error instanceof RangeError ? tooLarge() : error;
    }
    return {
      columns: result.columns,
      rows: result.rows,
      meta: {
        rowCount: result.rows.length,
        truncated: result.truncated,
        elapsedMs: Math.round((performance.now() - started) * 10) / 10,
      },
    };
  }
}

/**
 * A query whose size no documented limit caught but which the JavaScript engine cannot hold
 * (a RangeError: a stack or string too large while it is checked or compiled). The limits
 * are meant to come first; this keeps the answer a 400 if one does not.
 */
function tooLarge(): CypherLimitError {
  return new CypherLimitError(
    'size',
    0,
    'The query is too large to run: shorten its longest expression, list or label list',
  );
}
