const { spawnSync } = require('node:child_process');

/**
 * Why this run has no Neo4j, or null when it has one: NEO4J_URI set from outside (an external
 * server), or Java and Maven present, with which the global set-up starts a throwaway one
 * (test/support/neo4j-server.ts). Decided here, before the projects are, and handed to the
 * global set-up in the environment.
 */
function neo4jUnavailableReason() {
  if (process.env.NEO4J_URI) {
    return null;
  }
  if (process.env.NEO4J_TESTS === 'off') {
    return 'NEO4J_TESTS=off';
  }
  for (const [tool, args] of [
    ['java', ['-version']],
    ['mvn', ['-v']],
  ]) {
    const probe = spawnSync(tool, args, { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) {
      return `${tool} is not on the PATH (the Neo4j test server needs Java 17+ and Maven)`;
    }
  }
  return null;
}

const neo4jUnavailable = neo4jUnavailableReason();
if (neo4jUnavailable === null) {
  delete process.env.WOS_NEO4J_UNAVAILABLE;
} else {
  process.env.WOS_NEO4J_UNAVAILABLE = neo4jUnavailable;
}

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  // Fails any test during which a response did not match docs/api/openapi.yaml.
  setupFilesAfterEnv: ['<rootDir>/test/support/validate-responses.setup.ts'],
  transform: {
    // Type-checking is `npm run typecheck`'s job; here ts-jest only transpiles (fast).
    '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true }, diagnostics: false }],
  },
};

/**
 * One project per layer, so each can run apart (`npx jest --selectProjects e2e`); `npm test`
 * runs them all. The HTTP e2e suite runs twice: on the embedded default, and on Neo4j
 * (`e2e-neo4j`: every test app is built with NEO4J_URI; test/support/test-engine.ts).
 */
module.exports = {
  // Starts the throwaway Neo4j (where Java and Maven are present) and says which engines are
  // absent, and so which suites skip (a default run shows skipped suites only as a count).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...shared, displayName: 'contract', testMatch: ['<rootDir>/test/contract/**/*.test.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
    { ...shared, displayName: 'sdk', testMatch: ['<rootDir>/sdk/typescript/test/**/*.test.ts'] },
    ...(neo4jUnavailable === null
      ? [
          {
            ...shared,
            displayName: 'e2e-neo4j',
            testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
            globals: { WOS_TEST_ENGINE: 'neo4j' },
          },
        ]
      : []),
  ],
};
