import { fromStoredImport, type ImportRecord } from '../domain/imports';
import type { RecordFields } from './record-fields';

/**
 * The mapping from a stored import record to the domain's, shared by every engine: each
 * engine only reads its fields (`RecordFields`); `fromStoredImport` checks what they hold.
 */
export function readImport(r: RecordFields): ImportRecord {
  return fromStoredImport({
    id: r.text('id'),
    actorId: r.text('actorId'),
    status: r.text('status'),
    nodes: r.number('nodes'),
    edges: r.number('edges'),
    unchanged: r.number('unchanged'),
    lines: r.number('lines'),
    errors: r.text('errors'),
    // Records written before the field existed were all validated.
    validateRecords: r.flag('validateRecords', true),
    startedAt: r.time('startedAt'),
    finishedAt: r.optionalTime('finishedAt'),
  });
}
