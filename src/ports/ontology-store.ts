import type { RecordKind } from '../domain/graph';
import type {
  OntologySettings,
  OntologySnapshot,
  StoredType,
  TypeKind,
  UniqueValue,
} from '../domain/ontology';

/**
 * A workspace's ontology inside one graph transaction (`UnitOfWork.ontology`): the type
 * definitions, the settings and the unique index, written in the same transaction as the
 * records they constrain, so a type change and the check of the data it applies to commit
 * together, and a unique value is claimed in the transaction that writes it.
 */
export interface OntologyWriter {
  /** The settings, or null when the workspace never changed its ontology (one point read). */
  settings(): Promise<OntologySettings | null>;
  /**
   * The settings, read after taking the workspace ontology's write lock (held until the
   * transaction ends): every change of the ontology takes it first, so two changes never
   * interleave nor compute the same next revision.
   */
  lockSettings(): Promise<OntologySettings | null>;
  putSettings(settings: OntologySettings): Promise<void>;
  /** Every type of the workspace, both kinds, by kind then name. */
  listTypes(): Promise<StoredType[]>;
  /** Creates or replaces the type of that kind and name. */
  putType(type: StoredType): Promise<void>;
  /** False when there was no such type. */
  deleteType(kind: TypeKind, name: string): Promise<boolean>;
  /**
   * Claims `value` for its record: when no record of the type holds that value of the
   * property, it is recorded as held by `value.recordId`. Returns the id of the record that
   * holds it now (the claimer's own id on success, another when taken). Concurrent claims
   * of one value: exactly one succeeds, the others see its id (or wait for its commit).
   */
  claimUnique(value: UniqueValue): Promise<string>;
  /** Forgets the value if `value.recordId` holds it (another holder keeps it). */
  releaseUnique(value: UniqueValue): Promise<void>;
  /** Forgets every value held in `unique` properties of the type (before a rebuild). */
  clearUnique(kind: RecordKind, typeName: string): Promise<void>;
}

/** Reads of committed ontologies, for the routes and exports. */
export interface OntologyStore {
  read(workspaceId: string): Promise<OntologySnapshot>;
}
