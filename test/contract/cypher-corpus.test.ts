import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCypherEngine } from '../../src/adapters/sqlite/cypher/engine';
import { openDatabase } from '../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../src/adapters/sqlite/graph-store';
import { cypherEngineContract } from './cypher-engine.contract';

// The Neo4j engine runs the same contract when NEO4J_URI is set (its own test file, next to
// the engine's other Neo4j tests).
cypherEngineContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-corpus-'));
  const filename = path.join(dir, 'graph.db');
  const db = openDatabase({ filename });
  const engine = new SqliteCypherEngine({ filename, indexedKeys: new Set(['status']), threads: 2 });
  return Promise.resolve({
    store: new SqliteGraphStore(db),
    engine,
    cleanup: async () => {
      await engine.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
});
