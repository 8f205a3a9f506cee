import net from 'node:net';
import pino from 'pino';
import { Neo4jClient, Neo4jHealthCheck } from '../../../src/adapters/neo4j/client';
import { neo4jTarget } from '../../support/neo4j';
import { healthCheckContract } from './health-check.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

/** A local port nothing listens on: bound once to learn a free number, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A client of a Neo4j that is not there, with the service's short timeouts. */
async function unreachable() {
  const client = Neo4jClient.open(
    {
      uri: `bolt://127.0.0.1:${await closedPort()}`,
      user: 'neo4j',
      password: 'unused',
      database: undefined,
      connectionTimeoutMs: 2000,
      acquisitionTimeoutMs: 3000,
      maxRetryTimeMs: 0,
      outageCooldownMs: 1000,
    },
    pino({ level: 'silent' }),
  );
  return { check: new Neo4jHealthCheck(client), cleanup: () => client.close() };
}

if (!target.available) {
  skipEngine('Graph engine HealthCheck', 'neo4j', target.reason);
} else {
  healthCheckContract('neo4j', {
    reachable: () => {
      const stores = target.open();
      return Promise.resolve({ check: stores.healthCheck, cleanup: () => stores.close() });
    },
    unreachable,
  });
}
