import type { GraphStore, RecordChunk } from '../ports/graph-store';

/** Records read per page by `pagedRecords`. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * `GraphStore.exportRecords` for an engine without snapshots: the nodes, then the edges,
 * each list read in keyset pages by id (never by offset, so the thousandth page costs what
 * the first does), without counting. A record written meanwhile may or may not be read, as
 * its page comes before or after the write. An edge is left out when one of its ends was
 * not among the nodes read (a node created after its page was read), so the records always
 * import; the ids read are kept for that check, about 100 bytes a node.
 */
export async function* pagedRecords(
  store: Pick<GraphStore, 'listNodes' | 'listEdges'>,
  workspaceId: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<RecordChunk, void, undefined> {
  const nodeIds = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await store.listNodes(workspaceId, {}, [], {
      limit: pageSize,
      offset: 0,
      count: false,
      ...(after === undefined ? {} : { after: { values: [], id: after } }),
    });
    if (page.items.length === 0) {
      break;
    }
    for (const node of page.items) {
      nodeIds.add(node.id);
    }
    after = page.items[page.items.length - 1]?.id;
    yield { kind: 'node', items: page.items };
    if (page.items.length < pageSize) {
      break;
    }
  }
  after = undefined;
  for (;;) {
    const page = await store.listEdges(workspaceId, {}, [], {
      limit: pageSize,
      offset: 0,
      count: false,
      ...(after === undefined ? {} : { after: { values: [], id: after } }),
    });
    if (page.items.length === 0) {
      break;
    }
    after = page.items[page.items.length - 1]?.id;
    const items = page.items.filter(
      (edge) => nodeIds.has(edge.sourceId) && nodeIds.has(edge.targetId),
    );
    if (items.length > 0) {
      yield { kind: 'edge', items };
    }
    if (page.items.length < pageSize) {
      break;
    }
  }
}
