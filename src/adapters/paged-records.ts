import type { GraphStore, ListPage, ListPageRequest, RecordChunk } from '../ports/graph-store';

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
  for await (const items of keysetPages(
    (page) => store.listNodes(workspaceId, {}, [], page),
    pageSize,
  )) {
    for (const node of items) {
      nodeIds.add(node.id);
    }
    yield { kind: 'node', items };
  }
  for await (const page of keysetPages((p) => store.listEdges(workspaceId, {}, [], p), pageSize)) {
    const items = page.filter((edge) => nodeIds.has(edge.sourceId) && nodeIds.has(edge.targetId));
    if (items.length > 0) {
      yield { kind: 'edge', items };
    }
  }
}

/** The non-empty pages of a list in id order, each read after the last id of the one before. */
async function* keysetPages<T extends { id: string }>(
  read: (page: ListPageRequest) => Promise<ListPage<T>>,
  pageSize: number,
): AsyncGenerator<T[], void, undefined> {
  let after: string | undefined;
  for (;;) {
    const { items } = await read({
      limit: pageSize,
      offset: 0,
      count: false,
      ...(after === undefined ? {} : { after: { values: [], id: after } }),
    });
    if (items.length === 0) {
      return;
    }
    yield items;
    if (items.length < pageSize) {
      return;
    }
    after = items[items.length - 1]?.id;
  }
}
