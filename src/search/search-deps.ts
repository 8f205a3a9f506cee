import type { SearchIndexer } from './indexer';
import type { SearchService } from './search-service';

/** What the HTTP layer (and tests) use of search; the container builds it (docs/search.md). */
export interface SearchDeps {
  service: SearchService;
  indexer: SearchIndexer;
}
