import { NotFoundError } from '../errors';
import type { GraphStore } from '../ports/graph-store';
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

/**
 * The lines of a workspace's export (see `format.ts`): header, types, ontology settings,
 * nodes, edges, end. The records come from `GraphStore.exportRecords` (one snapshot on the
 * embedded store), chunk by chunk, so a caller can write them out without holding the
 * workspace in memory.
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
  let edges = 0;
  for await (const chunk of stores.graph.exportRecords(workspaceId)) {
    if (chunk.kind === 'node') {
      nodes += chunk.items.length;
      for (const node of chunk.items) {
        yield nodeLineOf(node);
      }
    } else {
      edges += chunk.items.length;
      for (const edge of chunk.items) {
        yield edgeLineOf(edge);
      }
    }
  }
  yield { kind: 'end', nodes, edges, types: ontology.types.length };
}
