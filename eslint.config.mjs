// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * The layers of src/ (docs/architecture.md, "Layers"). Imports point one way:
 *   domain <- ports <- services <- http, graphql, cli
 * adapters implement ports, and only the composition root (src/container/) picks them.
 *
 * no-restricted-imports sees an import as written, and imports between folders of src/ are
 * relative, so each rule is stated once per depth: from src/search/indexer.ts the adapters
 * are `../adapters/...`, from src/http/routes/rag.ts `../../adapters/...`. Names below are
 * entries of src/: a folder, or a top-level file without `.ts`.
 */

/** Application code: one folder per capability. */
const SERVICES = [
  'auth',
  'commands',
  'events',
  'live-data',
  'ontology',
  'queries',
  'search',
  'transfer',
  'webhooks',
  'workspaces',
];
/** Engine-neutral models and helpers, used by services and adapters alike. */
const SHARED = ['cypher', 'filters', 'secrets', 'workers', 'metrics'];
const SHARED_FILES = [
  'errors.ts',
  'parse-input.ts',
  'logger.ts',
  'node-flags.ts',
  'yield-to-event-loop.ts',
];
/** Thin layers over the services. */
const PRESENTATION = ['http', 'graphql', 'cli', 'explorer', 'app'];
/** Service code inside a shared folder: an adapter never calls it. */
const SERVICES_IN_SHARED = [
  'cypher/cypher-service',
  'secrets/reseal',
  'secrets/key-ring',
  'secrets/secrets-deps',
];

const NOT_ADAPTERS =
  'Only the composition root picks engines: construct the adapter in src/container/ and ' +
  'pass it in as the port it implements (src/ports/).';
const NOT_CONTAINER =
  'src/container/ and src/main.ts assemble the service and sit above everything else: take ' +
  'the dependency as a constructor argument, and let the container pass it.';
const NOT_PRESENTATION =
  'http/, graphql/, cli/ and app.ts are thin layers over the services: move what both need ' +
  'down (into the service, domain/, or a shared helper such as src/parse-input.ts).';
const NOT_CONFIG =
  'Only the container reads the configuration: take the values you need as constructor ' +
  'options (src/container/ passes them from Config).';

/** Refusals several layers share. */
const NO_ADAPTERS = { names: ['adapters'], message: NOT_ADAPTERS };
const NO_PRESENTATION = { names: PRESENTATION, message: NOT_PRESENTATION };
const NO_CONFIG = { names: ['config'], message: NOT_CONFIG };
const NO_CONTAINER = { names: ['container', 'main'], message: NOT_CONTAINER };
/** The container and the entry point, and the lifecycle they drive. */
const NO_ASSEMBLY = { names: ['container', 'main', 'lifecycle'], message: NOT_CONTAINER };

/**
 * Who may import what. `files`: folders of src/, or top-level files as `name.ts` (`*` is
 * every file: the default for a folder not listed yet). `forbid`: entries of src/ the layer
 * may not import, each with the message saying where the code goes instead. `only`: the
 * entries it may import; anything else of src/ is refused with its message. A file takes
 * the last layer that lists it.
 */
