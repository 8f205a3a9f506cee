import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCypherEngine } from '../../../src/adapters/sqlite/cypher/runtime/engine';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { cypherEngineContract } from './cypher-engine.contract';

// The Neo4j engine runs the same contract in neo4j.test.ts; corpus-on-both-engines.test.ts
// compares the two engines' answers.
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
