import {
  EDGE_SORT_FIELDS,
  NODE_SORT_FIELDS,
  type Direction,
  type GraphEdge,
  type GraphNode,
} from '../domain/graph';
import { NotFoundError } from '../errors';
import { edgeFilterTree, nodeFilterTree } from '../filters/shorthands';
import type { EdgeFilter, GraphStore, Neighborhood, NodeFilter } from '../ports/graph-store';
import { pageOfList, type ListPaging, type ListResult } from './list-paging';
import { parseSort } from './parse-sort';

/** Upper bound on the nodes a neighbourhood returns (docs/ontology.md). */
export const MAX_NEIGHBORHOOD_NODES = 500;

/** The read side of the ontology, always confined to one workspace. */
export class GraphQueries {
  constructor(private readonly store: GraphStore) {}

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
  ): Promise<ListResult<GraphNode>> {
    const keys = parseSort(sort, NODE_SORT_FIELDS);
    return pageOfList('node', nodeFilterTree(filter), keys, paging, (page) =>
      this.store.listNodes(workspaceId, filter, keys, page),
    );
  }

  /** A page of edges by offset or cursor. */
  async listEdges(
    workspaceId: string,
    filter: EdgeFilter,
    sort: string | undefined,
    paging: ListPaging,
  ): Promise<ListResult<GraphEdge>> {
    const keys = parseSort(sort, EDGE_SORT_FIELDS);
    return pageOfList('edge', edgeFilterTree(filter), keys, paging, (page) =>
      this.store.listEdges(workspaceId, filter, keys, page),
    );
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
