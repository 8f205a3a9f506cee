import type { Database } from 'better-sqlite3';

/** One forward-only schema step. Applied once, in order, each in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

import { m001Foundation } from './001-foundation';
import { m002Graph } from './002-graph';
import { m003LiveData } from './003-live-data';
import { m004Webhooks } from './004-webhooks';
import { m005OAuth } from './005-oauth';
import { m006SearchOutbox } from './006-search-outbox';
import { m007WebhookStatusIndex } from './007-webhook-status-index';
import { m008OAuthExpiryIndexes } from './008-oauth-expiry-indexes';
import { m009Imports } from './009-imports';
import { m010GraphBookkeeping } from './010-graph-bookkeeping';
import { m011Ontology } from './011-ontology';
import { m012TypeCounts } from './012-type-counts';
import { m013OutboxCounts } from './013-outbox-counts';
import { m014ImportValidation } from './014-import-validation';
import { m015GraphChanges } from './015-graph-changes';
import { m016ChangeLog } from './016-change-log';
import { m017EventSubscriptions } from './017-event-subscriptions';
import { m018ChangeLogAppendOrder } from './018-change-log-append-order';
import { m019ChangeEventBlocks } from './019-change-event-blocks';

/**
 * Every migration, in order. Later capabilities append theirs here; a migration that has
 * shipped is never edited.
 */
export const MIGRATIONS: readonly Migration[] = [
  m001Foundation,
  m002Graph,
  m003LiveData,
  m004Webhooks,
  m005OAuth,
  m006SearchOutbox,
  m007WebhookStatusIndex,
  m008OAuthExpiryIndexes,
  m009Imports,
  m010GraphBookkeeping,
  m011Ontology,
  m012TypeCounts,
  m013OutboxCounts,
  m014ImportValidation,
  m015GraphChanges,
  m016ChangeLog,
  m017EventSubscriptions,
  m018ChangeLogAppendOrder,
  m019ChangeEventBlocks,
];
