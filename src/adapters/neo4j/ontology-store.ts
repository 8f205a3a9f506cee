import type { ManagedTransaction, Record as Neo4jRecord } from 'neo4j-driver';
import type { RecordKind } from '../../domain/graph';
import {
  storedTypeFields,
  storedTypeFrom,
  type OntologySettings,
  type OntologySnapshot,
  type StoredType,
  type TypeKind,
  type UniqueValue,
} from '../../domain/ontology';
import type { OntologyStore, OntologyWriter } from '../../ports/ontology-store';
import type { Neo4jClient } from './client';
import type { TransactionScope } from './graph-writer';
import { field, runAll, runOne, stringField } from './statement';
import {
  ONTOLOGY_SETTINGS_GET,
  ONTOLOGY_SETTINGS_LOCK,
  ONTOLOGY_SETTINGS_PUT,
  ONTOLOGY_TYPE_DELETE,
  ONTOLOGY_TYPE_PUT,
  ONTOLOGY_TYPES_LIST,
  UNIQUE_CLAIM,
  UNIQUE_CLEAR,
  UNIQUE_RELEASE,
} from './statements/ontology';
import { fromDateTime, toDateTime, toInt, toNumber } from './values';

/** Settings from their record; null when absent or just created by the lock (no revision). */
function toSettings(record: Neo4jRecord | null): OntologySettings | null {
  if (!record || field(record, 'revision') === null) {
    return null;
  }
  return {
    strictOntology: field(record, 'strictOntology') === true,
    revision: toNumber(field(record, 'revision')),
    updatedAt: fromDateTime(field(record, 'updatedAt')),
  };
}

function toType(record: Neo4jRecord): StoredType {
  return storedTypeFrom({
    kind: stringField(record, 'kind'),
    name: stringField(record, 'name'),
    definition: stringField(record, 'definition'),
    version: toNumber(field(record, 'version')),
    createdAt: fromDateTime(field(record, 'createdAt')),
    updatedAt: fromDateTime(field(record, 'updatedAt')),
  });
}

async function readSnapshot(tx: ManagedTransaction, workspaceId: string) {
  const settings = toSettings(await runOne(tx, ONTOLOGY_SETTINGS_GET, { workspaceId }));
  const types = (await runAll(tx, ONTOLOGY_TYPES_LIST, { workspaceId })).map(toType);
  return { settings, types };
}

/** Committed ontologies, read in a read transaction. */
export class Neo4jOntologyStore implements OntologyStore {
  constructor(private readonly client: Neo4jClient) {}

  read(workspaceId: string): Promise<OntologySnapshot> {
    return this.client.read((tx) => readSnapshot(tx, workspaceId));
  }
}

/** The ontology inside one Neo4j write transaction, confined to its workspace. */
export class Neo4jOntologyWriter implements OntologyWriter {
  private readonly workspaceId: string;

  constructor(
    private readonly tx: ManagedTransaction,
    private readonly scope: TransactionScope,
  ) {
    this.workspaceId = scope.workspaceId;
  }

  async settings(): Promise<OntologySettings | null> {
    this.scope.assertOpen();
    return toSettings(await runOne(this.tx, ONTOLOGY_SETTINGS_GET, this.key()));
  }

  async lockSettings(): Promise<OntologySettings | null> {
    this.scope.assertOpen();
    return toSettings(await runOne(this.tx, ONTOLOGY_SETTINGS_LOCK, this.key()));
  }

  async putSettings(settings: OntologySettings): Promise<void> {
    this.scope.assertOpen();
    await runAll(this.tx, ONTOLOGY_SETTINGS_PUT, {
      ...this.key(),
      strictOntology: settings.strictOntology,
      revision: toInt(settings.revision),
      updatedAt: toDateTime(settings.updatedAt),
    });
  }

  async listTypes(): Promise<StoredType[]> {
    this.scope.assertOpen();
    return (await runAll(this.tx, ONTOLOGY_TYPES_LIST, this.key())).map(toType);
  }

  async putType(type: StoredType): Promise<void> {
    this.scope.assertOpen();
    const fields = storedTypeFields(type);
    await runAll(this.tx, ONTOLOGY_TYPE_PUT, {
      ...this.key(),
      kind: fields.kind,
      name: fields.name,
      definition: fields.definition,
      version: toInt(fields.version),
      createdAt: toDateTime(fields.createdAt),
      updatedAt: toDateTime(fields.updatedAt),
    });
  }

  async deleteType(kind: TypeKind, name: string): Promise<boolean> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, ONTOLOGY_TYPE_DELETE, { ...this.key(), kind, name });
    return record !== null && toNumber(field(record, 'deleted')) > 0;
  }

  async claimUnique(value: UniqueValue): Promise<string> {
    this.scope.assertOpen();
    const record = await runOne(this.tx, UNIQUE_CLAIM, this.uniqueParams(value));
    return record ? stringField(record, 'holder') : value.recordId;
  }

  async releaseUnique(value: UniqueValue): Promise<void> {
    this.scope.assertOpen();
    await runAll(this.tx, UNIQUE_RELEASE, this.uniqueParams(value));
  }

  async clearUnique(kind: RecordKind, typeName: string): Promise<void> {
    this.scope.assertOpen();
    await runAll(this.tx, UNIQUE_CLEAR, { ...this.key(), recordKind: kind, typeName });
  }

  private key() {
    return { workspaceId: this.workspaceId };
  }

  private uniqueParams(value: UniqueValue) {
    return {
      ...this.key(),
      recordKind: value.kind,
      typeName: value.typeName,
      property: value.property,
      value: value.value,
      recordId: value.recordId,
    };
  }
}
