import type { LiveDataService } from './live-data-service';

/** What the HTTP layer needs for live data; the container builds it (docs/live-data.md). */
export interface LiveDataDeps {
  service: LiveDataService;
  /** Body limit of POST /api/live-data/ingest. */
  ingestBodyLimitBytes: number;
}
