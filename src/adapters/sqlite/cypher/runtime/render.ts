import type { Database } from 'better-sqlite3';
import type { CyType } from '../../../../cypher/types';
import type { GraphEdge, GraphNode } from '../../../../domain/graph';
import { edgesByIds, nodesByIds } from '../../graph-rows';

/** An answer past a result limit (run-query.ts: MAX_RESULT_RECORDS, MAX_RESULT_BYTES). */
export class ResultTooLargeError extends Error {
  constructor(
    readonly limit: 'resultRecords' | 'resultBytes',
    readonly max: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Turns SQL result cells into the API's JSON (docs/cypher.md, "Results"), guided by each
 * column's static type and the representation of representation.ts: a node id becomes the
 * node record (as GET /api/queries/nodes/{id} shows it), a relationship id the edge record,
 * a path `{ nodes, relationships }`, 1/0 of a boolean true/false, JSON text its value.
 * Records are read by id in one statement per kind, in the same read transaction.
 */
export function renderRows(
  db: Database,
  workspaceId: string,
  types: readonly CyType[],
  rows: readonly unknown[][],
  maxRecords = Number.POSITIVE_INFINITY,
): unknown[][] {
  const refs = { nodes: new Set<string>(), edges: new Set<string>() };
  const decoded = rows.map((row) => row.map((cell, i) => decode(cell, types[i]!, true, refs)));
  if (refs.nodes.size + refs.edges.size > maxRecords) {
    throw new ResultTooLargeError(
      'resultRecords',
      maxRecords,
      `The answer holds ${refs.nodes.size + refs.edges.size} distinct nodes and relationships; at most ${maxRecords} are rendered in one answer: return fewer (LIMIT, or collect ids or properties instead of whole records)`,
    );
  }
  // A statement is prepared only for a kind the answer holds (most answers hold none).
  const nodes = nodesByIds(db, workspaceId, refs.nodes);
  const edges = edgesByIds(db, workspaceId, refs.edges);
  return decoded.map((row) => row.map((cell) => resolve(cell, nodes, edges)));
}

/** A node or relationship to be replaced by its record. */
class Ref {
  constructor(
    readonly kind: 'node' | 'edge',
    readonly id: string,
  ) {}
}

interface Refs {
  nodes: Set<string>;
  edges: Set<string>;
}

function parsed(value: unknown, top: boolean): unknown {
  return top && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

function decode(value: unknown, type: CyType, top: boolean, refs: Refs): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  switch (type.kind) {
    case 'boolean':
      return value === true || value === 1;
    case 'node':
    case 'relationship': {
      // SQLite hands back an id as text (or, for a number-like id, a number).
      const id = typeof value === 'string' ? value : JSON.stringify(value);
      const kind = type.kind === 'node' ? 'node' : 'edge';
      (kind === 'node' ? refs.nodes : refs.edges).add(id);
      return new Ref(kind, id);
    }
    case 'path': {
      const [nodes = [], relationships = []] = parsed(value, top) as [unknown[], unknown[]];
      return {
        nodes: nodes.map((id) => decode(id, { kind: 'node' }, false, refs)),
        relationships: relationships.map((id) => decode(id, { kind: 'relationship' }, false, refs)),
      };
    }
    case 'list': {
      const items = parsed(value, top);
      return Array.isArray(items) ? items.map((item) => decode(item, type.of, false, refs)) : items;
    }
    case 'map': {
      const map = parsed(value, top);
      if (type.fields === null || typeof map !== 'object' || map === null) {
        return map;
      }
      // fromEntries defines each key, `__proto__` too, where assigning would set a prototype.
      const fields = type.fields;
      return Object.fromEntries(
        Object.entries(map).map(([key, item]) => [
          key,
          decode(
            item,
            (Object.hasOwn(fields, key) ? fields[key] : undefined) ?? { kind: 'any' },
            false,
            refs,
          ),
        ]),
      );
    }
    case 'any':
    case 'properties':
      return parsed(value, top);
    default:
      return value;
  }
}

function resolve(
  value: unknown,
  nodes: Map<string, GraphNode>,
  edges: Map<string, GraphEdge>,
): unknown {
  if (value instanceof Ref) {
    return (value.kind === 'node' ? nodes.get(value.id) : edges.get(value.id)) ?? null;
  }
  if (Array.isArray(value)) {
    return value.map((item) => resolve(item, nodes, edges));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, nodes, edges)]),
    );
  }
  return value;
}
