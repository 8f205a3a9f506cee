import { randomUUID } from 'node:crypto';
import { InfluxConnection } from '../../../src/adapters/influx/connection';
import { InfluxTimeSeriesStore } from '../../../src/adapters/influx/timeseries-store';
import type { SqliteDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteTimeSeriesStore } from '../../../src/adapters/sqlite/timeseries-store';
import type { DataPoint } from '../../../src/domain/live-data';
import { createLogger } from '../../../src/logger';
import type { TimeSeriesStore } from '../../../src/ports/timeseries-store';
import { influxdUnavailableReason, startInfluxd, type Influxd } from '../../support/influxd';
import { skipEngine } from '../skips';
import { tempDatabase } from './temp-database';
import {
  BUCKET_AGGREGATIONS,
  noisyValues,
  T0,
  timeSeriesStoreContract,
} from './timeseries-store.contract';

/** An InfluxDB store on its own database of a running throwaway server. */
function influxStore(server: Influxd): InfluxTimeSeriesStore {
  return new InfluxTimeSeriesStore(
    new InfluxConnection(
      {
        url: server.url,
        database: `contract_${randomUUID().slice(0, 8)}`,
        username: undefined,
        password: undefined,
        timeoutMs: 5000,
      },
      createLogger('silent'),
    ),
  );
}

const influxMissing = influxdUnavailableReason();
if (influxMissing) {
  skipEngine('TimeSeriesStore', 'influxdb', influxMissing);
} else {
  let server: Influxd | undefined;
  timeSeriesStoreContract('influxdb', async () => {
    server = await startInfluxd();
    const store = influxStore(server);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await server?.destroy();
      },
    };
  });

  describe('SQLite and InfluxDB stores side by side', () => {
    let influxd: Influxd;
    let sqlite: { db: SqliteDatabase; remove: () => void };
    let stores: TimeSeriesStore[];
    beforeAll(async () => {
      influxd = await startInfluxd();
      sqlite = tempDatabase();
      stores = [new SqliteTimeSeriesStore(sqlite.db), influxStore(influxd)];
    });
    afterAll(async () => {
      for (const store of stores) {
        await store.close();
      }
      sqlite.remove();
      await influxd.destroy();
    });

    it('return identical numbers for the same data: a day of 1 s points, every aggregation', async () => {
      const ws = randomUUID();
      const src = randomUUID();
      const points: DataPoint[] = noisyValues(86_400, 3).map((value, i) => ({
        timestamp: T0 + i * 1000,
        value,
        tags: null,
      }));
      for (const store of stores) {
        for (let i = 0; i < points.length; i += 10_000) {
          await store.write(ws, [{ sourceId: src, points: points.slice(i, i + 10_000) }]);
        }
      }
      const window = { from: T0 + 500, to: T0 + 86_400_000 };
      for (const intervalMs of [10_000, 60_000, 3_600_000, 86_400_000]) {
        for (const aggregation of BUCKET_AGGREGATIONS) {
          const [a, b] = await Promise.all(
            stores.map((s) => s.aggregate(ws, [src], { ...window, aggregation, intervalMs })),
          );
          expect({ intervalMs, aggregation, same: a?.get(src) }).toEqual({
            intervalMs,
            aggregation,
            same: b?.get(src),
          });
          expect(a?.get(src)?.length).toBeGreaterThan(0);
        }
      }
      const [sa, sb] = await Promise.all(stores.map((s) => s.stats(ws, [src])));
      expect(sa).toEqual(sb);
    }, 120_000);
  });
}
