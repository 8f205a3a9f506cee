import { Neo4jError, type Driver, type ManagedTransaction } from 'neo4j-driver';
import pino from 'pino';
import { Neo4jClient } from '../../../../src/adapters/neo4j/client';
import { classifyNeo4jError, translateNeo4jError } from '../../../../src/adapters/neo4j/errors';
import { OutageGate } from '../../../../src/adapters/neo4j/outage-gate';
import { AppError, NotFoundError, ServiceUnavailableError } from '../../../../src/errors';

/**
 * Error translation and outage behaviour at the Neo4j adapter boundary, without a server:
 * driver errors are built as the driver builds them, and a stand-in driver plays the
 * server's part (test/e2e/neo4j-outage.test.ts uses the real driver against a closed port).
 */

const silent = pino({ level: 'silent' });

/** A driver error as the driver builds one (`newError`): message, code and GQL status. */
function driverError(code: string, message = `${code} happened`): Neo4jError {
  return new Neo4jError(message, code, '50N42', `error: general processing exception - ${message}`);
}

describe('classifyNeo4jError', () => {
  it.each([
    ['ServiceUnavailable', 'unreachable'],
    ['SessionExpired', 'unreachable'],
    ['Neo.ClientError.Security.Unauthorized', 'unreachable'],
    ['Neo.ClientError.Database.DatabaseNotFound', 'unreachable'],
    ['Neo.TransientError.Transaction.DeadlockDetected', 'busy'],
    ['Neo.TransientError.General.DatabaseUnavailable', 'busy'],
    ['Neo.ClientError.Statement.EntityNotFound', 'concurrent'],
    ['Neo.ClientError.Statement.SyntaxError', 'other'],
    ['Neo.ClientError.Schema.ConstraintValidationFailed', 'concurrent'],
  ])('%s is %s', (code, expected) => {
    expect(classifyNeo4jError(driverError(code))).toBe(expected);
  });

  it('recognises the pool and socket errors that carry no code', () => {
    const pool = driverError(
      'N/A',
      'Connection acquisition timed out in 5000 ms. Pool status: ...',
    );
    const socket = driverError('N/A', 'Failed to establish connection in 3000ms');
    expect(classifyNeo4jError(pool)).toBe('unreachable');
    expect(classifyNeo4jError(socket)).toBe('unreachable');
  });

  it('leaves errors that are not the driver’s alone', () => {
    expect(classifyNeo4jError(new Error('boom'))).toBe('other');
    expect(classifyNeo4jError(new NotFoundError())).toBe('other');
    expect(classifyNeo4jError('text')).toBe('other');
  });
});

describe('translateNeo4jError', () => {
  it('turns unreachable and busy into 503 SERVICE_UNAVAILABLE naming the engine', () => {
    for (const code of ['ServiceUnavailable', 'Neo.TransientError.Transaction.DeadlockDetected']) {
      const cause = driverError(code);
      const translated = translateNeo4jError(cause);
      expect(translated).toBeInstanceOf(ServiceUnavailableError);
      const error = translated as ServiceUnavailableError;
      expect(error.status).toBe(503);
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
      expect(error.details).toEqual({ checks: { neo4j: 'down' } });
      expect(error.headers).toEqual({ 'Retry-After': '5' });
      // The driver's text stays out of the message a client sees, but is kept for logs.
      expect(error.message).not.toContain(code);
      expect((error as Error & { cause?: unknown }).cause).toBe(cause);
    }
  });

  it('passes anything else through unchanged', () => {
    const errors = [
      driverError('Neo.ClientError.Statement.SyntaxError'),
      new Error('x'),
      new NotFoundError(),
    ];
    for (const error of errors) {
      expect(translateNeo4jError(error)).toBe(error);
    }
  });
});

describe('OutageGate', () => {
  it('refuses at once while shut, then lets a request try again, and logs each outage once', () => {
    let now = 1_000;
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const gate = new OutageGate(2_000, logger, () => now);

    expect(() => gate.check()).not.toThrow();
    gate.failed(new Error('refused'));
    gate.failed(new Error('refused again'));
    expect(() => gate.check()).toThrow(ServiceUnavailableError);
    now += 500;
    try {
      gate.check();
      throw new Error('gate should be shut');
    } catch (error) {
      expect((error as AppError).headers).toEqual({ 'Retry-After': '2' });
    }
    now += 1_600;
    expect(() => gate.check()).not.toThrow();
    gate.succeeded();
    gate.succeeded();
    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'store unavailable: neo4j',
        store: 'neo4j',
        error: 'refused',
      }),
      expect.objectContaining({
        level: 30,
        msg: 'store available again: neo4j',
        store: 'neo4j',
        downMs: 2_100,
      }),
    ]);
  });
});

