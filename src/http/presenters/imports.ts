import type { ImportRecord } from '../../domain/imports';

/** An import as the API shows it (openapi `Import`): everything but who started it. */
export type ImportView = Omit<ImportRecord, 'actorId'>;

/** The public shape of an import record. */
export function presentImport(record: ImportRecord): ImportView {
  return {
    id: record.id,
    status: record.status,
    nodes: record.nodes,
    edges: record.edges,
    unchanged: record.unchanged,
    lines: record.lines,
    errors: record.errors,
    validateRecords: record.validateRecords,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}
