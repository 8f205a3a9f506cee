import type { GraphEdge, GraphNode, RecordKind } from '../domain/graph';
import type { ValidationIssue } from '../errors';
import type { UnitOfWork } from '../ports/graph-store';
import { yieldToEventLoop } from '../yield-to-event-loop';
import type { CompiledRelationshipType, CompiledType } from './compiled-schema';

/** Records read per page of a type scan. */
const PAGE = 500;
/** Records named in a conflict's `sample`. */
export const SAMPLE_SIZE = 10;

/** A record that breaks a type, with every way it does. */
export interface RecordViolation {
  kind: RecordKind;
  id: string;
  issues: ValidationIssue[];
}

/** What a scan of a type's records found: how many break it, and the first few. */
export interface ExistingReport {
  violations: number;
  sample: RecordViolation[];
}

/** How a scan runs: whether it reports violations, and whether it rebuilds the unique index. */
export interface ScanOptions {
  /** Report every way a record breaks the type; without it, only shared unique values. */
  report: boolean;
  /** Drop the type's unique values first and claim them again, record by record (by id). */
  rebuildUnique: boolean;
}

class Collector implements ExistingReport {
  violations = 0;
  sample: RecordViolation[] = [];

  add(kind: RecordKind, id: string, issues: ValidationIssue[]): void {
    if (issues.length === 0) {
      return;
    }
    this.violations += 1;
    if (this.sample.length < SAMPLE_SIZE) {
      this.sample.push({ kind, id, issues });
    }
  }

  toJSON(): ExistingReport {
    return { violations: this.violations, sample: this.sample };
  }
}

/** Every page of records of a type, in id order. */
async function* pages<R extends { id: string }>(
  read: (afterId: string | null) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) {
      yield page;
    }
    if (page.length < PAGE) {
      return;
    }
    after = page[page.length - 1]!.id;
  }
}

/** Claims the record's unique values; a value another record holds is an issue. */
async function claimAll(
  uow: UnitOfWork,
  kind: RecordKind,
  type: CompiledType,
  record: GraphNode | GraphEdge,
  issues: ValidationIssue[],
): Promise<void> {
  for (const key of type.uniqueKeys(record.properties)) {
    const holder = await uow.ontology.claimUnique({
      kind,
      typeName: type.stored.name,
      ...key,
      recordId: record.id,
    });
    if (holder !== record.id) {
      issues.push({
        path: `properties.${key.property}`,
        message: `must be unique among ${type.stored.name} ${kind}s; ${kind} ${holder} holds the same value`,
      });
    }
  }
}

/**
 * Checks every node of an entity type against its (new) definition, inside the transaction
 * that changes the type, and rebuilds the type's unique index when asked.
 */
export async function scanNodes(
  uow: UnitOfWork,
  type: CompiledType,
  options: ScanOptions,
): Promise<ExistingReport> {
  const name = type.stored.name;
  const found = new Collector();
  if (options.rebuildUnique) {
    await uow.ontology.clearUnique('node', name);
  }
  for await (const page of pages((after) => uow.graph.nodesOfType(name, after, PAGE))) {
    for (const node of page) {
      const issues: ValidationIssue[] = [];
      if (options.report) {
        type.checkProperties(node.properties, issues);
      }
      // A value another record holds is a violation even when nothing else is reported.
      await claimAll(uow, 'node', type, node, issues);
      found.add('node', node.id, issues);
    }
    // Other requests are answered between two pages: the scan runs inside the type
    // change's transaction, and a page checked against costly patterns takes a while.
    await yieldToEventLoop();
  }
  return found.toJSON();
}

/**
 * Checks every edge of a relationship type: properties, the entity types of its ends and
 * its cardinality (the second and later edges at a `one` end are the violations).
 */
export async function scanEdges(
  uow: UnitOfWork,
  type: CompiledRelationshipType,
  options: ScanOptions,
): Promise<ExistingReport> {
  const name = type.stored.name;
  const found = new Collector();
  if (options.rebuildUnique) {
    await uow.ontology.clearUnique('edge', name);
  }
  const entityTypes = new Map<string, string | null>();
  const entityTypeOf = async (id: string) => {
    if (!entityTypes.has(id)) {
      entityTypes.set(id, (await uow.graph.getNode(id))?.entityType ?? null);
    }
    return entityTypes.get(id) ?? null;
  };
  const seenAt = { source: new Map<string, string>(), target: new Map<string, string>() };
  for await (const page of pages((after) => uow.graph.edgesOfType(name, after, PAGE))) {
    for (const edge of page) {
      const issues: ValidationIssue[] = [];
      if (options.report) {
        type.checkProperties(edge.properties, issues);
        for (const end of ['source', 'target'] as const) {
          const nodeId = end === 'source' ? edge.sourceId : edge.targetId;
          const allowed = type.ends[end];
          const actual = allowed ? await entityTypeOf(nodeId) : null;
          if (allowed && actual !== null && !allowed.has(actual)) {
            issues.push({
              path: `${end}Id`,
              message: `must be a node of type ${[...allowed].join(' or ')}; ${nodeId} is a ${actual}`,
            });
          }
          if (type.cardinality[end] === 'one') {
            const first = seenAt[end].get(nodeId);
            if (first === undefined) {
              seenAt[end].set(nodeId, edge.id);
            } else {
              issues.push({
                path: `${end}Id`,
                message: `${nodeId} already has ${name} edge ${first} at its ${end} end (cardinality.${end}: one)`,
              });
            }
          }
        }
      }
      await claimAll(uow, 'edge', type, edge, issues);
      found.add('edge', edge.id, issues);
    }
    await yieldToEventLoop();
  }
  return found.toJSON();
}
