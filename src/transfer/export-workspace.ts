import type { GraphEdge, GraphNode } from '../domain/graph';
import { ConflictError, NotFoundError } from '../errors';
import type { GraphStore, ListPage } from '../ports/graph-store';
import type { PageRequest } from '../ports/paging';
import type { WorkspaceStore } from '../ports/workspace-store';
import type { OntologyService } from '../ontology/ontology-service';
import {
  edgeLineOf,
  headerOf,
  nodeLineOf,
  ontologyLineOf,
  typeLineOf,
  type ExportLine,
} from './format';

/** The stores a transfer reads or writes: whichever engine is configured. */
export interface TransferStores {
  workspaces: WorkspaceStore;
  graph: GraphStore;
  /**
   * The ontology's types and settings, exported before the records and imported first, and
   * the checks of imported records against them.
   */
  ontology: OntologyService;
}

/** Records read per list call. */
const PAGE_SIZE = 500;

/**
 * Every record of one list, in id order (the lists' default), refusing to go on if the
 * list changes underneath (a page's total differs, or an id comes twice): an export is
 * meant for a workspace nobody writes to meanwhile.
 */
async function* everything<T extends { id: string }>(
  kind: string,
  read: (page: PageRequest) => Promise<ListPage<T>>,
): AsyncGenerator<T> {
  const seen = new Set<string>();
  let expected: number | null | undefined;
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await read({ limit: PAGE_SIZE, offset });
    if (expected === undefined) {
      expected = page.total;
    }
    if (page.total !== expected) {
      throw changedDuringExport(kind);
    }
    for (const item of page.items) {
      if (seen.has(item.id)) {
        throw changedDuringExport(kind);
      }
      seen.add(item.id);
      yield item;
    }
    if (page.items.length < PAGE_SIZE) {
      break;
    }
  }
  if (seen.size !== expected) {
    throw changedDuringExport(kind);
  }
}

function changedDuringExport(kind: string): ConflictError {
  return new ConflictError(
    `The workspace's ${kind}s changed during the export; run it again while nothing writes to the workspace.`,
  );
}

/**
 * The lines of a workspace's export (see `format.ts`): header, types, ontology settings,
 * nodes, edges, end. Lines are produced page by page, so a caller can write them out without
 * holding the workspace.
 */
export async function* exportWorkspace(
  stores: TransferStores,
  workspaceId: string,
  exportedAt: string,
): AsyncGenerator<ExportLine> {
  const workspace = await stores.workspaces.get(workspaceId);
  if (!workspace) {
    throw new NotFoundError(`Workspace ${workspaceId} not found.`, { id: workspaceId });
  }
  yield headerOf(workspace, exportedAt);
  const ontology = await stores.ontology.read(workspaceId);
  for (const type of ontology.types) {
    yield typeLineOf(type);
  }
  if (ontology.settings) {
    yield ontologyLineOf(ontology.settings);
  }
  let nodes = 0;
  for await (const node of everything<GraphNode>('node', (page) =>
    stores.graph.listNodes(workspaceId, {}, [], page),
  )) {
    nodes += 1;
    yield nodeLineOf(node);
  }
  let edges = 0;
  for await (const edge of everything<GraphEdge>('edge', (page) =>
    stores.graph.listEdges(workspaceId, {}, [], page),
  )) {
    edges += 1;
    yield edgeLineOf(edge);
  }
  yield { kind: 'end', nodes, edges, types: ontology.types.length };
}
