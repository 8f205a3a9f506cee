import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { SqliteOntologyStore } from '../../../src/adapters/sqlite/ontology-store';
import { ontologyStoreContract } from './ontology-store.contract';

ontologyStoreContract('sqlite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontology-store-'));
  const db = openDatabase({ filename: path.join(dir, 'ontology.db') });
  return Promise.resolve({
    graph: new SqliteGraphStore(db),
    ontology: new SqliteOntologyStore(db),
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
