// The search outbox (docs/search.md "Indexing"): one entry per entity whose vector is out of
// date, keyed by workspace and entity id; the indexer reads the oldest first (seq).
CREATE CONSTRAINT index_outbox_node IF NOT EXISTS
FOR (o:_IndexOutbox) REQUIRE (o.workspaceId, o.nodeId) IS UNIQUE;

CREATE INDEX index_outbox_seq IF NOT EXISTS
FOR (o:_IndexOutbox) ON (o.seq);
