import neo4j, { type ManagedTransaction } from 'neo4j-driver';
import type { CyType } from '../../../cypher/types';
import { toEdge, toNode } from '../records';
import { runAll, stringField } from '../statement';
import { NODE_IDS_BY_ELEMENT_IDS } from '../statements/cypher-endpoint';
import { fromDateTime, toNumber } from '../values';

/**
 * Turns the values of a Neo4j result into the API's JSON, as the SQLite engine renders its
 * rows (docs/cypher.md, "Results"): a node becomes its node record, a relationship its
 * edge record (with `sourceId` and `targetId`, the ids of its ends), a path
 * `{ nodes, relationships }`, an INTEGER a number, a DATETIME its `toISOString()` text, a
 * DATE `YYYY-MM-DD`. A relationship's ends are known by Neo4j's element ids only; those not
 * among the nodes of the result are read in the same transaction, from the workspace.
 */
export async function renderRows(
  tx: ManagedTransaction,
  workspaceId: string,
  types: readonly CyType[],
  rows: readonly unknown[][],
): Promise<unknown[][]> {
  const ids = new Map<string, string>();
  const ends = new Set<string>();
  for (const row of rows) {
    for (const cell of row) {
      collect(cell, ids, ends);
    }
  }
  const missing = [...ends].filter((elementId) => !ids.has(elementId));
  if (missing.length > 0) {
    const records = await runAll(tx, NODE_IDS_BY_ELEMENT_IDS, { workspaceId, elementIds: missing });
    for (const record of records) {
      ids.set(stringField(record, 'elementId'), stringField(record, 'id'));
    }
  }
  return rows.map((row) => row.map((cell, i) => render(cell, types[i] ?? { kind: 'any' }, ids)));
}

/** Records the ids of nodes and the element ids of relationships' ends, anywhere in `value`. */
function collect(value: unknown, ids: Map<string, string>, ends: Set<string>): void {
  if (neo4j.isNode(value)) {
    const id: unknown = value.properties.id;
    if (typeof id === 'string') {
      ids.set(value.elementId, id);
    }
  } else if (neo4j.isRelationship(value)) {
    const r = value;
    ends.add(r.startNodeElementId);
    ends.add(r.endNodeElementId);
  } else if (neo4j.isPath(value)) {
    const path = value;
    collect(path.start, ids, ends);
    for (const segment of path.segments) {
      collect(segment.end, ids, ends);
      collect(segment.relationship, ids, ends);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) {
      collect(item, ids, ends);
    }
  } else if (isMap(value)) {
    for (const item of Object.values(value)) {
      collect(item, ids, ends);
    }
  }
}

function isMap(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

function render(value: unknown, type: CyType, ids: ReadonlyMap<string, string>): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  if (neo4j.isNode(value)) {
    return toNode(value.properties);
  }
  if (neo4j.isRelationship(value)) {
    const r = value;
    return toEdge({
      ...r.properties,
      type: r.type,
      sourceId: ids.get(r.startNodeElementId) ?? null,
      targetId: ids.get(r.endNodeElementId) ?? null,
    });
  }
  if (neo4j.isPath(value)) {
    const path = value;
    const nodes = [path.start, ...path.segments.map((s) => s.end)];
    return {
      nodes: nodes.map((n) => render(n, { kind: 'node' }, ids)),
      relationships: path.segments.map((s) =>
        render(s.relationship, { kind: 'relationship' }, ids),
      ),
    };
  }
  if (neo4j.isInt(value)) {
    return toNumber(value);
  }
  if (neo4j.isDateTime(value)) {
    return fromDateTime(value);
  }
  if (neo4j.isDate(value)) {
    return value.toString();
  }
  if (Array.isArray(value)) {
    const of: CyType = type.kind === 'list' ? type.of : { kind: 'any' };
    return value.map((item) => render(item, of, ids));
  }
  if (isMap(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // properties() sets the record's own fields to null, since Cypher cannot drop keys.
      if (type.kind === 'properties' && item === null) {
        continue;
      }
      const fieldType = type.kind === 'map' && type.fields ? type.fields[key] : undefined;
      Object.defineProperty(out, key, {
        value: render(item, fieldType ?? { kind: 'any' }, ids),
        enumerable: true,
      });
    }
    return out;
  }
  if (typeof value === 'object') {
    // Other temporal and spatial values (only written past the service) are shown as text.
    return (value as { toString(): string }).toString();
  }
  return value;
}
