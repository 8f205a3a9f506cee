import type { Migration } from './index';

/**
 * A per-workspace change counter beside the graph's counts (`graph_counts.changes`): the
 * graph writer adds one in every transaction that inserts, replaces or deletes a node or an
 * edge of the workspace (`GraphBookkeeping.flush`). Readers that keep something derived
 * from a workspace's graph in memory (the in-memory graph of the Cypher query threads,
 * memory-graph.ts) compare it with the value they built from, in the same read transaction,
 * to know whether what they hold is still the graph. Existing rows start at 0.
 */
export const m015GraphChanges: Migration = {
  version: 15,
  name: 'graph-changes',
  up(db) {
    db.exec(`ALTER TABLE graph_counts ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;`);
  },
};
