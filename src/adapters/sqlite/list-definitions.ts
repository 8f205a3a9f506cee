import type { EdgeSortField, NodeSortField } from '../../domain/graph';
import type { PropertyIndexes } from '../../filters/indexes';
import type { ListDefinition } from './graph-list-query';
import { EDGE_COLUMNS, NODE_COLUMNS } from './graph-rows';

/**
 * The node and edge lists of the embedded store: their columns, filterable fields and
 * sortable fields. Shared by the store's own reader and the list threads (list-thread.ts),
 * so that both compile a request to the same statement.
 */
export function nodeListDefinition(indexes: PropertyIndexes): ListDefinition<NodeSortField> {
  return {
    table: 'graph_nodes',
    columns: NODE_COLUMNS,
    fields: {
      own: {
        id: 'id',
        name: 'name',
        entityType: 'entity_type',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
        version: 'version',
      },
      properties: 'properties',
      indexedKeys: new Set(indexes.node),
    },
    sortColumns: {
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      name: 'name',
      entityType: 'entity_type',
    },
    countAll: 'SELECT nodes FROM graph_counts WHERE workspace_id = @workspaceId',
    typeField: 'entityType',
    countOfTypes: `SELECT coalesce(sum(records), 0) FROM graph_type_counts
      WHERE workspace_id = @workspaceId AND kind = 'node'
        AND type IN (SELECT value FROM json_each(@types))`,
  };
}

export function edgeListDefinition(indexes: PropertyIndexes): ListDefinition<EdgeSortField> {
  return {
    table: 'graph_edges',
    columns: EDGE_COLUMNS,
    // nodeId (either end) is an OR of two indexed columns: SQLite answers it with both
    // traversal indexes.
    fields: {
      own: {
        id: 'id',
        type: 'type',
        sourceId: 'source_id',
        targetId: 'target_id',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
        version: 'version',
      },
      properties: 'properties',
      indexedKeys: new Set(indexes.edge),
    },
    sortColumns: { createdAt: 'created_at', updatedAt: 'updated_at', type: 'type' },
    countAll: 'SELECT edges FROM graph_counts WHERE workspace_id = @workspaceId',
    typeField: 'type',
    countOfTypes: `SELECT coalesce(sum(records), 0) FROM graph_type_counts
      WHERE workspace_id = @workspaceId AND kind = 'edge'
        AND type IN (SELECT value FROM json_each(@types))`,
  };
}
