import type { ManagedTransaction } from 'neo4j-driver';
import type { LiveDataSource } from '../../domain/live-data';
import type { UnitOfWork } from '../../ports/graph-store';
import { readLiveDataSource } from '../../ports/live-data-source-records';
import type { LiveDataSourceStore, SourceFilter } from '../../ports/live-data-source-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { Neo4jClient } from './client';
import { transactionOf } from './graph-writer';
import { nodeFields } from './record-fields';
import { mapField, readPage, runAll, runOne } from './statement';
import {
  LIVE_SOURCE_COUNT,
  LIVE_SOURCE_CREATE,
  LIVE_SOURCE_GET,
  LIVE_SOURCE_GET_MANY,
  LIVE_SOURCE_LIST,
} from './statements/live-data';
import { toDateTime } from './values';

function toSource(stored: Record<string, unknown>): LiveDataSource {
  return readLiveDataSource(nodeFields(stored));
}

function insertSource(tx: ManagedTransaction, workspaceId: string, source: LiveDataSource) {
  return runAll(tx, LIVE_SOURCE_CREATE, {
    workspaceId,
    id: source.id,
    name: source.name,
    unit: source.unit,
    description: source.description,
    entityId: source.entityId,
    createdAt: toDateTime(source.createdAt),
  });
}

/** Live data source records in Neo4j, as `(:_LiveDataSource)` nodes. */
export class Neo4jLiveDataSourceStore implements LiveDataSourceStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(workspaceId: string, source: LiveDataSource): Promise<void> {
    await this.client.write((tx) => insertSource(tx, workspaceId, source));
  }

  async createIn(uow: UnitOfWork, workspaceId: string, source: LiveDataSource): Promise<void> {
    await insertSource(transactionOf(uow, this.client, workspaceId), workspaceId, source);
  }

  get(workspaceId: string, id: string): Promise<LiveDataSource | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, LIVE_SOURCE_GET, { workspaceId, id });
      return record ? toSource(mapField(record, 'source')) : null;
    });
  }

  getMany(workspaceId: string, ids: readonly string[]): Promise<LiveDataSource[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.client.read(async (tx) => {
      const records = await runAll(tx, LIVE_SOURCE_GET_MANY, { workspaceId, ids: [...ids] });
      return records.map((r) => toSource(mapField(r, 'source')));
    });
  }

  list(
    workspaceId: string,
    filter: SourceFilter,
    page: PageRequest,
  ): Promise<Page<LiveDataSource>> {
    const entityId = filter.entityId ?? null;
    return this.client.read((tx) =>
      readPage(
        tx,
        { count: LIVE_SOURCE_COUNT, list: LIVE_SOURCE_LIST },
        { workspaceId, entityId },
        page,
        (r) => toSource(mapField(r, 'source')),
      ),
    );
  }
}
