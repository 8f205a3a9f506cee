import { KEY_A } from './secrets';

/** The engine the e2e suite runs on: the embedded default, or Neo4j (jest project e2e-neo4j). */
export type TestEngine = 'sqlite' | 'neo4j';

declare global {
  /** Set by jest.config.js's `globals` for the e2e-neo4j project. */
  var WOS_TEST_ENGINE: TestEngine | undefined;
}

/** The engine of this test file's project. */
export function testEngine(): TestEngine {
  return globalThis.WOS_TEST_ENGINE === 'neo4j' ? 'neo4j' : 'sqlite';
}

/**
 * The variables that put a service on this project's engine: none on the embedded default;
 * those of `neo4jEnv` on Neo4j. Merge them under a test's own variables.
 */
export function engineEnv(): Record<string, string> {
  return testEngine() === 'sqlite' ? {} : neo4jEnv();
}

/**
 * The variables that put a service on the run's Neo4j (the global set-up's, or an external
 * one): NEO4J_URI and NEO4J_PASSWORD, with a test SECRETS_KEY.
 */
export function neo4jEnv(): Record<string, string> {
  const uri = process.env.NEO4J_URI;
  const password = process.env.NEO4J_PASSWORD;
  if (!uri || !password) {
    throw new Error('a service on Neo4j needs NEO4J_URI and NEO4J_PASSWORD set');
  }
  return {
    NEO4J_URI: uri,
    NEO4J_PASSWORD: password,
    ...(process.env.NEO4J_USER ? { NEO4J_USER: process.env.NEO4J_USER } : {}),
    ...(process.env.NEO4J_DATABASE ? { NEO4J_DATABASE: process.env.NEO4J_DATABASE } : {}),
    SECRETS_KEY: KEY_A,
  };
}

/** A test case as `it` declares one. */
export type TestCase = (name: string, fn: jest.ProvidesCallback, timeout?: number) => void;

/**
 * `it` on the engines where a test applies, and elsewhere `it.skip` with the reason in its
 * title: for behaviour that differs between engines on purpose (docs/neo4j.md says how).
 */
export function itOn(engines: readonly TestEngine[], reason: string): TestCase {
  const engine = testEngine();
  if (engines.includes(engine)) {
    return (name, fn, timeout) => it(name, fn, timeout);
  }
  return (name, fn, timeout) => it.skip(`${name} (skipped on ${engine}: ${reason})`, fn, timeout);
}

/**
 * What `/ready` reports for the stores on this project's engine: the embedded SQLite file,
 * which a service on Neo4j opens too (live-data points without InfluxDB), and Neo4j.
 */
export function storeChecks(): Record<string, 'up'> {
  return testEngine() === 'neo4j' ? { sqlite: 'up', neo4j: 'up' } : { sqlite: 'up' };
}