/** A stand-in for the driver: each session runs `work` with a transaction that does nothing. */
function fakeDriver(behaviour: {
  fail?: () => Error | undefined;
  serverInfo?: () => Promise<unknown>;
}) {
  const calls = { sessions: 0, schema: [] as string[] };
  const tx = {
    run: (text: string) => {
      calls.schema.push(text);
      return Promise.resolve({ records: [] });
    },
  } as unknown as ManagedTransaction;
  const execute = async <T>(work: (t: ManagedTransaction) => Promise<T>): Promise<T> => {
    calls.sessions += 1;
    const failure = behaviour.fail?.();
    if (failure !== undefined) {
      throw failure;
    }
    return work(tx);
  };
  const driver = {
    session: () => ({
      executeRead: execute,
      executeWrite: execute,
      close: () => Promise.resolve(),
    }),
    getServerInfo: behaviour.serverInfo ?? (() => Promise.resolve({})),
    close: () => Promise.resolve(),
  } as unknown as Driver;
  return { driver, calls };
}

describe('Neo4jClient', () => {
  const schema = () => [
    { file: '001.cypher', text: 'CREATE INDEX x IF NOT EXISTS FOR (n:Entity) ON (n.id)' },
  ];

  it('applies the schema once, before the first unit of work', async () => {
    const { driver, calls } = fakeDriver({});
    const client = new Neo4jClient(driver, undefined, new OutageGate(1000, silent), silent, schema);
    await expect(client.read(() => Promise.resolve(1))).resolves.toBe(1);
    await expect(client.write(() => Promise.resolve(2))).resolves.toBe(2);
    expect(calls.schema).toEqual([schema()[0]?.text]);
  });

  it('answers 503 when Neo4j is unreachable, then refuses without calling it until the cooldown', async () => {
    let now = 0;
    let down = true;
    const { driver, calls } = fakeDriver({
      fail: () => (down ? driverError('ServiceUnavailable') : undefined),
      serverInfo: () =>
        down ? Promise.reject(driverError('ServiceUnavailable')) : Promise.resolve({}),
    });
    const gate = new OutageGate(1000, silent, () => now);
    const client = new Neo4jClient(driver, undefined, gate, silent, () => []);

    await expect(client.read(() => Promise.resolve('x'))).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    const tried = calls.sessions;
    await expect(client.write(() => Promise.resolve('x'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(calls.sessions).toBe(tried);
    expect(await client.ping()).toBe(false);

    // Neo4j is back: after the cooldown the next request goes through, without a restart.
    down = false;
    now += 1001;
    await expect(client.read(() => Promise.resolve('back'))).resolves.toBe('back');
    // A successful readiness probe reopens the gate at once, too.
    down = true;
    await expect(client.read(() => Promise.resolve('x'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    down = false;
    expect(await client.ping()).toBe(true);
    await expect(client.read(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('runs a write again when a record it matched was deleted concurrently, a bounded number of times', async () => {
    let failures = 2;
    const { driver, calls } = fakeDriver({
      fail: () =>
        failures-- > 0 ? driverError('Neo.ClientError.Statement.EntityNotFound') : undefined,
    });
    const client = new Neo4jClient(
      driver,
      undefined,
      new OutageGate(1000, silent),
      silent,
      () => [],
    );
    await expect(client.write(() => Promise.resolve('done'))).resolves.toBe('done');
    expect(calls.sessions).toBe(3);

    failures = 10;
    await expect(client.write(() => Promise.resolve('never'))).rejects.toMatchObject({
      code: 'Neo.ClientError.Statement.EntityNotFound',
    });
  });

  it('logs the driver’s error behind a 503 for a busy Neo4j, and the outage gate stays open', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const { driver } = fakeDriver({
      fail: () => driverError('Neo.TransientError.Transaction.DeadlockDetected', 'deadlock'),
    });
    const client = new Neo4jClient(
      driver,
      undefined,
      new OutageGate(1000, logger),
      logger,
      () => [],
    );
    await expect(client.write(() => Promise.resolve('x'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    const warnings = () =>
      lines
        .map((l) => JSON.parse(l) as { level: number; mode?: string; err?: { code?: string } })
        .filter((l) => l.level >= 40);
    expect(warnings()).toEqual([
      expect.objectContaining({
        level: 40,
        mode: 'WRITE',
        err: expect.objectContaining({
          code: 'Neo.TransientError.Transaction.DeadlockDetected',
          message: 'deadlock',
        }),
      }),
    ]);
    // Busy is not an outage: the next request is tried, not refused at once.
    await expect(client.read(() => Promise.resolve('y'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    expect(warnings()).toHaveLength(2);
  });

  it('passes errors of the caller’s own work through untouched, and retries nothing', async () => {
    const { driver, calls } = fakeDriver({});
    const client = new Neo4jClient(
      driver,
      undefined,
      new OutageGate(1000, silent),
      silent,
      () => [],
    );
    const own = new NotFoundError('mine');
    await expect(client.write(() => Promise.reject(own))).rejects.toBe(own);
    expect(calls.sessions).toBe(1);
  });
});
