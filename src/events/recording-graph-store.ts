import type { GraphEdge, GraphNode, RecordKind } from '../domain/graph';
import type { Clock } from '../ports/clock';
import {
  wrapTransactions,
  type GraphStore,
  type GraphWriter,
  type InsertResult,
  type TypeCount,
  type UnitOfWork,
  type WriteResult,
} from '../ports/graph-store';
import { ChangeRecorder } from './change-recorder';

/** Told the new head of a workspace's change log once a transaction that wrote events commits. */
export type CommitListener = (workspaceId: string, head: number) => void;

/**
 * A GraphStore whose every transaction records its changes in the workspace's change log
 * (docs/events.md), inside the transaction: each node and edge written through the unit of
 * work's `graph` becomes an event, and `uow.feed` takes attribution and other events. The
 * events are appended just before the work returns, so they commit with it or not at all.
 * Reads pass through unchanged.
 */
export function recordingGraphStore(
  inner: GraphStore,
  clock: Clock,
  onCommit: CommitListener,
): GraphStore {
  return wrapTransactions(
    inner,
    async <T>(workspaceId: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T> => {
      let head = 0;
      const result = await inner.transaction(workspaceId, async (uow) => {
        const recorder = new ChangeRecorder();
        // The same object, so that stores binding work to it (`...In(uow)`) still find it.
        uow.graph = new RecordingGraphWriter(uow.graph, recorder);
        uow.feed = recorder;
        const value = await work(uow);
        const events = recorder.events(new Date(clock.now()).toISOString());
        if (events.length > 0) {
          head = await uow.changes.append(events);
        }
        return value;
      });
      if (head > 0) {
        onCommit(workspaceId, head);
      }
      return result;
    },
  );
}

/** A GraphWriter that tells a recorder what it read and what it changed. */
class RecordingGraphWriter implements GraphWriter {
  constructor(
    private readonly inner: GraphWriter,
    private readonly recorder: ChangeRecorder,
  ) {}

  async getNode(id: string): Promise<GraphNode | null> {
    const node = await this.inner.getNode(id);
    this.recorder.seen('node', id, node);
    return node;
  }

  async getEdge(id: string): Promise<GraphEdge | null> {
    const edge = await this.inner.getEdge(id);
    this.recorder.seen('edge', id, edge);
    return edge;
  }

  async edgesOfNode(id: string): Promise<GraphEdge[]> {
    const edges = await this.inner.edgesOfNode(id);
    for (const edge of edges) {
      this.recorder.seen('edge', edge.id, edge);
    }
    return edges;
  }

  async insertNode(node: GraphNode): Promise<InsertResult> {
    const result = await this.inner.insertNode(node);
    if (result.status === 'ok') {
      this.recorder.changed('node', node.id, null, node);
    }
    return result;
  }

  async insertEdge(edge: GraphEdge): Promise<InsertResult> {
    const result = await this.inner.insertEdge(edge);
    if (result.status === 'ok') {
      this.recorder.changed('edge', edge.id, null, edge);
    }
    return result;
  }

  async insertNodes(nodes: readonly GraphNode[]): Promise<InsertResult[]> {
    const results = await this.inner.insertNodes(nodes);
    results.forEach((result, i) => {
      const node = nodes[i];
      if (result.status === 'ok' && node) {
        this.recorder.changed('node', node.id, null, node);
      }
    });
    return results;
  }

  async insertEdges(edges: readonly GraphEdge[]): Promise<InsertResult[]> {
    const results = await this.inner.insertEdges(edges);
    results.forEach((result, i) => {
      const edge = edges[i];
      if (result.status === 'ok' && edge) {
        this.recorder.changed('edge', edge.id, null, edge);
      }
    });
    return results;
  }

  async replaceNode(node: GraphNode, expectedVersion: number): Promise<WriteResult<GraphNode>> {
    // Writers read a record before they replace it (its version is the condition), so the
    // image before is known; reading it again is the fallback.
    const known = this.recorder.known('node', node.id);
    const before = known === undefined ? await this.inner.getNode(node.id) : known;
    const result = await this.inner.replaceNode(node, expectedVersion);
    if (result.status === 'ok') {
      this.recorder.changed('node', node.id, before, result.record);
    }
    return result;
  }

  async deleteNode(id: string, expectedVersion?: number): Promise<WriteResult<GraphNode>> {
    const result = await this.inner.deleteNode(id, expectedVersion);
    if (result.status === 'ok') {
      this.recorder.changed('node', id, result.record, null);
    }
    return result;
  }

  async deleteEdge(id: string, expectedVersion?: number): Promise<WriteResult<GraphEdge>> {
    const result = await this.inner.deleteEdge(id, expectedVersion);
    if (result.status === 'ok') {
      this.recorder.changed('edge', id, result.record, null);
    }
    return result;
  }

  nodesOfType(entityType: string, afterId: string | null, limit: number): Promise<GraphNode[]> {
    return this.inner.nodesOfType(entityType, afterId, limit);
  }

  edgesOfType(type: string, afterId: string | null, limit: number): Promise<GraphEdge[]> {
    return this.inner.edgesOfType(type, afterId, limit);
  }

  typeCounts(kind: RecordKind): Promise<TypeCount[]> {
    return this.inner.typeCounts(kind);
  }

  countEdgesAt(nodeId: string, end: 'source' | 'target', type: string): Promise<number> {
    return this.inner.countEdgesAt(nodeId, end, type);
  }
}
