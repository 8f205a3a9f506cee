import { toStoredImport, type ImportRecord } from '../../domain/imports';
import type { ManagedTransaction } from 'neo4j-driver';
import type { UnitOfWork } from '../../ports/graph-store';
import { readImport } from '../../ports/import-records';
import type { ImportStore } from '../../ports/import-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { Neo4jClient } from './client';
import { transactionOf } from './graph-writer';
import { nodeFields } from './record-fields';
import { countField, mapField, readPage, runAll, runOne } from './statement';
import {
  IMPORT_COUNT,
  IMPORT_CREATE,
  IMPORT_GET,
  IMPORT_LIST,
  IMPORT_UPDATE,
} from './statements/imports';
import { toDateTime, toInt } from './values';

/** The parameters of a record's progress: counts as Neo4j integers, instants as DateTime. */
function progressOf(record: ImportRecord) {
  const stored = toStoredImport(record);
  return {
    status: stored.status,
    nodes: toInt(stored.nodes),
    edges: toInt(stored.edges),
    unchanged: toInt(stored.unchanged),
    lines: toInt(stored.lines),
    errors: stored.errors,
    finishedAt: stored.finishedAt === null ? null : toDateTime(stored.finishedAt),
  };
}

async function updateRecord(
  tx: ManagedTransaction,
  workspaceId: string,
  record: ImportRecord,
): Promise<void> {
  const result = await runOne(tx, IMPORT_UPDATE, {
    workspaceId,
    id: record.id,
    ...progressOf(record),
  });
  if (countField(result, 'updated') !== 1) {
    throw new Error(`Import ${record.id} not found in this workspace.`);
  }
}

/** Import records in Neo4j, as `(:_Import)` nodes. */
export class Neo4jImportStore implements ImportStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(workspaceId: string, record: ImportRecord): Promise<void> {
    await this.client.write((tx) =>
      runAll(tx, IMPORT_CREATE, {
        workspaceId,
        id: record.id,
        actorId: record.actorId,
        validateRecords: record.validateRecords,
        startedAt: toDateTime(record.startedAt),
        ...progressOf(record),
      }),
    );
  }

  async update(workspaceId: string, record: ImportRecord): Promise<void> {
    await this.client.write((tx) => updateRecord(tx, workspaceId, record));
  }

  updateIn(uow: UnitOfWork, workspaceId: string, record: ImportRecord): Promise<void> {
    return updateRecord(transactionOf(uow, this.client, workspaceId), workspaceId, record);
  }

  get(workspaceId: string, id: string): Promise<ImportRecord | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, IMPORT_GET, { workspaceId, id });
      return record ? readImport(nodeFields(mapField(record, 'record'))) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ImportRecord>> {
    return this.client.read((tx) =>
      readPage(tx, { count: IMPORT_COUNT, list: IMPORT_LIST }, { workspaceId }, page, (r) =>
        readImport(nodeFields(mapField(r, 'record'))),
      ),
    );
  }
}
