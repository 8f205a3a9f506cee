import { randomUUID } from 'node:crypto';
import type { Connector } from '../../../src/domain/webhooks';
import { connectorSecretContext } from '../../../src/ports/connector-records';
import type { ConnectorStore } from '../../../src/ports/connector-store';
import type { SecretRecordRef, UnreadableSecret } from '../../../src/ports/sealed-secrets';
import type { SecretBox } from '../../../src/secrets/secret-box';
import { boxOf, KEY_A, KEY_B, KEY_C } from '../../support/secrets';
import { makeConnector } from './connector-store.contract';

/** A connector's secret fields exactly as the database holds them. */
export interface StoredSecrets {
  secret: string;
  previousSecret: string | null;
}

/** What a runner gives the secrets-at-rest contract. */
export interface ConnectorSecretsFixture {
  /** A store on the database under test, sealing with `box`. */
  storeWith(box: SecretBox): ConnectorStore;
  /** The stored secret fields, read straight from the database (as any reader could). */
  readStored(ref: SecretRecordRef): Promise<StoredSecrets>;
  /** Overwrites the stored secret fields (legacy plaintext, tampering, copying). */
  writeStored(ref: SecretRecordRef, secrets: StoredSecrets): Promise<void>;
  cleanup(): Promise<void>;
}

const PREVIOUS = 'whsec_cHJldmlvdXMtc2VjcmV0LW9mLXRoZS1jb250cmFjdA==';

/**
 * Secrets at rest, on every ConnectorStore adapter: a database reader sees no usable
 * secret, a sealed value opens only with the right key and for its own record and field,
 * anything else fails closed, plaintext from before encryption reads and is re-encrypted in
 * place, and a key rotation (A, then B with A as previous, then B alone) keeps every
 * secret readable. The database may be shared (Neo4j): every test works on connectors of
 * its own, and a pass's report is read for those only.
 */
