import type { Database, Statement } from 'better-sqlite3';
import type { RecordKind } from '../../domain/graph';
import {
  storedTypeFields,
  storedTypeFrom,
  type OntologySettings,
  type OntologySnapshot,
  type StoredType,
  type StoredTypeFields,
  type TypeKind,
  type UniqueValue,
} from '../../domain/ontology';
import type { OntologyStore, OntologyWriter } from '../../ports/ontology-store';
import type { SqliteDatabase } from './database';
import { settle, type TransactionScope } from './graph-transaction';

interface SettingsRow {
  strict_ontology: number;
  revision: number;
  updated_at: string;
}

interface TypeRow {
  kind: string;
  name: string;
  definition: string;
  version: number;
  created_at: string;
  updated_at: string;
}

interface UniqueParams {
  workspaceId: string;
  kind: RecordKind;
  typeName: string;
  property: string;
  value: string;
  recordId: string;
}

const SETTINGS_SQL =
  'SELECT strict_ontology, revision, updated_at FROM ontology_settings WHERE workspace_id = ?';
const TYPES_SQL = `SELECT kind, name, definition, version, created_at, updated_at
  FROM ontology_types WHERE workspace_id = ? ORDER BY kind, name`;

function toSettings(row: SettingsRow | undefined): OntologySettings | null {
  return row
    ? {
        strictOntology: row.strict_ontology === 1,
        revision: row.revision,
        updatedAt: row.updated_at,
      }
    : null;
}

function toType(row: TypeRow): StoredType {
  const fields: StoredTypeFields = {
    kind: row.kind,
    name: row.name,
    definition: row.definition,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return storedTypeFrom(fields);
}

/** Committed ontologies, read on the read-only connection. */
export class SqliteOntologyStore implements OntologyStore {
  private readonly settings: Statement<[string], SettingsRow>;
  private readonly types: Statement<[string], TypeRow>;

  constructor(db: SqliteDatabase) {
    this.settings = db.reader.prepare(SETTINGS_SQL);
    this.types = db.reader.prepare(TYPES_SQL);
  }

  read(workspaceId: string): Promise<OntologySnapshot> {
    return settle(() => ({
      settings: toSettings(this.settings.get(workspaceId)),
      types: this.types.all(workspaceId).map(toType),
    }));
  }
}

/** The writer connection's ontology statements, prepared once per store. */
export class OntologyWriterStatements {
  readonly settings: Statement<[string], SettingsRow>;
  readonly putSettings: Statement<[Record<string, unknown>]>;
  readonly types: Statement<[string], TypeRow>;
  readonly putType: Statement<[Record<string, unknown>]>;
  readonly deleteType: Statement<[string, string, string]>;
  readonly claim: Statement<[UniqueParams]>;
  readonly holder: Statement<[UniqueParams], string>;
  readonly release: Statement<[UniqueParams]>;
  readonly clear: Statement<[string, string, string]>;

  constructor(writer: Database) {
    this.settings = writer.prepare(SETTINGS_SQL);
    this.putSettings = writer.prepare(
      `INSERT INTO ontology_settings (workspace_id, strict_ontology, revision, updated_at)
       VALUES (@workspaceId, @strictOntology, @revision, @updatedAt)
       ON CONFLICT (workspace_id) DO UPDATE SET strict_ontology = excluded.strict_ontology,
         revision = excluded.revision, updated_at = excluded.updated_at`,
    );
    this.types = writer.prepare(TYPES_SQL);
    this.putType = writer.prepare(
      `INSERT INTO ontology_types (workspace_id, kind, name, definition, version, created_at, updated_at)
       VALUES (@workspaceId, @kind, @name, @definition, @version, @createdAt, @updatedAt)
       ON CONFLICT (workspace_id, kind, name) DO UPDATE SET definition = excluded.definition,
         version = excluded.version, created_at = excluded.created_at,
         updated_at = excluded.updated_at`,
    );
    this.deleteType = writer.prepare(
      'DELETE FROM ontology_types WHERE workspace_id = ? AND kind = ? AND name = ?',
    );
    const key = `workspace_id = @workspaceId AND record_kind = @kind AND type_name = @typeName
      AND property = @property AND value = @value`;
    this.claim = writer.prepare(
      `INSERT INTO ontology_unique_values
         (workspace_id, record_kind, type_name, property, value, record_id)
       VALUES (@workspaceId, @kind, @typeName, @property, @value, @recordId)
       ON CONFLICT DO NOTHING`,
    );
    this.holder = writer
      .prepare<[UniqueParams], string>(`SELECT record_id FROM ontology_unique_values WHERE ${key}`)
      .pluck();
    this.release = writer.prepare(
      `DELETE FROM ontology_unique_values WHERE ${key} AND record_id = @recordId`,
    );
    this.clear = writer.prepare(
      `DELETE FROM ontology_unique_values
       WHERE workspace_id = ? AND record_kind = ? AND type_name = ?`,
    );
  }
}

/** The ontology inside one graph transaction (the writer connection, under its mutex). */
export class SqliteOntologyWriter implements OntologyWriter {
  private readonly workspaceId: string;

  constructor(
    private readonly s: OntologyWriterStatements,
    private readonly scope: TransactionScope,
  ) {
    this.workspaceId = scope.workspaceId;
  }

  settings(): Promise<OntologySettings | null> {
    return this.scope.run(() => toSettings(this.s.settings.get(this.workspaceId)));
  }

  /** Transactions of the embedded store never interleave: the read is the lock. */
  lockSettings(): Promise<OntologySettings | null> {
    return this.settings();
  }

  putSettings(settings: OntologySettings): Promise<void> {
    return this.scope.run(() => {
      this.s.putSettings.run({
        workspaceId: this.workspaceId,
        strictOntology: settings.strictOntology ? 1 : 0,
        revision: settings.revision,
        updatedAt: settings.updatedAt,
      });
    });
  }

  listTypes(): Promise<StoredType[]> {
    return this.scope.run(() => this.s.types.all(this.workspaceId).map(toType));
  }

  putType(type: StoredType): Promise<void> {
    return this.scope.run(() => {
      this.s.putType.run({ workspaceId: this.workspaceId, ...storedTypeFields(type) });
    });
  }

  deleteType(kind: TypeKind, name: string): Promise<boolean> {
    return this.scope.run(() => this.s.deleteType.run(this.workspaceId, kind, name).changes === 1);
  }

  claimUnique(value: UniqueValue): Promise<string> {
    return this.scope.run(() => {
      const params = this.params(value);
      if (this.s.claim.run(params).changes === 1) {
        return value.recordId;
      }
      return this.s.holder.get(params) ?? value.recordId;
    });
  }

  releaseUnique(value: UniqueValue): Promise<void> {
    return this.scope.run(() => {
      this.s.release.run(this.params(value));
    });
  }

  clearUnique(kind: RecordKind, typeName: string): Promise<void> {
    return this.scope.run(() => {
      this.s.clear.run(this.workspaceId, kind, typeName);
    });
  }

  private params(value: UniqueValue): UniqueParams {
    return { workspaceId: this.workspaceId, ...value };
  }
}
