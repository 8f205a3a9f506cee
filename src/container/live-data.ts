import { InfluxConnection, InfluxHealthCheck } from '../adapters/influx/connection';
import { InfluxTimeSeriesStore } from '../adapters/influx/timeseries-store';
import type { SqliteDatabase } from '../adapters/sqlite/database';
import { SqliteLiveDataSourceStore } from '../adapters/sqlite/live-data-source-store';
import { SqliteTimeSeriesStore } from '../adapters/sqlite/timeseries-store';
import type { Logger } from 'pino';
import type { Config } from '../config/load-config';
import type { Clock } from '../ports/clock';
import type { GraphStore } from '../ports/graph-store';
import type { HealthCheck } from '../ports/health';
import type { LiveDataSourceStore } from '../ports/live-data-source-store';
import type { TimeSeriesStore } from '../ports/timeseries-store';
import type { StoreInstrument } from '../metrics/store-metrics';
import type { LiveDataDeps } from '../live-data/live-data-deps';
import { LiveDataService } from '../live-data/live-data-service';

/** Live data wired from config, plus the readiness checks it adds and how to release it. */
export interface LiveDataWiring {
  deps: LiveDataDeps;
  healthChecks: HealthCheck[];
  close(): Promise<void>;
}

/**
 * Picks the time-series store: InfluxDB 1.x when INFLUX_URL is set (with an `influxdb`
 * readiness check), else the embedded SQLite store. Source records live in the system
 * store: `sources` when given (Neo4j when NEO4J_URI is set), else the embedded one.
 */
export function createLiveData(options: {
  db: SqliteDatabase;
  graph: Pick<GraphStore, 'getNode' | 'transaction'>;
  clock: Clock;
  config: Config['liveData'];
  /** Where InfluxDB outages are logged. */
  logger: Logger;
  /** The system store's source records; the embedded SQLite store when absent. */
  sources?: LiveDataSourceStore;
  /** Times the stores' calls (`store_operation_duration_seconds`); none when absent. */
  instrument?: StoreInstrument;
}): LiveDataWiring {
  const instrument: StoreInstrument = options.instrument ?? ((store) => store);
  const healthChecks: HealthCheck[] = [];
  let series: TimeSeriesStore;
  if (options.config.influx) {
    const connection = new InfluxConnection(options.config.influx, options.logger);
    series = instrument(new InfluxTimeSeriesStore(connection), 'influxdb', 'timeseries');
    healthChecks.push(new InfluxHealthCheck(connection));
  } else {
    series = instrument(new SqliteTimeSeriesStore(options.db), 'sqlite', 'timeseries');
  }
  const service = new LiveDataService(
    instrument(
      options.sources ?? new SqliteLiveDataSourceStore(options.db),
      options.sources ? 'neo4j' : 'sqlite',
      'liveDataSources',
    ),
    series,
    options.graph,
    options.clock,
  );
  return {
    deps: { service, ingestBodyLimitBytes: options.config.ingestBodyLimitBytes },
    healthChecks,
    close: () => series.close(),
  };
}
