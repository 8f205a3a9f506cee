import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

/**
 * A throwaway Neo4j Community server for the test run: the launcher under
 * test/engines/neo4j (neo4j-harness from Maven Central, APOC core as a plugin) in its own
 * JVM, Bolt on 127.0.0.1 and a free port, authentication on, data in a temporary folder it
 * removes when it stops. It stops when its standard input closes, so it never outlives the
 * process that started it.
 */
export interface Neo4jTestServer {
  uri: string;
  password: string;
  stop(): Promise<void>;
}

const LAUNCHER_DIR = path.resolve(__dirname, '..', 'engines', 'neo4j');
const LAUNCHER_CLASS = path.join(
  LAUNCHER_DIR,
  'target',
  'classes',
  'wos',
  'neo4j',
  'TestServer.class',
);
/** Generous for a first build, which downloads about 140 MB into ~/.m2. */
const BUILD_TIMEOUT_MS = 10 * 60_000;
const START_TIMEOUT_MS = 120_000;

function newestMtime(files: string[]): number {
  return Math.max(...files.map((file) => fs.statSync(file).mtimeMs));
}

/**
 * Builds the launcher (`mvn package`: its class, its class path in target/lib, APOC in
 * target/plugins) unless a build newer than its sources is there. `.ci/run` builds it
 * ahead; a developer's first `npm test` builds it here.
 */
export function buildNeo4jLauncher(): void {
  const sources = [
    path.join(LAUNCHER_DIR, 'pom.xml'),
    path.join(LAUNCHER_DIR, 'src', 'main', 'java', 'wos', 'neo4j', 'TestServer.java'),
  ];
  const plugins = path.join(LAUNCHER_DIR, 'target', 'plugins');
  if (
    fs.existsSync(LAUNCHER_CLASS) &&
    fs.existsSync(plugins) &&
    fs.statSync(LAUNCHER_CLASS).mtimeMs >= newestMtime(sources)
  ) {
    return;
  }
  const build = spawnSync('mvn', ['-q', '-B', 'package'], {
    cwd: LAUNCHER_DIR,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  if (build.error || build.status !== 0) {
    const output = `${build.stdout ?? ''}${build.stderr ?? ''}`.slice(-4000);
    throw new Error(
      `Building the Neo4j test server failed (mvn package in ${LAUNCHER_DIR}): ` +
        `${build.error?.message ?? `exit ${build.status}`}\n${output}`,
    );
  }
}

/** Options of `startNeo4jTestServer`. */
export interface Neo4jTestServerOptions {
  /** The JVM's maximum heap, as `-Xmx` takes it (`1g`, `2g`, `1536m`); 1 GB when omitted. */
  heap?: string;
}

/** Starts the server and resolves with its Bolt URI once it accepts connections. */
export async function startNeo4jTestServer(
  options: Neo4jTestServerOptions = {},
): Promise<Neo4jTestServer> {
  const heap = options.heap ?? '1g';
  if (!/^\d+[kmg]?$/i.test(heap)) {
    throw new Error(
      `the Neo4j heap must be a size such as 1g or 1536m, got ${JSON.stringify(heap)}`,
    );
  }
  buildNeo4jLauncher();
  const password = randomBytes(18).toString('base64url');
  const target = path.join(LAUNCHER_DIR, 'target');
  const classPath = ['classes', 'lib/*', 'plugins/*'].map((p) => path.join(target, p));
  const child = spawn(
    'java',
    [
      // The page cache is sized by Neo4j from the memory the heap leaves.
      `-Xmx${heap}`,
      '-XX:+UseSerialGC',
      '-cp',
      classPath.join(path.delimiter),
      'wos.neo4j.TestServer',
    ],
    {
      env: {
        ...process.env,
        NEO4J_TEST_PASSWORD: password,
        NEO4J_TEST_PLUGINS: path.join(target, 'plugins'),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  try {
    const uri = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Neo4j did not start within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line.trim());
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the Neo4j test server exited with ${code ?? 'a signal'}`));
      });
    });
    if (!/^bolt:\/\/127\.0\.0\.1:\d+$/.test(uri)) {
      throw new Error(`the Neo4j test server printed ${JSON.stringify(uri)}, not a Bolt URI`);
    }
    return {
      uri,
      password,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          // The end of its input is its signal to stop and remove its data.
          child.stdin.end();
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exited;
          clearTimeout(timer);
        }
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n${errors}`);
  } finally {
    lines.close();
  }
}
