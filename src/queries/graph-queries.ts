import {
  EDGE_SORT_FIELDS,
  NODE_SORT_FIELDS,
  type Direction,
  type GraphEdge,
  type GraphNode,
} from '../domain/graph';
import { NotFoundError } from '../errors';
import { edgeFilterTree, nodeFilterTree } from '../filters/shorthands';
import type { ChangeLogStore } from '../ports/change-log';
import type { EdgeFilter, GraphStore, Neighborhood, NodeFilter } from '../ports/graph-store';
import { pageOfList, type ListPaging, type ListResult } from './list-paging';
import { parseSort } from './parse-sort';

/** Upper bound on the nodes a neighbourhood returns (docs/ontology.md). */
export const MAX_NEIGHBORHOOD_NODES = 500;

/** Attempts at a list page that no commit overtook (see `withEventCursor`). */
const EVENT_CURSOR_TRIES = 3;

/** A list page with the change-feed cursor it was read at, when the feed is on. */
export type ListWithCursor<T> = ListResult<T> & { eventCursor?: string };

/** The read side of the ontology, always confined to one workspace. */
export class GraphQueries {
  /**
   * @param changeLog when given, every list page also says the cursor of the change feed
   *   it reflects (`eventCursor`), so a client can follow the feed from exactly there.
   */
  constructor(
    private readonly store: GraphStore,
    private readonly changeLog?: Pick<ChangeLogStore, 'bounds'>,
  ) {}

  async getNode(workspaceId: string, id: string): Promise<GraphNode> {
    const node = await this.store.getNode(workspaceId, id);
    if (!node) {
      throw new NotFoundError(`Node ${id} not found.`, { kind: 'node', id });
    }
    return node;
  }

  async getEdge(workspaceId: string, id: string): Promise<GraphEdge> {
    const edge = await this.store.getEdge(workspaceId, id);
    if (!edge) {
      throw new NotFoundError(`Edge ${id} not found.`, { kind: 'edge', id });
    }
    return edge;
  }

  /** A page of nodes by offset or cursor (see `pageOfList`), the filter already validated. */
  async listNodes(
    workspaceId: string,
    filter: NodeFilter,
    sort: string | undefined,
    paging: ListPaging,
  ): Promise<ListWithCursor<GraphNode>> {
    const keys = parseSort(sort, NODE_SORT_FIELDS);
    return this.withEventCursor(workspaceId, () =>
      pageOfList('node', nodeFilterTree(filter), keys, paging, (page) =>
        this.store.listNodes(workspaceId, filter, keys, page),
      ),
    );
  }

  /** A page of edges by offset or cursor. */
  async listEdges(
    workspaceId: string,
    filter: EdgeFilter,
    sort: string | undefined,
    paging: ListPaging,
  ): Promise<ListWithCursor<GraphEdge>> {
    const keys = parseSort(sort, EDGE_SORT_FIELDS);
    return this.withEventCursor(workspaceId, () =>
      pageOfList('edge', edgeFilterTree(filter), keys, paging, (page) =>
        this.store.listEdges(workspaceId, filter, keys, page),
      ),
    );
  }

  /**
   * Reads a page between two looks at the head of the workspace's change log. When both
   * saw the same head, no change committed while the page was read, so the page shows the
   * data exactly as of that cursor: following the feed from it misses nothing and repeats
   * nothing. When a commit came between, the page is read again (a few times); after that
   * the cursor from before the read is given, which misses nothing (an event after it may
   * repeat what the page already shows; its `after.version` tells).
   */
  private async withEventCursor<T>(
    workspaceId: string,
    read: () => Promise<ListResult<T>>,
  ): Promise<ListWithCursor<T>> {
    const changeLog = this.changeLog;
    if (!changeLog) {
      return read();
    }
    let result: ListResult<T> | undefined;
    let before = 0;
    for (let attempt = 0; attempt < EVENT_CURSOR_TRIES; attempt += 1) {
      before = (await changeLog.bounds(workspaceId)).head;
      result = await read();
      const after = (await changeLog.bounds(workspaceId)).head;
      if (after === before) {
        break;
      }
    }
    return { ...(result as ListResult<T>), eventCursor: String(before) };
  }

  async neighbors(
    workspaceId: string,
    id: string,
    options: { depth: number; direction: Direction; types: string[] },
  ): Promise<Neighborhood> {
    const result = await this.store.neighborhood(workspaceId, id, {
      ...options,
      maxNodes: MAX_NEIGHBORHOOD_NODES,
    });
    if (!result) {
      throw new NotFoundError(`Node ${id} not found.`, { kind: 'node', id });
    }
    return result;
  }
}
