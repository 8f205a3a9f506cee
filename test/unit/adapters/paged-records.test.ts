import { pagedRecords } from '../../../src/adapters/paged-records';
import type { GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { ListPageRequest, RecordChunk } from '../../../src/ports/graph-store';
import { makeEdge, makeNode } from '../../contract/graph-store/fixtures';

const node = (id: string) => makeNode({ id, entityType: 'Thing', name: id });
const edge = (id: string, sourceId: string, targetId: string) =>
  makeEdge(node(sourceId), node(targetId), { id, type: 'LINKS' });

/** A list store over arrays, recording every page request it is asked. */
function fakeStore(nodes: GraphNode[], edges: GraphEdge[]) {
  const requests: ListPageRequest[] = [];
  const page = <R extends { id: string }>(items: R[], request: ListPageRequest) => {
    requests.push(request);
    const after = request.after?.id;
    const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
    const from = after === undefined ? sorted : sorted.filter((item) => item.id > after);
    return Promise.resolve({ items: from.slice(0, request.limit), total: null });
  };
  return {
    requests,
    listNodes: (_ws: string, _f: unknown, _s: unknown, request: ListPageRequest) =>
      page(nodes, request),
    listEdges: (_ws: string, _f: unknown, _s: unknown, request: ListPageRequest) =>
      page(edges, request),
  };
}

async function collect(chunks: AsyncIterable<RecordChunk>, between?: () => void) {
  const out: { kind: string; ids: string[] }[] = [];
  for await (const chunk of chunks) {
    out.push({ kind: chunk.kind, ids: chunk.items.map((item) => item.id) });
    between?.();
  }
  return out;
}

describe('pagedRecords (exports on an engine without snapshots)', () => {
  it('reads keyset pages after the last id, never by offset and never counting', async () => {
    const store = fakeStore(['a', 'b', 'c', 'd', 'e'].map(node), [
      edge('e1', 'a', 'b'),
      edge('e2', 'b', 'c'),
      edge('e3', 'c', 'd'),
    ]);
    expect(await collect(pagedRecords(store, 'ws', 2))).toEqual([
      { kind: 'node', ids: ['a', 'b'] },
      { kind: 'node', ids: ['c', 'd'] },
      { kind: 'node', ids: ['e'] },
      { kind: 'edge', ids: ['e1', 'e2'] },
      { kind: 'edge', ids: ['e3'] },
    ]);
    expect(store.requests.every((r) => r.offset === 0 && r.count === false)).toBe(true);
    expect(store.requests.map((r) => r.after?.id)).toEqual([undefined, 'b', 'd', undefined, 'e2']);
  });

  it('asks for one more page when the last one was full, and stops at an empty one', async () => {
    const store = fakeStore(['a', 'b'].map(node), []);
    expect(await collect(pagedRecords(store, 'ws', 2))).toEqual([
      { kind: 'node', ids: ['a', 'b'] },
    ]);
    expect(store.requests.map((r) => r.after?.id)).toEqual([undefined, 'b', undefined]);
  });

  it('leaves out edges to nodes created behind its position, and keeps those it read', async () => {
    const nodes = ['b', 'c', 'd'].map(node);
    const edges = [edge('e1', 'b', 'c')];
    const store = fakeStore(nodes, edges);
    let wrote = false;
    const out = await collect(pagedRecords(store, 'ws', 2), () => {
      if (!wrote) {
        wrote = true;
        // Written after the first page: 'a' sorts before the position, 'z' after it.
        nodes.push(node('a'), node('z'));
        edges.push(edge('e2', 'a', 'b'), edge('e3', 'b', 'z'), edge('e4', 'z', 'a'));
      }
    });
    expect(out).toEqual([
      { kind: 'node', ids: ['b', 'c'] },
      { kind: 'node', ids: ['d', 'z'] },
      { kind: 'edge', ids: ['e1'] },
      { kind: 'edge', ids: ['e3'] },
    ]);
  });
});
