import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteVectorIndex } from '../../../src/adapters/sqlite/vector-index';
import { unit, vectorIndexContract } from './vector-index.contract';

function tempStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vector-index-'));
  const filename = path.join(dir, 'vectors.db');
  const db = openDatabase({ filename });
  return {
    db,
    filename,
    remove: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

vectorIndexContract('sqlite-vec', () => {
  const { db, remove } = tempStore();
  return Promise.resolve({
    index: new SqliteVectorIndex(db),
    cleanup: () => Promise.resolve(remove()),
  });
});

describe('SqliteVectorIndex specifics', () => {
  it('finds the index and its dimensions again after a restart', async () => {
    const store = tempStore();
    try {
      const ws = 'a7e0c2de-4d1f-4f55-9b3a-0c8f6a1d2e3b';
      await new SqliteVectorIndex(store.db).ensure(4);
      await new SqliteVectorIndex(store.db).upsert([
        { workspaceId: ws, nodeId: 'a', entityType: 'Pump', vector: unit(1, 0, 0, 0) },
      ]);
      store.db.close();
      const reopened = openDatabase({ filename: store.filename });
      try {
        const index = new SqliteVectorIndex(reopened);
        expect(await index.count(ws)).toBe(1);
        const hits = await index.search({ workspaceId: ws, vector: unit(1, 0, 0, 0), topK: 3 });
        expect(hits.map((h) => h.nodeId)).toEqual(['a']);
        expect(await index.ensure(4)).toEqual({ recreated: false });
      } finally {
        reopened.close();
      }
    } finally {
      fs.rmSync(path.dirname(store.filename), { recursive: true, force: true });
    }
  });

  it('answers searches from the reader connection, which has sqlite-vec loaded', () => {
    const store = tempStore();
    try {
      const version = store.db.reader.prepare('SELECT vec_version() AS v').get() as { v: string };
      expect(version.v).toBe('v0.1.9');
    } finally {
      store.remove();
    }
  });
});
