import { actorOf } from '../domain/change-events';
import { newTimeOrderedId } from '../domain/ids';
import type { ImportError, ImportRecord } from '../domain/imports';
import { pathOfIllFormedText } from '../domain/json-text';
import { RequestTimeoutError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Scope } from '../domain/scopes';
import type { OntologyService } from '../ontology/ontology-service';
import type { GraphStore } from '../ports/graph-store';
import type { ImportStore } from '../ports/import-store';
import { yieldToEventLoop } from '../yield-to-event-loop';
import { exportLineSchema, storedTypeOf } from './format';
import { LineNotUtf8Error, LineTooLongError, ndjsonLines } from './ndjson-lines';
import { importContext, importItem, type ImportItem } from './typed-import';

/** Records written per transaction. */
export const IMPORT_CHUNK_RECORDS = 1000;
/** Longest accepted line, in bytes (a node's properties are at most 64 KB as JSON). */
export const MAX_IMPORT_LINE_BYTES = 1024 * 1024;

/** A line waiting for its chunk's transaction. */
type PendingLine = ImportItem & { line: number };

/** The running state of one import. */
interface Progress {
  record: ImportRecord;
  /** Lines read so far. */
  read: number;
  /** Node, edge and type lines read so far (what the end line must count). */
  seen: { nodes: number; edges: number; types: number };
  header: boolean;
  /** Line number of the end line, once read. */
  endedAt: number | null;
  pending: PendingLine[];
  /** Whether type lines may define types (the caller holds write:ontology). */
  canDefine: boolean;
  /** Records as the file has them, held only to the unique index (`validateRecords: false`). */
  asTheyAre: boolean;
}

/** How an import treats its records. */
export interface ImportOptions {
  /**
   * false: records are written as the upload has them, even those that break their type
   * (only the unique index still holds), and the upload's types and strictOntology apply to
   * writes from then on. The route asks write:ontology for it. Default true.
   */
  validateRecords?: boolean;
}

/**
 * The upload's bytes cannot be read as its Content-Encoding says, or expand too much to be
 * read (thrown by whoever decompresses them, with the problem's message): the import stops
 * there, as when the upload is cut off.
 */
export class UndecodableUploadError extends Error {
  constructor(message = 'the upload could not be decompressed as its Content-Encoding says') {
    super(message);
  }
}

class StopImport extends Error {
  constructor(readonly problem: ImportError) {
    super(problem.message);
  }
}

/**
 * Imports an NDJSON upload in the format `cli export` writes into ONE workspace, as it
 * arrives (docs/ontology.md, "Bulk import"): each line is parsed and checked, records are
 * written in transactions of IMPORT_CHUNK_RECORDS, and the import record shows the progress
 * after each. The first bad line stops the import: every record on a line before it is kept
 * (committed), nothing from it on is.
 */
export class ImportService {
  constructor(
    private readonly graph: GraphStore,
    private readonly imports: ImportStore,
    private readonly clock: Clock,
    private readonly ontology: OntologyService,
  ) {}

  /**
   * Starts an import record; `run` then reads the upload into it, treating its records as
   * `options` say (kept in the record as `validateRecords`).
   */
  async start(
    workspaceId: string,
    actorId: string,
    options: ImportOptions = {},
  ): Promise<ImportRecord> {
    const nowMs = this.clock.now();
    const record: ImportRecord = {
      id: newTimeOrderedId(nowMs),
      actorId,
      status: 'running',
      nodes: 0,
      edges: 0,
      unchanged: 0,
      lines: 0,
      errors: [],
      validateRecords: options.validateRecords !== false,
      startedAt: new Date(nowMs).toISOString(),
      finishedAt: null,
    };
    await this.imports.create(workspaceId, record);
    return record;
  }

  /**
   * Reads `upload` to its end (or its first problem) and returns the finished record.
   * `scopes` are the caller's: type lines define types only with write:ontology.
   */
  async run(
    workspaceId: string,
    started: ImportRecord,
    upload: AsyncIterable<Buffer | string>,
    scopes: readonly Scope[] = [],
  ): Promise<ImportRecord> {
    const progress: Progress = {
      record: { ...started },
      read: 0,
      seen: { nodes: 0, edges: 0, types: 0 },
      header: false,
      endedAt: null,
      pending: [],
      canDefine: scopes.includes('write:ontology'),
      asTheyAre: !started.validateRecords,
    };
    let problem: ImportError | null;
    try {
      problem = await this.readAll(workspaceId, progress, upload);
    } catch (error) {
      // Not a problem of the upload: the record must not stay `running` forever.
      await this.finish(workspaceId, progress, {
        line: progress.read,
        message: 'the import stopped on an internal error',
      });
      throw error;
    }
    return this.finish(workspaceId, progress, problem);
  }

