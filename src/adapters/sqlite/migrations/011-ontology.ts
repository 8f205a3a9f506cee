import type { Migration } from './index';

/**
 * Ontology types (docs/ontology.md, "Types"): entity and relationship type definitions per
 * workspace (the definition as JSON text), the workspace's ontology settings with the
 * revision commands compare their compiled schema with, and the unique index.
 *
 * - `ontology_unique_values` holds one row per value of a `unique` property, keyed by the
 *   type and property, so that a second record with the same value meets the primary key:
 *   the claim and the write of the record commit in one transaction. Long values are kept
 *   as their SHA-256 (see `uniqueKeyOf`), so keys stay small.
 * - Definitions may be tens of KB, so `ontology_types` is a rowid table; the other two
 *   hold small rows read by their whole key.
 */
export const m011Ontology: Migration = {
  version: 11,
  name: 'ontology',
  up(db) {
    db.exec(`
      CREATE TABLE ontology_settings (
        workspace_id     TEXT PRIMARY KEY,
        strict_ontology  INTEGER NOT NULL CHECK (strict_ontology IN (0, 1)),
        revision         INTEGER NOT NULL CHECK (revision >= 1),
        updated_at       TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE ontology_types (
        workspace_id  TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('entity', 'relationship')),
        name          TEXT NOT NULL,
        definition    TEXT NOT NULL,
        version       INTEGER NOT NULL CHECK (version >= 1),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        PRIMARY KEY (workspace_id, kind, name)
      ) STRICT;

      CREATE TABLE ontology_unique_values (
        workspace_id  TEXT NOT NULL,
        record_kind   TEXT NOT NULL CHECK (record_kind IN ('node', 'edge')),
        type_name     TEXT NOT NULL,
        property      TEXT NOT NULL,
        value         TEXT NOT NULL,
        record_id     TEXT NOT NULL,
        PRIMARY KEY (workspace_id, record_kind, type_name, property, value)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
