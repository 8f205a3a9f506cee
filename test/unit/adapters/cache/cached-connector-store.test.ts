import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CachedConnectorStore } from '../../../../src/adapters/cache/cached-connector-store';
import { SqliteConnectorStore } from '../../../../src/adapters/sqlite/connector-store';
import { openDatabase } from '../../../../src/adapters/sqlite/database';
import type { Connector } from '../../../../src/domain/webhooks';
import type { ConnectorStore } from '../../../../src/ports/connector-store';
import { SecretBox, type SecretContext } from '../../../../src/secrets/secret-box';
import { keyBytes, KEY_A } from '../../../support/secrets';

const connector: Connector = {
  id: 'con_1',
  workspaceId: 'ws',
  type: 'Webhook',
  name: 'c',
  entityType: 'WebhookEvent',
  endpointId: 'ep_1',
  secret: 'whsec_old',
  previousSecret: null,
  previousSecretExpiresAt: null,
  secretRotatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A store holding at most one connector, counting look-ups by endpoint. */
function fakeStore(initial: Connector | null) {
  let stored = initial;
  const calls = { find: 0 };
  const inner = {
    findConnectorByEndpoint: (endpointId: string) => {
      calls.find += 1;
      return Promise.resolve(stored?.endpointId === endpointId ? stored : null);
    },
    rotateSecret: () => {
      stored = stored && { ...stored, secret: 'whsec_new', previousSecret: stored.secret };
      return Promise.resolve(stored);
    },
    deleteConnector: () => {
      const existed = stored !== null;
      stored = null;
      return Promise.resolve(existed);
    },
  } as unknown as ConnectorStore;
  return { inner, calls, add: (c: Connector) => (stored = c) };
}

describe('CachedConnectorStore', () => {
  it('serves repeated look-ups by endpoint from the cache', async () => {
    const { inner, calls } = fakeStore(connector);
    const cached = new CachedConnectorStore(inner);
    expect(await cached.findConnectorByEndpoint('ep_1')).toEqual(connector);
    expect(await cached.findConnectorByEndpoint('ep_1')).toEqual(connector);
    expect(calls.find).toBe(1);
  });

  it('uses the new secret at once after a rotation', async () => {
    const { inner } = fakeStore(connector);
    const cached = new CachedConnectorStore(inner);
    await cached.findConnectorByEndpoint('ep_1');
    await cached.rotateSecret('ws', 'con_1', {
      secret: 'whsec_new',
      previousSecret: 'whsec_old',
      previousSecretExpiresAt: null,
      rotatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect((await cached.findConnectorByEndpoint('ep_1'))?.secret).toBe('whsec_new');
  });

  it('forgets a deleted connector at once', async () => {
    const { inner } = fakeStore(connector);
    const cached = new CachedConnectorStore(inner);
    await cached.findConnectorByEndpoint('ep_1');
    expect(await cached.deleteConnector('ws', 'con_1')).toBe(true);
    expect(await cached.findConnectorByEndpoint('ep_1')).toBeNull();
  });

  it('decrypts a connector once per cached look-up, not once per delivery', async () => {
    /** A box counting the values it opens. */
    class CountingBox extends SecretBox {
      opened = 0;
      override open(stored: string, context: SecretContext) {
        this.opened += 1;
        return super.open(stored, context);
      }
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cached-connectors-'));
    const db = openDatabase({ filename: path.join(dir, 'connectors.db') });
    try {
      const box = new CountingBox(keyBytes(KEY_A));
      const stored = { ...connector, secret: 'whsec_old', previousSecret: 'whsec_previous' };
      const sqlite = new SqliteConnectorStore(db, box);
      await sqlite.createConnector(stored);
      const cached = new CachedConnectorStore(sqlite);
      for (let i = 0; i < 100; i += 1) {
        expect(await cached.findConnectorByEndpoint('ep_1')).toEqual(stored);
      }
      // The secret and the previous secret, each opened once.
      expect(box.opened).toBe(2);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not cache unknown endpoints, so a new connector answers at once', async () => {
    const { inner, add } = fakeStore(null);
    const cached = new CachedConnectorStore(inner);
    expect(await cached.findConnectorByEndpoint('ep_1')).toBeNull();
    add(connector);
    expect(await cached.findConnectorByEndpoint('ep_1')).toEqual(connector);
  });
});
