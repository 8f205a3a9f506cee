/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/test/support/node-environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Fails any test during which a response did not match docs/api/openapi.yaml.
  setupFilesAfterEnv: ['<rootDir>/test/support/validate-responses.setup.ts'],
  // Says which engines are absent, and so which contract suites skip (a default run shows
  // skipped suites only as a count).
  globalSetup: '<rootDir>/test/support/announce-skips.ts',
  transform: {
    // Type-checking is `npm run typecheck`'s job; here ts-jest only transpiles (fast).
    '^.+\\.ts$': ['ts-jest', { tsconfig: { isolatedModules: true }, diagnostics: false }],
  },
  testTimeout: 30000,
};