  /**
   * Reads and writes the whole upload; returns the problem that stopped it, if any. The
   * records of the lines before a problem are written before it is returned.
   */
  private async readAll(
    workspaceId: string,
    progress: Progress,
    upload: AsyncIterable<Buffer | string>,
  ): Promise<ImportError | null> {
    let problem: ImportError | null = null;
    try {
      for await (const { number, text } of ndjsonLines(upload, MAX_IMPORT_LINE_BYTES)) {
        progress.read = number;
        problem = this.readLine(progress, text);
        if (problem || progress.pending.length >= IMPORT_CHUNK_RECORDS) {
          await this.flush(workspaceId, progress);
        }
        if (problem) {
          progress.record.lines = problem.line - 1;
          return problem;
        }
      }
    } catch (error) {
      problem = this.problemOf(error, progress);
      if (!(error instanceof StopImport)) {
        try {
          await this.flush(workspaceId, progress);
        } catch (flushed) {
          // A record before the problem failed: that one is the first problem.
          return this.problemOf(flushed, progress);
        }
      }
      return problem;
    }
    try {
      await this.flush(workspaceId, progress);
    } catch (error) {
      return this.problemOf(error, progress);
    }
    return this.endProblem(progress);
  }

  private async finish(
    workspaceId: string,
    progress: Progress,
    problem: ImportError | null,
  ): Promise<ImportRecord> {
    const record: ImportRecord = {
      ...progress.record,
      status: problem ? 'failed' : 'completed',
      errors: problem ? [problem] : [],
      finishedAt: new Date(this.clock.now()).toISOString(),
    };
    // The finished record and its change event commit together.
    await this.graph.transaction(workspaceId, async (uow) => {
      uow.feed?.attribute(actorOf(record.actorId), { importId: record.id });
      await this.imports.updateIn(uow, workspaceId, record);
      uow.feed?.add({
        type: problem ? 'import.failed' : 'import.completed',
        subjectType: null,
        subjectId: record.id,
        data: { before: null, after: record },
      });
    });
    return record;
  }

  /** Parses one line into the pending chunk; returns why it cannot be, if so. */
  private readLine(progress: Progress, text: string): ImportError | null {
    try {
      this.parseLine(progress, text);
      return null;
    } catch (error) {
      if (error instanceof StopImport) {
        return error.problem;
      }
      throw error;
    }
  }

