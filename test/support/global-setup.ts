import { startNeo4jTestServer } from './neo4j-server';
import { neo4jTarget } from './neo4j';
import { qdrantTarget } from './qdrant';
import type { Neo4jTestServer } from './neo4j-server';

/** The server this run started, for the global teardown (same process). */
declare global {
  var __neo4jTestServer: Neo4jTestServer | undefined;
}

/**
 * Jest's global set-up, before any suite runs:
 * - Starts a throwaway Neo4j (test/support/neo4j-server.ts) and sets NEO4J_URI and
 *   NEO4J_PASSWORD for the suites, unless NEO4J_URI is already set (an external server
 *   wins) or jest.config.js found no way to have one (WOS_NEO4J_UNAVAILABLE: NEO4J_TESTS=off,
 *   or Java or Maven missing). A failure to start, where it could start, fails the run.
 * - Says once which engines are absent and so which suites will be skipped: jest prints
 *   neither the names of skipped tests (they carry the reason too) nor the console output
 *   of a suite whose every test is skipped, unless run with --verbose.
 */
export default async function globalSetup(): Promise<void> {
  const lines: string[] = [];
  if (!process.env.NEO4J_URI) {
    const unavailable = process.env.WOS_NEO4J_UNAVAILABLE;
    if (!unavailable) {
      const started = Date.now();
      const server = await startNeo4jTestServer();
      globalThis.__neo4jTestServer = server;
      process.env.NEO4J_URI = server.uri;
      process.env.NEO4J_PASSWORD = server.password;
      lines.push(`Neo4j test server at ${server.uri} (started in ${Date.now() - started} ms)`);
    } else {
      lines.push(`No Neo4j test server: ${unavailable}`);
    }
  }
  const neo4j = neo4jTarget();
  if (!neo4j.available) {
    lines.push(`Neo4j suites (contract, e2e-neo4j) will be skipped: ${neo4j.reason}`);
  }
  const qdrant = qdrantTarget();
  if (!qdrant.available) {
    lines.push(`Qdrant contract tests will be skipped: ${qdrant.reason}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n`);
}
