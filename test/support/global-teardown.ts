/** Jest's global teardown: stops the Neo4j test server the set-up started, if any. */
export default async function globalTeardown(): Promise<void> {
  const server = globalThis.__neo4jTestServer;
  globalThis.__neo4jTestServer = undefined;
  await server?.stop();
}
