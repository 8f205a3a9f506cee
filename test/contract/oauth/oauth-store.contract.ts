import { randomUUID } from 'node:crypto';
import type { AuthorizationRequest, OAuthClient } from '../../../src/domain/oauth';
import type { Scope } from '../../../src/domain/scopes';
import type { OAuthClientStore } from '../../../src/ports/oauth-client-store';
import type {
  NewAuthorizationCode,
  OAuthGrantStore,
  TokenPair,
} from '../../../src/ports/oauth-grant-store';
import type { UserStore } from '../../../src/ports/user-store';

/** The stores under test, from one engine, plus a way to make a workspace to point at. */
export interface OAuthStoresUnderTest {
  users: UserStore;
  clients: OAuthClientStore;
  grants: OAuthGrantStore;
  createWorkspace(id: string): Promise<void>;
  cleanup(): Promise<void>;
}

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
/**
 * The times of concurrent calls of one single-use operation, one second apart from `from`:
 * eight callers, so that an operation that checks before it locks lets several through.
 */
const racing = (from: number) => Array.from({ length: 8 }, (_, i) => at(from + i));
/**
 * The time of the one call that won, after checking that exactly one did. Any of them may
 * win: the contract is "exactly once", not the order in which the calls were made.
 */
function winner(times: string[], results: boolean[]): string | undefined {
  expect(results.filter(Boolean)).toHaveLength(1);
  return times[results.indexOf(true)];
}
const unique = (kind: string) => `${kind}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/**
 * The behaviour every engine's UserStore, OAuthClientStore and OAuthGrantStore must show
 * (docs/oauth.md). Every test makes its own users, clients and workspaces (random ids), so the
 * suite also runs against a shared server such as Neo4j. What matters most: the single-use
 * operations are atomic (of two concurrent calls exactly one wins), and revoking a family
 * or a code reaches every token of it, including one issued after the revocation.
 */
export function oauthStoreContract(name: string, factory: () => Promise<OAuthStoresUnderTest>) {
  describe(`OAuth stores contract: ${name}`, () => {
    let s: OAuthStoresUnderTest;
    beforeAll(async () => {
      s = await factory();
    });
    afterAll(() => s.cleanup());

    async function workspace(): Promise<string> {
      const id = randomUUID();
      await s.createWorkspace(id);
      return id;
    }
    async function user(email = `${randomUUID()}@example.com`) {
      const created = await s.users.create({
        id: unique('usr'),
        email,
        passwordHash: 'scrypt$hash',
        createdAt: at(0),
      });
      if (!created) {
        throw new Error('user not created');
      }
      return created;
    }
    async function client(workspaceId?: string): Promise<OAuthClient> {
      return s.clients.create({
        id: unique('cli'),
        workspaceId: workspaceId ?? (await workspace()),
        name: 'app',
        redirectUri: 'https://app.example.com/cb',
        scopes: ['read:nodes', 'write:nodes'],
        createdAt: at(0),
        createdBy: null,
      });
    }
    /** A code of client `c` for `userId` (a client id of its own when given), not stored. */
    function codeRecord(c: OAuthClient, userId: string, clientId = c.id): NewAuthorizationCode {
      return {
        id: unique('code'),
        codeHash: unique('hash'),
        clientId,
        userId,
        redirectUri: c.redirectUri,
        scopes: ['read:nodes'],
        codeChallenge: 'c'.repeat(43),
        codeChallengeMethod: 'S256',
        createdAt: at(0),
        expiresAt: at(60),
      };
    }
    async function codeFor(c: OAuthClient, userId: string): Promise<NewAuthorizationCode> {
      const code = codeRecord(c, userId);
      await s.grants.createCode(code);
      return code;
    }
    function pair(): TokenPair {
      return {
        access: {
          id: unique('at'),
          tokenHash: unique('ah'),
          scopes: ['read:nodes'],
          createdAt: at(1),
          expiresAt: at(3601),
        },
        refresh: {
          id: unique('rt'),
          tokenHash: unique('rh'),
          scopes: ['read:nodes'],
          createdAt: at(1),
          expiresAt: at(30 * 86400),
        },
      };
    }
    /** A client, a user, a redeemed code and a family with its first pair. */
    async function family() {
      const c = await client();
      const u = await user();
      const code = await codeFor(c, u.id);
      const first = pair();
      const familyId = unique('fam');
      await s.grants.startFamily(
        {
          id: familyId,
          clientId: c.id,
          userId: u.id,
          authorizationCodeId: code.id,
          createdAt: at(1),
        },
        first,
      );
      return { c, u, code, first, familyId };
    }

    describe('users', () => {
      it('creates, finds by id and email (with the hash), and refuses a taken email', async () => {
        const email = `${randomUUID()}@example.com`;
        const created = await user(email);
        expect(created).toEqual({ id: created.id, email, createdAt: at(0) });
        expect(await s.users.get(created.id)).toEqual(created);
        expect(await s.users.findByEmail(email)).toEqual({
          ...created,
          passwordHash: 'scrypt$hash',
        });
        expect(await s.users.findByEmail(`missing-${email}`)).toBeNull();
        expect(await s.users.get('usr_missing')).toBeNull();
        const again = await s.users.create({
          id: unique('usr'),
          email,
          passwordHash: 'x',
          createdAt: at(1),
        });
        expect(again).toBeNull();
      });

      it('of sign-ups with one email at the same time, exactly one creates a user', async () => {
        const email = `${randomUUID()}@example.com`;
        const ids = Array.from({ length: 8 }, () => unique('usr'));
        const created = await Promise.all(
          ids.map((id) =>
            s.users.create({ id, email, passwordHash: 'scrypt$hash', createdAt: at(0) }),
          ),
        );
        const winners = created.filter((u) => u !== null);
        expect(winners).toHaveLength(1);
        expect((await s.users.findByEmail(email))?.id).toBe(winners[0]?.id);
      });

      it('lists users oldest first with a total', async () => {
        const before = await s.users.list({ limit: 0, offset: 0 });
        const newer = await user();
        const older = await s.users.create({
          id: unique('usr'),
          email: `${randomUUID()}@example.com`,
          passwordHash: 'scrypt$hash',
          createdAt: at(-1),
        });
        const after = await s.users.list({ limit: 1000, offset: 0 });
        // Users are not per workspace: on a shared server, others may be created meanwhile.
        expect(after.total).toBeGreaterThanOrEqual(before.total + 2);
        const ids = after.items.map((u) => u.id);
        expect(after.items).toContainEqual(older);
        expect(after.items).toContainEqual(newer);
        expect(ids.indexOf(older?.id ?? '')).toBeLessThan(ids.indexOf(newer.id));
      });

      it('puts memberships (replacing scopes, keeping createdAt) and lists them', async () => {
        const u = await user();
        const [w1, w2] = [await workspace(), await workspace()];
        const first = await s.users.putMembership({
          userId: u.id,
          workspaceId: w1,
          scopes: ['read:nodes'],
          createdAt: at(0),
          updatedAt: at(0),
        });
        expect(first).toEqual({
          userId: u.id,
          workspaceId: w1,
          scopes: ['read:nodes'],
          createdAt: at(0),
          updatedAt: at(0),
        });
        const replaced = await s.users.putMembership({
          ...first,
          scopes: ['admin'],
          createdAt: at(5),
          updatedAt: at(5),
        });
        expect(replaced).toEqual({ ...first, scopes: ['admin'], updatedAt: at(5) });
        await s.users.putMembership({
          ...first,
          workspaceId: w2,
          createdAt: at(9),
          updatedAt: at(9),
        });
        expect((await s.users.memberships(u.id)).map((m) => m.workspaceId)).toEqual([w1, w2]);
        expect(await s.users.memberships('usr_missing')).toEqual([]);
      });

      it('puts one membership however many puts of it run at the same time', async () => {
        const u = await user();
        const w = await workspace();
        const scopes = [['read:nodes'], ['admin'], ['write:nodes'], ['read:nodes', 'write:nodes']];
        const put = await Promise.all(
          scopes.map((granted, i) =>
            s.users.putMembership({
              userId: u.id,
              workspaceId: w,
              scopes: granted as Scope[],
              createdAt: at(i),
              updatedAt: at(i),
            }),
          ),
        );
        const [kept, ...rest] = await s.users.memberships(u.id);
        expect(rest).toEqual([]);
        // The first to commit created it, and every other put kept its creation time; the
        // last replaced the scopes.
        expect(put.map((m) => m.createdAt)).toEqual(put.map(() => kept?.createdAt));
        expect(put).toContainEqual(expect.objectContaining({ scopes: kept?.scopes }));
      });

      it('refuses a membership of a user or workspace that does not exist', async () => {
        const u = await user();
        const w = await workspace();
        const membership = { scopes: ['admin'] as Scope[], createdAt: at(0), updatedAt: at(0) };
        const refused = (p: Promise<unknown>) =>
          p.then(
            () => 'resolved',
            () => 'rejected',
          );
        expect(
          await refused(
            s.users.putMembership({ ...membership, userId: u.id, workspaceId: randomUUID() }),
          ),
        ).toBe('rejected');
        expect(
          await refused(
            s.users.putMembership({ ...membership, userId: 'usr_missing', workspaceId: w }),
          ),
        ).toBe('rejected');
        expect(await s.users.memberships(u.id)).toEqual([]);
      });
    });

    describe('clients', () => {
      it('creates, gets globally, lists per workspace and overall', async () => {
        const w = await workspace();
        const a = await client(w);
        const b = await client(w);
        const elsewhere = await client();
        expect(await s.clients.get(a.id)).toEqual(a);
        expect(await s.clients.get('cli_missing')).toBeNull();
        const page = await s.clients.list(w, { limit: 10, offset: 0 });
        expect(page.total).toBe(2);
        expect(page.items.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
        const all = await s.clients.listAll({ limit: 10_000, offset: 0 });
        expect(all.items.map((c) => c.id)).toEqual(
          expect.arrayContaining([a.id, b.id, elsewhere.id]),
        );
      });

      it("deletes only the workspace's own client, and with it everything issued to it", async () => {
        const { c, first, code } = await family();
        expect(await s.clients.delete(randomUUID(), c.id)).toBe(false);
        expect(await s.clients.delete(c.workspaceId, c.id)).toBe(true);
        expect(await s.clients.delete(c.workspaceId, c.id)).toBe(false);
        expect(await s.clients.get(c.id)).toBeNull();
        expect(await s.grants.findAccessToken(first.access.tokenHash)).toBeNull();
        expect(await s.grants.findRefreshToken(first.refresh.tokenHash)).toBeNull();
        expect(await s.grants.findCode(code.codeHash)).toBeNull();
      });
    });

    /** A pending authorization request of client `c` (or of `clientId`), not stored. */
    function requestRecord(
      c: OAuthClient,
      createdAt: string,
      expiresAt: string,
      clientId = c.id,
    ): AuthorizationRequest {
      return {
        id: unique('ar'),
        clientId,
        redirectUri: c.redirectUri,
        scopes: ['read:nodes'],
        state: 's',
        codeChallenge: 'c'.repeat(43),
        browserHash: 'b',
        userId: null,
        createdAt,
        expiresAt,
        completedAt: null,
      };
    }

    /** A pending authorization request of a new client, stored. */
    async function storedRequest(
      createdAt: string,
      expiresAt: string,
    ): Promise<AuthorizationRequest> {
      const request = requestRecord(await client(), createdAt, expiresAt);
      await s.grants.createRequest(request);
      return request;
    }

    describe('authorization requests', () => {
      const pending = () => storedRequest(at(0), at(600));

      it('stores a request, records its user, and completes it once', async () => {
        const request = await pending();
        expect(await s.grants.getRequest(request.id)).toEqual(request);
        const u = await user();
        expect(await s.grants.setRequestUser(request.id, u.id)).toBe(true);
        expect((await s.grants.getRequest(request.id))?.userId).toBe(u.id);
        const times = racing(10);
        const results = await Promise.all(
          times.map((t) => s.grants.completeRequest(request.id, t)),
        );
        expect((await s.grants.getRequest(request.id))?.completedAt).toBe(winner(times, results));
        expect(await s.grants.setRequestUser(request.id, u.id)).toBe(false);
        expect(await s.grants.getRequest('ar_missing')).toBeNull();
      });
    });

    describe('records whose client or user does not exist', () => {
      // (Not `toThrow`: SQLite's error may come from another Jest realm's Error class.)
      it('refuses a request of an unknown client, and stores nothing', async () => {
        const request = requestRecord(await client(), at(0), at(600), 'cli_missing');
        await expect(s.grants.createRequest(request)).rejects.toHaveProperty('message');
        expect(await s.grants.getRequest(request.id)).toBeNull();
      });

      it('refuses a code of an unknown client or user, and stores nothing', async () => {
        const c = await client();
        const u = await user();
        for (const [clientId, userId] of [
          ['cli_missing', u.id],
          [c.id, 'usr_missing'],
        ] as const) {
          const code = codeRecord(c, userId, clientId);
          await expect(s.grants.createCode(code)).rejects.toHaveProperty('message');
          expect(await s.grants.findCode(code.codeHash)).toBeNull();
        }
      });

      it('refuses a token family of an unknown client or user, and stores no token', async () => {
        const c = await client();
        const u = await user();
        const code = await codeFor(c, u.id);
        for (const [clientId, userId] of [
          ['cli_missing', u.id],
          [c.id, 'usr_missing'],
        ] as const) {
          const tokens = pair();
          await expect(
            s.grants.startFamily(
              {
                id: unique('fam'),
                clientId,
                userId,
                authorizationCodeId: code.id,
                createdAt: at(1),
              },
              tokens,
            ),
          ).rejects.toHaveProperty('message');
          expect(await s.grants.findAccessToken(tokens.access.tokenHash)).toBeNull();
          expect(await s.grants.findRefreshToken(tokens.refresh.tokenHash)).toBeNull();
        }
      });
    });

    describe('authorization codes', () => {
      it('finds a code by hash and consumes it exactly once, even concurrently', async () => {
        const code = await codeFor(await client(), (await user()).id);
        expect(await s.grants.findCode(code.codeHash)).toEqual({
          ...code,
          consumedAt: null,
          revokedAt: null,
        });
        const times = racing(5);
        const results = await Promise.all(times.map((t) => s.grants.consumeCode(code.id, t)));
        expect((await s.grants.findCode(code.codeHash))?.consumedAt).toBe(winner(times, results));
      });

      it('revoking a code revokes its families, including one started afterwards', async () => {
        const { c, u, code, first } = await family();
        await s.grants.revokeCode(code.id, at(20));
        expect((await s.grants.findCode(code.codeHash))?.revokedAt).toBe(at(20));
        expect((await s.grants.findAccessToken(first.access.tokenHash))?.revokedAt).toBe(at(20));
        expect((await s.grants.findRefreshToken(first.refresh.tokenHash))?.revokedAt).toBe(at(20));

        const late = pair();
        await s.grants.startFamily(
          {
            id: unique('fam'),
            clientId: c.id,
            userId: u.id,
            authorizationCodeId: code.id,
            createdAt: at(21),
          },
          late,
        );
        expect((await s.grants.findAccessToken(late.access.tokenHash))?.revokedAt).not.toBeNull();
        expect(await s.grants.rotateRefreshToken(late.refresh.id, at(22))).toBe(false);
      });
    });

    describe('a code reused while it is redeemed', () => {
      it('revokes the family started at the same time as the code, whichever commits first', async () => {
        const c = await client();
        const u = await user();
        for (let round = 0; round < 6; round += 1) {
          const code = await codeFor(c, u.id);
          const issued = pair();
          await Promise.all([
            s.grants.startFamily(
              {
                id: unique('fam'),
                clientId: c.id,
                userId: u.id,
                authorizationCodeId: code.id,
                createdAt: at(1),
              },
              issued,
            ),
            s.grants.revokeCode(code.id, at(2)),
          ]);
          expect(
            (await s.grants.findAccessToken(issued.access.tokenHash))?.revokedAt,
          ).not.toBeNull();
          expect(
            (await s.grants.findRefreshToken(issued.refresh.tokenHash))?.revokedAt,
          ).not.toBeNull();
        }
      });
    });

    describe('purge of expired records', () => {
      // Times far before every other record of the suite (and of a shared server), so the
      // counts below are exactly this test's records.
      const P0 = Date.UTC(2001, 0, 1);
      const old = (seconds: number) => new Date(P0 + seconds * 1000).toISOString();
      const cutoff = old(1000);

      const requestExpiring = (expiresAt: string) => storedRequest(old(0), expiresAt);
      async function codeExpiring(c: OAuthClient, userId: string, expiresAt: string) {
        const code: NewAuthorizationCode = {
          id: unique('code'),
          codeHash: unique('hash'),
          clientId: c.id,
          userId,
          redirectUri: c.redirectUri,
          scopes: ['read:nodes'],
          codeChallenge: 'c'.repeat(43),
          codeChallengeMethod: 'S256',
          createdAt: old(0),
          expiresAt,
        };
        await s.grants.createCode(code);
        return code;
      }
      function pairExpiring(accessExpiresAt: string, refreshExpiresAt: string): TokenPair {
        const p = pair();
        return {
          access: { ...p.access, createdAt: old(1), expiresAt: accessExpiresAt },
          refresh: { ...p.refresh, createdAt: old(1), expiresAt: refreshExpiresAt },
        };
      }
      async function familyWith(first: TokenPair) {
        const c = await client();
        const u = await user();
        const code = await codeExpiring(c, u.id, old(60));
        await s.grants.consumeCode(code.id, old(2));
        const familyId = unique('fam');
        await s.grants.startFamily(
          {
            id: familyId,
            clientId: c.id,
            userId: u.id,
            authorizationCodeId: code.id,
            createdAt: old(2),
          },
          first,
        );
        return { c, u, code, familyId };
      }

      it('deletes what expired before the cutoff, and the families left without tokens', async () => {
        const expiredRequest = await requestExpiring(old(600));
        const atCutoff = await requestExpiring(cutoff);
        const liveRequest = await requestExpiring(old(5000));

        // A family whose access token expired but whose refresh token has not: it stays.
        const keptPair = pairExpiring(old(500), old(5000));
        const kept = await familyWith(keptPair);
        // A family every token of which expired (a rotated pair and its successor): it goes.
        const [goneFirst, goneNext] = [
          pairExpiring(old(100), old(200)),
          pairExpiring(old(300), old(900)),
        ];
        const gone = await familyWith(goneFirst);
        await s.grants.rotateRefreshToken(goneFirst.refresh.id, old(150));
        await s.grants.addToFamily(gone.familyId, goneNext);
        // A revoked family with live tokens: it stays, still revoked.
        const revokedPair = pairExpiring(old(4000), old(5000));
        const revoked = await familyWith(revokedPair);
        await s.grants.revokeFamily(revoked.familyId, old(3), 'revoked_by_client');
        // The codes of those three families expired (consumed or not, they go); a live one stays.
        const liveCode = await codeExpiring(kept.c, kept.u.id, old(2000));

        expect(await s.grants.purgeExpired(cutoff)).toEqual({
          requests: 1,
          codes: 3,
          accessTokens: 3,
          refreshTokens: 2,
          families: 1,
        });

        expect(await s.grants.getRequest(expiredRequest.id)).toBeNull();
        expect(await s.grants.getRequest(atCutoff.id)).toEqual(atCutoff);
        expect(await s.grants.getRequest(liveRequest.id)).toEqual(liveRequest);

        for (const f of [kept, gone, revoked]) {
          expect(await s.grants.findCode(f.code.codeHash)).toBeNull();
        }
        expect((await s.grants.findCode(liveCode.codeHash))?.id).toBe(liveCode.id);

        expect(await s.grants.findAccessToken(keptPair.access.tokenHash)).toBeNull();
        expect(await s.grants.findRefreshToken(keptPair.refresh.tokenHash)).toMatchObject({
          id: keptPair.refresh.id,
          familyId: kept.familyId,
          revokedAt: null,
        });
        for (const p of [goneFirst, goneNext]) {
          expect(await s.grants.findAccessToken(p.access.tokenHash)).toBeNull();
          expect(await s.grants.findRefreshToken(p.refresh.tokenHash)).toBeNull();
        }
        expect(await s.grants.findAccessToken(revokedPair.access.tokenHash)).toMatchObject({
          familyId: revoked.familyId,
          revokedAt: old(3),
        });
        expect((await s.grants.findRefreshToken(revokedPair.refresh.tokenHash))?.revokedAt).toBe(
          old(3),
        );

        // The surviving family still takes the pair of its next refresh; the purged one is gone.
        const next = pairExpiring(old(6000), old(7000));
        await s.grants.addToFamily(kept.familyId, next);
        expect((await s.grants.findAccessToken(next.access.tokenHash))?.familyId).toBe(
          kept.familyId,
        );
        // (Not `toThrow`: SQLite's error may come from another Jest realm's Error class.)
        await expect(s.grants.addToFamily(gone.familyId, pair())).rejects.toHaveProperty('message');

        // Nothing left to purge at the same cutoff.
        expect(await s.grants.purgeExpired(cutoff)).toEqual({
          requests: 0,
          codes: 0,
          accessTokens: 0,
          refreshTokens: 0,
          families: 0,
        });
      });
    });

    describe('tokens', () => {
      it('finds access and refresh tokens by hash with their family, client and user', async () => {
        const { c, u, first, familyId } = await family();
        expect(await s.grants.findAccessToken(first.access.tokenHash)).toEqual({
          id: first.access.id,
          familyId,
          clientId: c.id,
          userId: u.id,
          userEmail: u.email,
          scopes: ['read:nodes'],
          createdAt: at(1),
          expiresAt: at(3601),
          revokedAt: null,
        });
        expect(await s.grants.findRefreshToken(first.refresh.tokenHash)).toEqual({
          id: first.refresh.id,
          familyId,
          clientId: c.id,
          userId: u.id,
          scopes: ['read:nodes'],
          createdAt: at(1),
          expiresAt: at(30 * 86400),
          rotatedAt: null,
          revokedAt: null,
        });
        expect(await s.grants.findAccessToken('missing')).toBeNull();
        expect(await s.grants.findRefreshToken('missing')).toBeNull();
      });

      it('rotates a refresh token exactly once, even concurrently', async () => {
        const { first, familyId } = await family();
        const times = racing(30);
        const results = await Promise.all(
          times.map((t) => s.grants.rotateRefreshToken(first.refresh.id, t)),
        );
        expect((await s.grants.findRefreshToken(first.refresh.tokenHash))?.rotatedAt).toBe(
          winner(times, results),
        );
        const next = pair();
        await s.grants.addToFamily(familyId, next);
        expect((await s.grants.findRefreshToken(next.refresh.tokenHash))?.familyId).toBe(familyId);
      });

      it('revoking a family reaches every token of it, and tokens added later', async () => {
        const { first, familyId } = await family();
        const second = pair();
        await s.grants.addToFamily(familyId, second);
        await s.grants.revokeFamily(familyId, at(40), 'refresh_token_reuse');
        await s.grants.revokeFamily(familyId, at(41), 'revoked_by_client');
        const later = pair();
        await s.grants.addToFamily(familyId, later);
        for (const p of [first, second, later]) {
          expect((await s.grants.findAccessToken(p.access.tokenHash))?.revokedAt).toBe(at(40));
          expect((await s.grants.findRefreshToken(p.refresh.tokenHash))?.revokedAt).toBe(at(40));
        }
        expect(await s.grants.rotateRefreshToken(later.refresh.id, at(42))).toBe(false);
      });

      it('revokes one access token and leaves the rest of the family alone', async () => {
        const { first, familyId } = await family();
        const second = pair();
        await s.grants.addToFamily(familyId, second);
        await s.grants.revokeAccessToken(first.access.id, at(50));
        await s.grants.revokeAccessToken(first.access.id, at(51));
        expect((await s.grants.findAccessToken(first.access.tokenHash))?.revokedAt).toBe(at(50));
        expect((await s.grants.findAccessToken(second.access.tokenHash))?.revokedAt).toBeNull();
        expect((await s.grants.findRefreshToken(first.refresh.tokenHash))?.revokedAt).toBeNull();
      });
    });
  });
}
