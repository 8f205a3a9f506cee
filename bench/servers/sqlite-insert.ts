/**
 * The raw-SQLite reference of bench/ontology.ts's CREATE_NODE measurement, and the same
 * command without HTTP, both on a scratch database with the service's full schema (every
 * migration, so the same indexes and the graph_counts trigger), opened by the service's own
 * `openDatabase` (WAL, foreign keys on).
 *
 * - mode=insert: single-row autocommit INSERTs with the adapter's own statement
 *   (`GraphWriterStatements.insertNode`, `nodeParams`) with synchronous=FULL: one commit, so
 *   one durable WAL sync, per row. The reference the issue asks for.
 * - mode=command: `CommandService.execute` of the parsed CREATE_NODE body, one after the
 *   other, through SqliteGraphStore (its transaction, the command log, trim) with the
 *   service's durability (synchronous=NORMAL plus a WAL fdatasync off the event loop before
 *   each command resolves): everything the service does per command except HTTP, auth and
 *   logging. A diagnostic: it splits the gap
 *   between raw and HTTP into "the command's transaction" and "the HTTP stack".
 *
 * A child process with an HTTP control endpoint so that it runs on its own core like the
 * service and is started, watched and killed like every other benchmark child.
 *
 * GET /                      -> 200 (ready; reports the synchronous pragma)
 * GET /run?s=N&mode=M        -> works for N seconds, answers { ops, seconds, perSec }
 *
 * Env: PORT; BENCH_DB (scratch file, created); BENCH_COMMAND (the CREATE_NODE body as JSON).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { openDatabase } from '../../src/adapters/sqlite/database';
import { nodeParams } from '../../src/adapters/sqlite/graph-rows';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import { GraphWriterStatements } from '../../src/adapters/sqlite/graph-writer';
import { CommandService } from '../../src/commands/command-service';
import { commandSchema } from '../../src/commands/schemas';
import type { GraphNode } from '../../src/domain/graph';
import { SCOPES } from '../../src/domain/scopes';
import { systemClock } from '../../src/ports/clock';

const port = Number(process.env.PORT);
const commandBody: unknown = JSON.parse(process.env.BENCH_COMMAND ?? '{}');
const parsed = commandSchema.parse(commandBody);
if (parsed.type !== 'CREATE_NODE') {
  throw new Error('BENCH_COMMAND must be a CREATE_NODE command');
}
const payload = parsed.payload;
const insertWorkspace = randomUUID();
const commandWorkspace = randomUUID();

const db = openDatabase({ filename: process.env.BENCH_DB ?? '' });
const statements = new GraphWriterStatements(db.writer);
// As src/container/index.ts wires it (history depth: the default of COMMAND_HISTORY_DEPTH).
const commands = new CommandService(new SqliteGraphStore(db), systemClock, {
  historyDepth: 100,
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
});

function insertOne(): void {
  const now = new Date().toISOString();
  const node: GraphNode = {
    id: randomUUID(),
    entityType: payload.entityType,
    name: payload.name,
    properties: payload.properties,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  statements.insertNode.run(nodeParams(insertWorkspace, node));
}

async function commandOne(): Promise<void> {
  await commands.execute(commandSchema.parse(commandBody), {
    workspaceId: commandWorkspace,
    actorId: 'bench-actor',
    scopes: SCOPES,
  });
}

async function runFor(
  seconds: number,
  mode: 'insert' | 'command',
): Promise<{ ops: number; seconds: number; perSec: number }> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let ops = 0;
  // The raw reference syncs inside every COMMIT, as plain SQLite does; commands use the
  // service's own deferred sync.
  db.writer.pragma(mode === 'insert' ? 'synchronous = FULL' : 'synchronous = NORMAL');
  while (performance.now() < end) {
    if (mode === 'insert') {
      insertOne();
    } else {
      await commandOne();
    }
    ops += 1;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { ops, seconds: elapsed, perSec: ops / elapsed };
}

const app = express();
app.get('/', (_req, res) => {
  res.json({ ok: true });
});
app.get('/run', async (req, res) => {
  const seconds = Math.min(Math.max(Number(req.query.s) || 1, 0.1), 60);
  const mode = req.query.mode === 'command' ? 'command' : 'insert';
  res.json(await runFor(seconds, mode));
});
app.listen(port, '127.0.0.1');

process.on('SIGTERM', () => {
  db.close();
  process.exit(0);
});
