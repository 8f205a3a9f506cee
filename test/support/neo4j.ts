import pino from 'pino';
import { Neo4jGraphStore } from '../../src/adapters/neo4j/graph-store';
import { openNeo4jStores, type Neo4jStores } from '../../src/adapters/neo4j/index';
import { loadConfig } from '../../src/config/load-config';
import type { GraphStore } from '../../src/ports/graph-store';
import { SecretBox } from '../../src/secrets/secret-box';
import { KEY_A } from './secrets';

/**
 * Tests against a real Neo4j run when NEO4J_URI (and NEO4J_PASSWORD) are set: by the global
 * set-up, which starts a throwaway Neo4j where Java and Maven are present
 * (test/support/neo4j-server.ts), or from outside (an external server wins). Otherwise they
 * are skipped and say why. They share the server with everything else: each test works in
 * random workspaces and removes only those.
 */
export type Neo4jTarget =
  | {
      available: true;
      /** The stores, sealing secrets with `secrets` (by default SECRETS_KEY, else KEY_A). */
      open(secrets?: SecretBox): Neo4jStores;
    }
  | { available: false; reason: string };

export function neo4jTarget(): Neo4jTarget {
  // The same validated configuration the service reads (nothing else reads process.env);
  // NEO4J_URI requires SECRETS_KEY, which a developer's shell may lack: a test key then.
  const config = loadConfig({ SECRETS_KEY: KEY_A, ...process.env, LOG_LEVEL: 'silent' });
  const settings = config.neo4j;
  if (!settings) {
    return {
      available: false,
      reason: `NEO4J_URI is not set (no Neo4j test server: ${process.env.WOS_NEO4J_UNAVAILABLE ?? 'it needs Java 17+ and Maven on the PATH'})`,
    };
  }
  return {
    available: true,
    open: (secrets) =>
      openNeo4jStores(
        settings,
        pino({ level: 'warn' }),
        secrets ?? new SecretBox(config.secrets.key ?? Buffer.from(KEY_A, 'base64')),
      ),
  };
}

/** Prints why a Neo4j suite is skipped (jest shows skipped tests only when verbose). */
export function announceSkip(suite: string, reason: string): void {
  console.warn(`Skipping ${suite} against Neo4j: ${reason}`);
}

/** The workspaces a test run touched through `store`, for cleaning exactly those up. */
export function recordWorkspaces(store: GraphStore, seen: Set<string>): GraphStore {
  const note = (workspaceId: string) => {
    seen.add(workspaceId);
  };
  return {
    getNode: (ws, id) => (note(ws), store.getNode(ws, id)),
    getNodes: (ws, ids) => (note(ws), store.getNodes(ws, ids)),
    getEdge: (ws, id) => (note(ws), store.getEdge(ws, id)),
    listNodes: (ws, filter, sort, page) => (note(ws), store.listNodes(ws, filter, sort, page)),
    listEdges: (ws, filter, sort, page) => (note(ws), store.listEdges(ws, filter, sort, page)),
    neighborhood: (ws, id, options) => (note(ws), store.neighborhood(ws, id, options)),
    expand: (ws, seedIds, options) => (note(ws), store.expand(ws, seedIds, options)),
    transaction: (ws, work) => (note(ws), store.transaction(ws, work)),
    exportRecords: (ws) => (note(ws), store.exportRecords(ws)),
  };
}

/** Removes everything stored for `workspaceIds` (graph, log, keys, workspace records). */
export async function purge(graph: Neo4jGraphStore, workspaceIds: Iterable<string>): Promise<void> {
  const ids = [...workspaceIds];
  for (let i = 0; i < ids.length; i += 500) {
    await graph.purgeWorkspaces(ids.slice(i, i + 500));
  }
}