export function connectorSecretsContract(
  name: string,
  factory: () => Promise<ConnectorSecretsFixture>,
): void {
  describe(`ConnectorStore secrets at rest: ${name}`, () => {
    let f: ConnectorSecretsFixture;
    let storeA: ConnectorStore;
    beforeAll(async () => {
      f = await factory();
      storeA = f.storeWith(boxOf(KEY_A));
    });
    afterAll(async () => {
      await f.cleanup();
    });

    /** A connector stored under key A, with a previous secret too. */
    async function created(store = storeA): Promise<Connector & { secret: string }> {
      const connector = { ...makeConnector(randomUUID()), previousSecret: PREVIOUS };
      await store.createConnector(connector);
      return connector;
    }

    /** Runs a whole re-encryption pass with `store`; what it reported about `refs`. */
    async function reseal(store: ConnectorStore, refs: SecretRecordRef[], limit = 2) {
      const mine = (u: UnreadableSecret) => refs.some((r) => r.id === u.id);
      const unreadable: UnreadableSecret[] = [];
      let after: SecretRecordRef | null = null;
      let chunks = 0;
      do {
        const chunk = await store.resealSecrets(after, limit);
        expect(chunk.examined).toBeLessThanOrEqual(limit);
        unreadable.push(...chunk.unreadable.filter(mine));
        after = chunk.next;
        chunks += 1;
      } while (after !== null);
      return { unreadable, chunks };
    }

    it('stores no secret in clear: a database reader finds neither secret in the record', async () => {
      const connector = await created();
      const raw = await f.readStored(connector);
      const keyId = boxOf(KEY_A).currentKeyId;
      expect(raw.secret).toMatch(new RegExp(`^v1:${keyId}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
      expect(raw.previousSecret).toMatch(new RegExp(`^v1:${keyId}:`));
      const secretBody = connector.secret.slice('whsec_'.length);
      for (const value of [raw.secret, raw.previousSecret ?? '']) {
        expect(value).not.toContain(connector.secret);
        expect(value).not.toContain(secretBody);
        expect(value).not.toContain(Buffer.from(secretBody, 'base64').toString('base64url'));
        expect(value).not.toContain(PREVIOUS.slice('whsec_'.length));
      }
      // Through the store, the secrets read back as they were given.
      expect(await storeA.getConnector(connector.workspaceId, connector.id)).toEqual(connector);
      expect(await storeA.findConnectorByEndpoint(connector.endpointId)).toEqual(connector);
    });

    it('opens a stored value only with the right key, for its own record and field', async () => {
      const connector = await created();
      const raw = await f.readStored(connector);
      const own = connectorSecretContext(connector, 'secret');
      expect(boxOf(KEY_A).open(raw.secret, own)).toMatchObject({ value: connector.secret });
      expect(boxOf(KEY_B).open(raw.secret, own)).toMatchObject({
        status: 'unreadable',
        reason: 'unknown_key',
      });
      for (const context of [
        connectorSecretContext({ ...connector, id: `${connector.id}x` }, 'secret'),
        connectorSecretContext({ ...connector, workspaceId: randomUUID() }, 'secret'),
        connectorSecretContext(connector, 'previousSecret'),
      ]) {
        expect(boxOf(KEY_A).open(raw.secret, context)).toMatchObject({
          status: 'unreadable',
          reason: 'damaged',
        });
      }
    });

    it('fails closed on a ciphertext copied from another connector or altered', async () => {
      const source = await created();
      const copied = await created();
      const altered = await created();
      const sourceRaw = await f.readStored(source);
      await f.writeStored(copied, sourceRaw);
      const alteredRaw = await f.readStored(altered);
      const flip = (v: string) => `${v.slice(0, -2)}${v.at(-2) === 'A' ? 'B' : 'A'}${v.at(-1)}`;
      await f.writeStored(altered, { secret: flip(alteredRaw.secret), previousSecret: null });
      for (const target of [copied, altered]) {
        // Read without an error: the secrets that cannot be opened are simply missing.
        const read = await storeA.getConnector(target.workspaceId, target.id);
        expect(read).toMatchObject({ id: target.id, secret: null, previousSecret: null });
        expect(await storeA.findConnectorByEndpoint(target.endpointId)).toMatchObject({
          secret: null,
        });
      }
      const listed = await storeA.listConnectors(altered.workspaceId, { limit: 10, offset: 0 });
      expect(listed.items.map((c) => c.secret)).toEqual([null]);
      // A rotation repairs it; the secret that could not be read is not carried over.
      const rotated = await storeA.rotateSecret(altered.workspaceId, altered.id, {
        secret: 'whsec_repaired',
        previousSecret: null,
        previousSecretExpiresAt: null,
        rotatedAt: altered.createdAt,
      });
      expect(rotated).toMatchObject({ secret: 'whsec_repaired', previousSecret: null });
    });

    it('reads plaintext stored before encryption, and re-encrypts it in place, in chunks', async () => {
      const ws = randomUUID();
      const connectors = [0, 1, 2, 3, 4].map((i) => makeConnector(ws, i));
      for (const c of connectors) {
        await storeA.createConnector(c);
        await f.writeStored(c, {
          secret: c.secret,
          previousSecret: c === connectors[0] ? PREVIOUS : null,
        });
      }
      const first = connectors[0]!;
      expect(await storeA.getConnector(ws, first.id)).toMatchObject({
        secret: first.secret,
        previousSecret: PREVIOUS,
      });
      const { unreadable, chunks } = await reseal(storeA, connectors, 2);
      expect(unreadable).toEqual([]);
      expect(chunks).toBeGreaterThanOrEqual(3);
      const prefix = `v1:${boxOf(KEY_A).currentKeyId}:`;
      const sealed = await Promise.all(connectors.map((c) => f.readStored(c)));
      for (const [i, raw] of sealed.entries()) {
        expect(raw.secret.startsWith(prefix)).toBe(true);
        expect(raw.secret).not.toContain(connectors[i]!.secret);
      }
      expect(sealed[0]!.previousSecret?.startsWith(prefix)).toBe(true);
      expect(sealed[1]!.previousSecret).toBeNull();
      for (const c of connectors) {
        expect((await storeA.getConnector(ws, c.id))?.secret).toBe(c.secret);
      }
      // Idempotent: a second pass leaves values under the current key exactly as they are.
      await reseal(storeA, connectors, 2);
      expect(await Promise.all(connectors.map((c) => f.readStored(c)))).toEqual(sealed);
    });

    it('rotates the key: A, then B with A as previous and a pass, then B alone', async () => {
      const before = await created(storeA);
      const storeBA = f.storeWith(boxOf(KEY_B, KEY_A));
      const storeB = f.storeWith(boxOf(KEY_B));
      // B with A as previous reads what A sealed, and seals what it writes under B.
      expect(await storeBA.getConnector(before.workspaceId, before.id)).toEqual(before);
      const during = await created(storeBA);
      expect(
        (await f.readStored(during)).secret.startsWith(`v1:${boxOf(KEY_B).currentKeyId}:`),
      ).toBe(true);
      const { unreadable } = await reseal(storeBA, [before, during], 50);
      expect(unreadable).toEqual([]);
      for (const c of [before, during]) {
        const raw = await f.readStored(c);
        expect(raw.secret.startsWith(`v1:${boxOf(KEY_B).currentKeyId}:`)).toBe(true);
        expect(raw.previousSecret?.startsWith(`v1:${boxOf(KEY_B).currentKeyId}:`)).toBe(true);
        // Key A is no longer needed: B alone reads everything.
        expect(await storeB.getConnector(c.workspaceId, c.id)).toEqual(c);
        // And A alone no longer reads anything.
        expect(await storeA.getConnector(c.workspaceId, c.id)).toMatchObject({
          secret: null,
          previousSecret: null,
        });
      }
    });

    it('reports secrets no configured key opens and leaves them exactly as they are', async () => {
      const lost = await created(f.storeWith(boxOf(KEY_C)));
      const raw = await f.readStored(lost);
      const { unreadable } = await reseal(storeA, [lost], 50);
      expect(unreadable).toEqual(
        expect.arrayContaining([
          {
            kind: 'webhook-connector',
            workspaceId: lost.workspaceId,
            id: lost.id,
            field: 'secret',
            reason: 'unknown_key',
            keyId: boxOf(KEY_C).currentKeyId,
          },
          expect.objectContaining({ id: lost.id, field: 'previousSecret' }),
        ]),
      );
      expect(await f.readStored(lost)).toEqual(raw);
      // Restoring the key makes them readable again: nothing was lost.
      expect(
        await f.storeWith(boxOf(KEY_A, KEY_C)).getConnector(lost.workspaceId, lost.id),
      ).toEqual(lost);
    });
  });
}
