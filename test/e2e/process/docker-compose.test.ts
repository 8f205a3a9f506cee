import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { envSchema } from '../../../src/config/env-schema';
import { APOC_FUNCTIONS } from '../../../src/adapters/neo4j/graphql/apoc';

const root = path.resolve(__dirname, '..', '..', '..');
const composePath = path.join(root, 'docker-compose.yml');
const workflowPath = path.join(root, '.github', 'workflows', 'ci.yml');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, unknown>;
  volumes?: string[];
  healthcheck?: { test?: unknown };
  depends_on?: Record<string, { condition?: string }>;
  ports?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** Variables the service will read once the production-engine adapters exist. */
const ENGINE_VARIABLES = ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'INFLUX_URL', 'QDRANT_URL'];
const ENGINES = ['neo4j', 'influxdb', 'qdrant'];
/** The two service instances behind the proxy. */
const INSTANCES = ['service', 'service-2'];
/** Secrets compose requires (`${NAME:?}`). */
const SECRETS = {
  NEO4J_PASSWORD: 'compose-test-password',
  SECRETS_KEY: 'compose-test-secrets-key',
};

function onPath(binary: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, binary), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

const hasDockerCompose = onPath('docker-compose');

/** `docker-compose config -q` with `secrets` set (or unset: undefined) over a clean environment. */
function composeConfig(secrets: Record<string, string | undefined>) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  for (const [name, value] of Object.entries(secrets)) {
    if (value !== undefined) {
      env[name] = value;
    }
  }
  return spawnSync('docker-compose', ['-f', composePath, 'config', '-q'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
}
const SKIP_REASON =
  'docker-compose is not on the PATH (Debian: apt-get install docker-compose); the YAML checks still run';

describe('docker-compose.yml', () => {
  const compose = parse(fs.readFileSync(composePath, 'utf8')) as ComposeFile;
  const service = compose.services.service;

  beforeAll(() => {
    if (!hasDockerCompose) {
      console.warn(`Skipping "docker-compose config -q": ${SKIP_REASON}`);
    }
  });

  (hasDockerCompose ? it : it.skip)(
    hasDockerCompose
      ? 'is accepted by docker-compose config -q'
      : `is accepted by docker-compose config -q (skipped: ${SKIP_REASON})`,
    () => {
      const result = composeConfig(SECRETS);
      expect({ status: result.status, stderr: result.stderr, error: result.error }).toEqual({
        status: 0,
        stderr: '',
        error: undefined,
      });
    },
  );

  (hasDockerCompose ? it.each(Object.keys(SECRETS)) : it.skip.each(Object.keys(SECRETS)))(
    hasDockerCompose
      ? 'refuses to run without %s (no default secret)'
      : `refuses to run without %s (skipped: ${SKIP_REASON})`,
    (name) => {
      const result = composeConfig({ ...SECRETS, [name]: undefined });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`${name} must be set`);
    },
  );

  it('has the proxy, two service instances, Redis and the three engines', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'influxdb',
      'neo4j',
      'proxy',
      'qdrant',
      'redis',
      'service',
      'service-2',
    ]);
    expect(service?.build).toBe('.');
    expect(compose.services['service-2']?.image).toBe(service?.image);
    expect(compose.services.redis?.image).toMatch(/^redis:7\.\d+(\.\d+)?-alpine$/);
    expect(compose.services.proxy?.image).toMatch(/^nginx:1\.\d+(\.\d+)?-alpine$/);
    expect(compose.services.neo4j?.image).toMatch(/^neo4j:5\.26(\.\d+)?-community$/);
    expect(compose.services.influxdb?.image).toMatch(/^influxdb:1\.8(\.\d+)?$/);
    expect(compose.services.qdrant?.image).toMatch(/^qdrant\/qdrant:v\d+\.\d+\.\d+$/);
  });

  it.each([...INSTANCES, ...ENGINES])('gives %s a healthcheck and a named volume', (name) => {
    const definition = compose.services[name];
    const test = definition?.healthcheck?.test;
    expect(Array.isArray(test) && test.length > 1 && ['CMD', 'CMD-SHELL'].includes(test[0])).toBe(
      true,
    );
    const named = (definition?.volumes ?? []).map((v) => v.split(':')[0]);
    expect(named.length).toBeGreaterThan(0);
    for (const volume of named) {
      expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    }
  });

  it('starts the first instance once Redis and every engine are healthy, then the second', () => {
    expect(service?.depends_on).toEqual(
      Object.fromEntries(
        ['redis', ...ENGINES].map((engine) => [engine, { condition: 'service_healthy' }]),
      ),
    );
    expect(compose.services['service-2']?.depends_on).toEqual({
      service: { condition: 'service_healthy' },
    });
  });

  it('publishes only the proxy, which waits for both instances', () => {
    const published = Object.entries(compose.services)
      .filter(([, definition]) => (definition.ports ?? []).length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['proxy']);
    expect(compose.services.proxy?.depends_on).toEqual(
      Object.fromEntries(INSTANCES.map((name) => [name, { condition: 'service_healthy' }])),
    );
    const nginx = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
    for (const name of INSTANCES) {
      expect(nginx).toContain(`server ${name}:3000`);
    }
  });

  it.each(INSTANCES)('health-checks %s on /ready and shares Redis', (name) => {
    const definition = compose.services[name];
    expect(JSON.stringify(definition?.healthcheck?.test)).toContain('/ready');
    expect(definition?.environment?.REDIS_URL).toBe('redis://redis:6379');
  });

  it('requires the secrets instead of defaulting them', () => {
    const environment = service?.environment ?? {};
    for (const name of Object.keys(SECRETS)) {
      expect(environment[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
    expect(compose.services.neo4j?.environment?.NEO4J_AUTH).toMatch(/\$\{NEO4J_PASSWORD:\?/);
  });

  it('requires SECRETS_KEY (Neo4j holds the encrypted connector secrets), with no default', () => {
    expect(service?.environment?.SECRETS_KEY).toMatch(/^\$\{SECRETS_KEY:\?[^}]+\}$/);
  });

  it('loads APOC core into Neo4j, allowing exactly the functions the GraphQL fields call', () => {
    const environment = compose.services.neo4j?.environment ?? {};
    expect(JSON.parse(String(environment.NEO4J_PLUGINS))).toEqual(['apoc']);
    expect(String(environment.NEO4J_dbms_security_procedures_allowlist).split(',')).toEqual([
      ...APOC_FUNCTIONS,
    ]);
  });

  it("runs CI's Neo4j service container as compose runs Neo4j, APOC core included", () => {
    const workflow = parse(fs.readFileSync(workflowPath, 'utf8')) as {
      jobs: { test: { services: Record<string, { image: string; env: Record<string, string> }> } };
    };
    const ci = workflow.jobs.test.services.neo4j;
    const neo4j = compose.services.neo4j;
    expect(ci?.image).toBe(neo4j?.image);
    for (const name of ['NEO4J_PLUGINS', 'NEO4J_dbms_security_procedures_allowlist']) {
      expect(ci?.env[name]).toBe(neo4j?.environment?.[name]);
    }
  });

  it('passes the engine variables, and otherwise only variables the config knows', () => {
    const environment = service?.environment ?? {};
    for (const name of ENGINE_VARIABLES) {
      expect(environment[name]).toEqual(expect.any(String));
    }
    const known = new Set([...Object.keys(envSchema.shape), ...ENGINE_VARIABLES]);
    expect(Object.keys(environment).filter((name) => !known.has(name))).toEqual([]);
  });
});