  private parseLine(progress: Progress, text: string): void {
    const line = progress.read;
    if (text.trim() === '') {
      return;
    }
    const stop = (message: string): never => {
      throw new StopImport({ line, message });
    };
    if (progress.endedAt !== null) {
      stop('comes after the end line');
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      stop('is not valid JSON');
    }
    // JSON may spell an unpaired surrogate, which stored text cannot hold (it would come
    // back as U+FFFD): refused, as in JSON request bodies.
    const illFormed = pathOfIllFormedText(json);
    if (illFormed !== null) {
      const at = illFormed.length > 0 ? `${illFormed.join('.')}: ` : '';
      stop(`${at}holds text that is not valid Unicode (a \\uD800-\\uDFFF escape without its pair)`);
    }
    const parsed = exportLineSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      stop(`${at}${issue?.message ?? 'is not a line of the export format'}`);
      return;
    }
    const parsedLine = parsed.data;
    switch (parsedLine.kind) {
      case 'workspace':
        // The header is optional; its workspace is only where the file came from: the
        // records go into the workspace of the request, which the header never changes.
        if (progress.header || progress.seen.nodes + progress.seen.edges > 0) {
          stop('the workspace line must be the first line, and only once');
        }
        progress.header = true;
        return;
      case 'entityType':
      case 'relationshipType':
      case 'ontology':
        // The types come first, so that every record is checked against them.
        if (progress.seen.nodes + progress.seen.edges > 0) {
          stop('type and ontology lines come before every node and edge');
        }
        if (parsedLine.kind === 'ontology') {
          if (parsedLine.strictOntology) {
            progress.pending.push({ kind: 'strict', line });
          }
          return;
        }
        progress.seen.types += 1;
        progress.pending.push({ kind: 'type', line, type: storedTypeOf(parsedLine) });
        return;
      case 'node': {
        const { kind: _kind, ...record } = parsedLine;
        progress.seen.nodes += 1;
        progress.pending.push({ kind: 'node', line, record });
        return;
      }
      case 'edge': {
        const { kind: _kind, ...record } = parsedLine;
        progress.seen.edges += 1;
        progress.pending.push({ kind: 'edge', line, record });
        return;
      }
      case 'end':
        progress.endedAt = line;
        if (
          parsedLine.nodes !== progress.seen.nodes ||
          parsedLine.edges !== progress.seen.edges ||
          (parsedLine.types !== undefined && parsedLine.types !== progress.seen.types)
        ) {
          stop(
            `the end line counts ${parsedLine.nodes} nodes, ${parsedLine.edges} edges and ${parsedLine.types ?? progress.seen.types} types, the upload has ${progress.seen.nodes}, ${progress.seen.edges} and ${progress.seen.types}`,
          );
        }
        return;
    }
  }

  /**
   * Writes the pending records in one transaction. A record that cannot be written ends the
   * transaction there: the records before it commit, and StopImport reports its line.
   */
  private async flush(workspaceId: string, progress: Progress): Promise<void> {
    const pending = progress.pending;
    progress.pending = [];
    let counts = { nodes: 0, edges: 0, unchanged: 0 };
    let failure: ImportError | null = null;
    if (pending.length > 0) {
      // Counted inside the work: a store may run it again (a retried transaction).
      const now = new Date(this.clock.now()).toISOString();
      ({ counts, failure } = await this.graph.transaction(workspaceId, async (uow) => {
        uow.feed?.attribute(actorOf(progress.record.actorId), { importId: progress.record.id });
        const written = { nodes: 0, edges: 0, unchanged: 0 };
        const ctx = importContext(uow, this.ontology, workspaceId, {
          now,
          canDefine: progress.canDefine,
          asTheyAre: progress.asTheyAre,
        });
        for (const item of pending) {
          const outcome = await importItem(ctx, item);
          if (item.kind === 'type' || item.kind === 'strict') {
            // Types and settings are not records: they are not counted.
          } else if (outcome === 'unchanged') {
            written.unchanged += 1;
          } else if (outcome === 'inserted') {
            written[item.kind === 'node' ? 'nodes' : 'edges'] += 1;
          }
          if (outcome !== 'unchanged' && outcome !== 'inserted') {
            return { counts: written, failure: { line: item.line, message: outcome.message } };
          }
        }
        return { counts: written, failure: null };
      }));
    }
    const record = progress.record;
    record.nodes += counts.nodes;
    record.edges += counts.edges;
    record.unchanged += counts.unchanged;
    record.lines = failure ? failure.line - 1 : progress.read;
    if (failure) {
      throw new StopImport(failure);
    }
    if (pending.length > 0) {
      await this.imports.update(workspaceId, { ...record });
      // Other requests get the event loop (and the writer) between two chunks.
      await yieldToEventLoop();
    }
  }

  /** After the whole upload was read: a missing end line means it was truncated. */
  private endProblem(progress: Progress): ImportError | null {
    if (progress.endedAt === null) {
      return {
        line: progress.read + 1,
        message: 'the upload has no end line: it is truncated',
      };
    }
    return null;
  }

  private problemOf(error: unknown, progress: Progress): ImportError {
    if (error instanceof StopImport) {
      return error.problem;
    }
    if (error instanceof LineTooLongError) {
      return { line: error.line, message: `is longer than ${error.limitBytes} bytes` };
    }
    if (error instanceof LineNotUtf8Error) {
      return { line: error.line, message: 'is not valid UTF-8' };
    }
    if (error instanceof RequestTimeoutError) {
      return { line: progress.read + 1, message: `the upload stalled: ${error.message}` };
    }
    if (error instanceof UndecodableUploadError) {
      return { line: progress.read + 1, message: error.message };
    }
    if (isUploadError(error)) {
      return {
        line: progress.read + 1,
        message: 'the upload was cut off before its end line (the connection closed)',
      };
    }
    throw error;
  }
}

/** Errors a request stream raises when the client goes away mid-upload. */
function isUploadError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error instanceof Error && error.message === 'aborted')
  );
}
