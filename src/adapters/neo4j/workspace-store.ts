import type { Plan, RateLimits, Workspace } from '../../domain/workspace';
import { ConflictError } from '../../errors';
import type { Page, PageRequest } from '../../ports/paging';
import { readWorkspace } from '../../ports/workspace-records';
import type { NewWorkspace, WorkspaceStore } from '../../ports/workspace-store';
import type { Neo4jClient } from './client';
import { nodeFields } from './record-fields';
import { countField, mapField, readPage, runAll, runOne } from './statement';
import {
  WORKSPACE_COUNT,
  WORKSPACE_COUNT_BY_IDS,
  WORKSPACE_CREATE,
  WORKSPACE_GET,
  WORKSPACE_LIST_ALL,
  WORKSPACE_LIST_BY_IDS,
  WORKSPACE_UPDATE,
} from './statements/system';
import { toDateTime, toInt } from './values';

function toWorkspace(stored: Record<string, unknown>): Workspace {
  return readWorkspace(nodeFields(stored));
}

/** A constraint refused the write: with the `_Workspace.id` constraint, the id is taken. */
function isConstraintViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'Neo.ClientError.Schema.ConstraintValidationFailed'
  );
}

/** Workspaces in Neo4j, as `(:_Workspace)` nodes. */
export class Neo4jWorkspaceStore implements WorkspaceStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(workspace: NewWorkspace): Promise<Workspace> {
    try {
      await this.client.write((tx) =>
        runAll(tx, WORKSPACE_CREATE, {
          id: workspace.id,
          name: workspace.name,
          plan: workspace.plan,
          limitPerMinute: workspace.limits ? toInt(workspace.limits.perMinute) : null,
          limitPerDay: workspace.limits ? toInt(workspace.limits.perDay) : null,
          createdAt: toDateTime(workspace.createdAt),
        }),
      );
    } catch (error) {
      // Two creates of one id racing past WorkspaceService's existence check.
      if (isConstraintViolation(error)) {
        throw new ConflictError(`Workspace ${workspace.id} already exists.`, { id: workspace.id });
      }
      throw error;
    }
    return { ...workspace };
  }

  get(id: string): Promise<Workspace | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, WORKSPACE_GET, { id });
      return record ? toWorkspace(mapField(record, 'workspace')) : null;
    });
  }

  listByIds(ids: readonly string[], page: PageRequest): Promise<Page<Workspace>> {
    if (ids.length === 0) {
      return Promise.resolve({ items: [], total: 0 });
    }
    return this.client.read((tx) =>
      readPage(
        tx,
        { count: WORKSPACE_COUNT_BY_IDS, list: WORKSPACE_LIST_BY_IDS },
        { ids: [...ids] },
        page,
        (r) => toWorkspace(mapField(r, 'workspace')),
      ),
    );
  }

  listAll(page: PageRequest): Promise<Page<Workspace>> {
    return this.client.read((tx) =>
      readPage(tx, { count: WORKSPACE_COUNT, list: WORKSPACE_LIST_ALL }, {}, page, (r) =>
        toWorkspace(mapField(r, 'workspace')),
      ),
    );
  }

  update(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null; name?: string },
  ): Promise<Workspace | null> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, WORKSPACE_UPDATE, {
        id,
        name: changes.name ?? null,
        plan: changes.plan ?? null,
        setLimits: changes.limits !== undefined,
        limitPerMinute: changes.limits ? toInt(changes.limits.perMinute) : null,
        limitPerDay: changes.limits ? toInt(changes.limits.perDay) : null,
      });
      return record ? toWorkspace(mapField(record, 'workspace')) : null;
    });
  }

  count(): Promise<number> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, WORKSPACE_COUNT, {});
      return countField(record, 'total');
    });
  }
}
