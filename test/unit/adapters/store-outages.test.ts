import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { InfluxConnection } from '../../../src/adapters/influx/connection';
import { InfluxTimeSeriesStore } from '../../../src/adapters/influx/timeseries-store';
import { StoreOutageLog } from '../../../src/adapters/outage-log';
import { openDatabase, SqliteHealthCheck } from '../../../src/adapters/sqlite/database';
import { ServiceUnavailableError } from '../../../src/errors';

/**
 * Store outages are logged on their transitions, the same way for every engine: one warn
 * line (store name, error) when an outage begins, one info line when the store answers
 * again; nothing for the failing requests in between.
 */

interface Line {
  level: number;
  msg: string;
  store?: string;
  error?: string;
  downMs?: number;
}

function capturingLogger() {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('StoreOutageLog', () => {
  it('logs the beginning and the end of each outage once', () => {
    let now = 10_000;
    const { logger, lines } = capturingLogger();
    const outages = new StoreOutageLog('influxdb', logger, () => now);
    outages.succeeded();
    outages.failed(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }));
    outages.failed(new Error('still refused'));
    now += 1_500;
    outages.succeeded();
    outages.succeeded();
    outages.failed('timeout');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'store unavailable: influxdb',
        store: 'influxdb',
        error: 'ECONNREFUSED: connect refused',
      }),
      expect.objectContaining({
        level: 30,
        msg: 'store available again: influxdb',
        downMs: 1_500,
      }),
      expect.objectContaining({ level: 40, store: 'influxdb', error: 'timeout' }),
    ]);
  });
});

describe('InfluxDB outages', () => {
  it('are logged once when requests and /ready fail, and once when it answers again', async () => {
    const port = await closedPort();
    const { logger, lines } = capturingLogger();
    const connection = new InfluxConnection(
      {
        url: `http://127.0.0.1:${port}`,
        database: 'ontology',
        username: undefined,
        password: undefined,
        timeoutMs: 2000,
      },
      logger,
    );
    const store = new InfluxTimeSeriesStore(connection);
    const write = () =>
      store.write('ws', [
        { sourceId: 'src', points: [{ timestamp: 1_000, value: 1, tags: null }] },
      ]);
    try {
      for (let i = 0; i < 3; i += 1) {
        await expect(write()).rejects.toBeInstanceOf(ServiceUnavailableError);
      }
      expect(await connection.ping()).toBe(false);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'store unavailable: influxdb',
          store: 'influxdb',
        }),
      ]);
      expect(lines[0]?.error).toMatch(/ECONNREFUSED/);

      // InfluxDB comes back (a stand-in answering what the adapter asks).
      const influx = await fakeInflux(port);
      try {
        await eventually(() => write());
        await write();
        expect(await connection.ping()).toBe(true);
      } finally {
        await new Promise<void>((resolve) => influx.close(() => resolve()));
      }
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, store: 'influxdb' }),
        expect.objectContaining({ level: 30, msg: 'store available again: influxdb' }),
      ]);
    } finally {
      connection.close();
    }
  }, 30_000);
});

describe('SQLite outages', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-sqlite-outage-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a full disk is logged once, and the next commit that succeeds logs the recovery', async () => {
    const { logger, lines } = capturingLogger();
    const db = openDatabase({ filename: path.join(dir, 'store.db'), migrations: [], logger });
    try {
      db.writer.exec('CREATE TABLE blobs (data BLOB NOT NULL)');
      const insert = db.writer.prepare('INSERT INTO blobs (data) VALUES (?)');
      const write = (bytes: number) =>
        db.transaction(() => Promise.resolve(insert.run(Buffer.alloc(bytes, 1))));
      await write(10);
      // The file may not grow: as if the disk were full (SQLITE_FULL).
      const pages = db.writer.pragma('page_count', { simple: true }) as number;
      db.writer.pragma(`max_page_count = ${pages}`);
      for (let i = 0; i < 3; i += 1) {
        await expect(write(1_000_000)).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      }
      expect(await new SqliteHealthCheck(db).ping()).toBe(true);
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, msg: 'store unavailable: sqlite', store: 'sqlite' }),
      ]);
      expect(lines[0]?.error).toMatch(/SQLITE_FULL/);

      db.writer.pragma('max_page_count = 1073741823');
      await write(1_000_000);
      await write(10);
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, store: 'sqlite' }),
        expect.objectContaining({ level: 30, msg: 'store available again: sqlite' }),
      ]);
    } finally {
      db.close();
    }
  });

  it('a failing request of its own (a constraint) is no outage', async () => {
    const { logger, lines } = capturingLogger();
    const db = openDatabase({ filename: path.join(dir, 'store.db'), migrations: [], logger });
    try {
      db.writer.exec('CREATE TABLE things (id TEXT PRIMARY KEY)');
      const insert = db.writer.prepare('INSERT INTO things (id) VALUES (?)');
      await db.transaction(() => Promise.resolve(insert.run('a')));
      await expect(db.transaction(() => Promise.resolve(insert.run('a')))).rejects.toMatchObject({
        code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
      });
      expect(lines).toEqual([]);
    } finally {
      db.close();
    }
  });
});

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Answers InfluxDB 1.x's /ping, /query (CREATE DATABASE) and /write like a healthy server. */
async function fakeInflux(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const route = new URL(req.url ?? '/', 'http://x').pathname;
      res.setHeader('X-Influxdb-Version', '1.8.10');
      if (route === '/query') {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ results: [{ statement_id: 0 }] }));
      } else {
        res.statusCode = 204;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** Retries `attempt` until it resolves (the client skips a failed host for a moment). */
async function eventually(attempt: () => Promise<unknown>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
