/**
 * Imports through the API (POST /api/imports, docs/ontology.md "Bulk import"): an NDJSON
 * upload applied into the caller's workspace in chunked transactions, with a record of its
 * progress that can be read while it runs.
 */

export const IMPORT_STATUSES = ['running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A problem that stopped an import: the 1-based line it was found on, and what it was. */
export interface ImportError {
  line: number;
  message: string;
}

/** The record of one import, as the API shows it. */
export interface ImportRecord {
  id: string;
  /** Who started it (the actor of the credential). */
  actorId: string;
  status: ImportStatus;
  /** Nodes and edges written (committed) so far. */
  nodes: number;
  edges: number;
  /** Records skipped because the workspace already held them exactly as in the file. */
  unchanged: number;
  /** Lines read and committed so far (blank lines included). */
  lines: number;
  /** The problem that stopped a failed import (one: the first stops it); empty otherwise. */
  errors: ImportError[];
  /**
   * Whether records were held to their types' rules; false for an import started with
   * `validateRecords=false` (records written as the upload has them).
   */
  validateRecords: boolean;
  startedAt: string;
  finishedAt: string | null;
}

/**
 * An import record as both engines store it: scalar fields, `errors` as JSON text. Each
 * adapter only reads and writes these fields; the mapping lives here once.
 */
export interface StoredImport {
  id: string;
  actorId: string;
  status: string;
  nodes: number;
  edges: number;
  unchanged: number;
  lines: number;
  errors: string;
  validateRecords: boolean;
  startedAt: string;
  finishedAt: string | null;
}

function isStatus(value: string): value is ImportStatus {
  return (IMPORT_STATUSES as readonly string[]).includes(value);
}

/** The stored fields of `record`. */
export function toStoredImport(record: ImportRecord): StoredImport {
  return { ...record, errors: JSON.stringify(record.errors) };
}

/** The record of stored fields; throws on a status no version of the service writes. */
export function fromStoredImport(stored: StoredImport): ImportRecord {
  if (!isStatus(stored.status)) {
    throw new TypeError(`Stored import ${stored.id} has an unknown status: ${stored.status}`);
  }
  return {
    id: stored.id,
    actorId: stored.actorId,
    status: stored.status,
    nodes: stored.nodes,
    edges: stored.edges,
    unchanged: stored.unchanged,
    lines: stored.lines,
    errors: JSON.parse(stored.errors) as ImportError[],
    validateRecords: stored.validateRecords,
    startedAt: stored.startedAt,
    finishedAt: stored.finishedAt,
  };
}