const LAYERS = [
  {
    name: 'default',
    files: ['*'],
    forbid: [NO_ADAPTERS, NO_CONTAINER],
  },
  {
    name: 'domain',
    files: ['domain'],
    only: {
      names: ['domain', 'errors'],
      message:
        'domain/ is types and pure rules: it imports only domain/ and errors.ts. Move the type ' +
        'it needs into domain/, or move this code up to the layer that uses it.',
    },
  },
  {
    name: 'ports',
    files: ['ports'],
    only: {
      names: ['ports', 'domain', 'errors', 'cypher', 'filters', 'secrets/secret-box'],
      message:
        'ports/ declares interfaces over domain types: it imports only domain/, errors.ts and ' +
        'the engine-neutral models (the cypher/ language, filters/, secrets/secret-box). A ' +
        'type a port needs goes in domain/, never in a service or an adapter.',
    },
  },
  {
    name: 'shared',
    files: [...SHARED, ...SHARED_FILES],
    forbid: [
      NO_ADAPTERS,
      {
        names: SERVICES,
        message:
          'Services and adapters both use cypher/, filters/, secrets/, workers/ and metrics/, ' +
          'so these import no service: move what they need into domain/ or ports/.',
      },
      NO_PRESENTATION,
      NO_ASSEMBLY,
    ],
  },
  {
    name: 'config',
    files: ['config'],
    forbid: [
      NO_ADAPTERS,
      {
        names: SERVICES,
        message:
          'config/ parses the environment into plain values for the container; it imports no ' +
          'service: move the rule it needs into domain/.',
      },
      NO_PRESENTATION,
      NO_ASSEMBLY,
    ],
  },
  {
    name: 'services',
    files: SERVICES,
    forbid: [NO_ADAPTERS, NO_PRESENTATION, NO_CONFIG, NO_ASSEMBLY],
  },
  {
    name: 'adapters',
    files: ['adapters'],
    forbid: [
      {
        names: [...SERVICES, ...SERVICES_IN_SHARED],
        message:
          'An adapter implements a port and knows nothing of the services that use it: what it ' +
          'needs goes in the port (src/ports/) or domain/.',
      },
      NO_PRESENTATION,
      NO_CONFIG,
      NO_ASSEMBLY,
    ],
  },
  {
    name: 'lifecycle',
    files: ['lifecycle'],
    forbid: [
      NO_ADAPTERS,
      {
        names: SERVICES,
        message:
          'lifecycle/ says when the service starts and stops; the container connects it to the ' +
          'services (an AbortSignal, a release callback), so it imports none.',
      },
      NO_PRESENTATION,
      NO_CONTAINER,
    ],
  },
  {
    name: 'presentation',
    files: ['http', 'graphql', 'cli', 'explorer', 'app.ts'],
    forbid: [NO_ADAPTERS, NO_CONTAINER],
  },
  {
    // The CLI's entry point builds the container, as src/main.ts does for the server.
    name: 'cli-main',
    files: ['cli/main.ts'],
    forbid: [NO_ADAPTERS],
  },
  {
    name: 'main',
    files: ['main.ts'],
    forbid: [
      {
        names: ['adapters'],
        message:
          'main.ts loads the config, builds the container and listens: engines are picked in ' +
          'src/container/.',
      },
    ],
  },
  {
    name: 'container',
    files: ['container'],
    forbid: [
      {
        names: ['main', 'cli'],
        message:
          'The entry points (src/main.ts, src/cli/main.ts) build the container, not the reverse.',
      },
    ],
  },
];

/** Folder depths below src/ the rules cover (src/adapters/sqlite/cypher/ is 3). */
const MAX_DEPTH = 6;

/** The way from a file `depth` folders below src/ back up to src/. */
const up = (depth) => (depth === 0 ? '\\./' : `(?:\\.\\./){${depth}}`);
const anyOf = (names) => `(?:${names.join('|')})(?:/|$)`;

/** The glob of `entry`'s files `depth` folders below src/ (none when it has none there). */
function globAt(entry, depth) {
  if (entry === '*') {
    return [`src/${'*/'.repeat(depth)}*.ts`];
  }
  if (entry.endsWith('.ts')) {
    return entry.split('/').length - 1 === depth ? [`src/${entry}`] : [];
  }
  return depth === 0 ? [] : [`src/${entry}/${'*/'.repeat(depth - 1)}*.ts`];
}

/** One layer as no-restricted-imports config objects, one per depth below src/. */
function layerConfigs(layer) {
  const configs = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    const files = layer.files.flatMap((entry) => globAt(entry, depth));
    if (files.length === 0) {
      continue;
    }
    const patterns = layer.only
      ? [{ regex: `^${up(depth)}(?!${anyOf(layer.only.names)})`, message: layer.only.message }]
      : layer.forbid.map(({ names, message }) => ({
          regex: `^${up(depth)}${anyOf(names)}`,
          message,
        }));
    configs.push({
      name: `layers/${layer.name}/${depth}`,
      files,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: patterns.map((pattern) => ({ ...pattern, caseSensitive: true })) },
        ],
      },
    });
  }
  return configs;
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'test/engines/*/target/**',
      'sdk/python/.venv/**',
      'sdk/typescript/dist/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
        process: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  ...LAYERS.flatMap(layerConfigs),
);
