import type { Logger } from 'pino';
import {
  OAUTH_MAINTENANCE_EVERY_MS,
  OAUTH_PURGE_MARGIN_MS,
  OAuthMaintenance,
} from '../../../src/auth/oauth/maintenance';
import type { OAuthGrantStore, PurgedOAuthRecords } from '../../../src/ports/oauth-grant-store';
import { ManualClock } from '../../support/manual-clock';

const PURGED: PurgedOAuthRecords = {
  requests: 1,
  codes: 2,
  accessTokens: 3,
  refreshTokens: 4,
  families: 5,
};

/** A grant store that records the cutoffs it is asked to purge before. */
function fakeStore(purge: (before: string) => Promise<PurgedOAuthRecords>) {
  const cutoffs: string[] = [];
  const store = {
    purgeExpired: (before: string) => {
      cutoffs.push(before);
      return purge(before);
    },
  } as unknown as OAuthGrantStore;
  return { store, cutoffs };
}

function fakeLogger() {
  const debug = jest.fn();
  const error = jest.fn();
  return { logger: { debug, error } as unknown as Logger, debug, error };
}

describe('OAuthMaintenance', () => {
  it('purges what expired more than 24 hours ago, and reports the counts', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
    const { store, cutoffs } = fakeStore(() => Promise.resolve(PURGED));
    const maintenance = new OAuthMaintenance(store, clock);

    expect(await maintenance.run()).toEqual(PURGED);
    clock.advance(60 * 60 * 1000);
    await maintenance.run();

    expect(OAUTH_PURGE_MARGIN_MS).toBe(24 * 60 * 60 * 1000);
    expect(cutoffs).toEqual(['2026-01-14T12:00:00.000Z', '2026-01-14T13:00:00.000Z']);
  });

  it('passes a store failure on', async () => {
    const { store } = fakeStore(() => Promise.reject(new Error('store down')));
    await expect(new OAuthMaintenance(store, new ManualClock()).run()).rejects.toThrow(
      'store down',
    );
  });

  describe('start', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('runs every 10 minutes, logs the counts at debug, and stops', async () => {
      const { store, cutoffs } = fakeStore(() => Promise.resolve(PURGED));
      const { logger, debug, error } = fakeLogger();
      const stop = new OAuthMaintenance(store, new ManualClock()).start(logger);

      expect(OAUTH_MAINTENANCE_EVERY_MS).toBe(10 * 60 * 1000);
      await jest.advanceTimersByTimeAsync(OAUTH_MAINTENANCE_EVERY_MS - 1);
      expect(cutoffs).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(cutoffs).toHaveLength(1);
      expect(debug).toHaveBeenCalledWith(PURGED, 'oauth maintenance');
      await jest.advanceTimersByTimeAsync(OAUTH_MAINTENANCE_EVERY_MS);
      expect(cutoffs).toHaveLength(2);

      stop();
      await jest.advanceTimersByTimeAsync(5 * OAUTH_MAINTENANCE_EVERY_MS);
      expect(cutoffs).toHaveLength(2);
      expect(error).not.toHaveBeenCalled();
    });

    it('logs a failure at error and tries again at the next tick', async () => {
      let fail = true;
      const { store, cutoffs } = fakeStore(() =>
        fail ? Promise.reject(new Error('store down')) : Promise.resolve(PURGED),
      );
      const { logger, debug, error } = fakeLogger();
      const stop = new OAuthMaintenance(store, new ManualClock()).start(logger);

      await jest.advanceTimersByTimeAsync(OAUTH_MAINTENANCE_EVERY_MS);
      expect(error).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: 'store down' }) as unknown },
        'oauth maintenance failed',
      );
      fail = false;
      await jest.advanceTimersByTimeAsync(OAUTH_MAINTENANCE_EVERY_MS);
      expect(cutoffs).toHaveLength(2);
      expect(debug).toHaveBeenCalledWith(PURGED, 'oauth maintenance');
      stop();
    });

    it('skips a tick while the previous purge is still running', async () => {
      let finish: (purged: PurgedOAuthRecords) => void = () => undefined;
      const { store, cutoffs } = fakeStore(
        () => new Promise<PurgedOAuthRecords>((resolve) => (finish = resolve)),
      );
      const { logger, debug } = fakeLogger();
      const stop = new OAuthMaintenance(store, new ManualClock()).start(logger);

      await jest.advanceTimersByTimeAsync(3 * OAUTH_MAINTENANCE_EVERY_MS);
      expect(cutoffs).toHaveLength(1);
      finish(PURGED);
      await jest.advanceTimersByTimeAsync(OAUTH_MAINTENANCE_EVERY_MS);
      expect(debug).toHaveBeenCalledTimes(1);
      expect(cutoffs).toHaveLength(2);
      stop();
    });

    it('does not keep the process alive', () => {
      const { store } = fakeStore(() => Promise.resolve(PURGED));
      const spy = jest.spyOn(global, 'setInterval');
      const stop = new OAuthMaintenance(store, new ManualClock()).start(fakeLogger().logger);
      const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      spy.mockRestore();
      stop();
    });
  });
});
