import { actorOf } from '../domain/change-events';
import { isDeepStrictEqual } from 'node:util';
import {
  RECORD_KIND_OF,
  type EntityTypeDefinition,
  type OntologySettings,
  type OntologySnapshot,
  type RelationshipTypeDefinition,
  type StoredRelationshipType,
  type StoredType,
  type TypeKind,
} from '../domain/ontology';
import { ConflictError, NotFoundError, ValidationError, type ValidationIssue } from '../errors';
import type { Clock } from '../ports/clock';
import type { GraphStore, UnitOfWork } from '../ports/graph-store';
import type { OntologyStore } from '../ports/ontology-store';
import { compileSchema } from './compiled-schema';
import { TypeEnforcer } from './enforcer';
import { SAMPLE_SIZE, scanEdges, scanNodes, type ExistingReport } from './existing-records';
import type { SchemaCache } from './schema-cache';

/** The most types of one kind a workspace may define (the whole schema is read at once). */
export const MAX_TYPES_PER_KIND = 500;

/** A type to define, as a PUT body parsed it. */
export type TypeInput =
  | { kind: 'entity'; name: string; definition: EntityTypeDefinition }
  | { kind: 'relationship'; name: string; definition: RelationshipTypeDefinition };

export interface ChangeOptions {
  /** Refuse the change (409) when records in place break it. Default true. */
  validateExisting?: boolean;
  /** Who makes the change, for the change feed (the service itself when absent). */
  actorId?: string;
}

/** What a PUT of a type did. */
export interface PutTypeResult {
  type: StoredType;
  /** True when the type did not exist before. */
  created: boolean;
  /** False when the definition was already exactly this (nothing was written). */
  changed: boolean;
}

const LABEL: Record<TypeKind, string> = {
  entity: 'entity type',
  relationship: 'relationship type',
};

/** A definition as it is stored (JSON), so comparisons ignore absent optional fields. */
function normalised<D>(definition: D): D {
  return JSON.parse(JSON.stringify(definition)) as D;
}

/** The `unique` properties and their types: when they change, the unique index is rebuilt. */
function uniqueSignature(type: StoredType | undefined): string {
  const entries = Object.entries(type?.definition.properties ?? {})
    .filter(([, d]) => d.unique === true)
    .map(([key, d]) => `${key}:${d.type}`)
    .sort();
  return entries.join(',');
}

function existingConflict(
  input: TypeInput,
  report: ExistingReport,
  validateExisting: boolean,
): ConflictError {
  const what = input.kind === 'entity' ? 'nodes' : 'edges';
  // Without validateExisting only values a unique property would share are counted: no
  // query parameter can make the unique index hold two records of one value.
  const fix = validateExisting
    ? 'fix them, or send ?validateExisting=false to apply it to writes from now on'
    : 'they share values of a unique property, which no unique index can hold: make the values distinct first';
  return new ConflictError(
    `${report.violations} existing ${what} break the new definition of the ${LABEL[input.kind]} ${input.name}; nothing was changed (${fix}).`,
    { violations: report.violations, sample: report.sample },
  );
}

/**
 * Defining, changing and deleting types, and the workspace's ontology settings
 * (docs/ontology.md, "Types"). Every change runs in one graph transaction with the check of
 * the records it applies to, and takes the ontology's lock first, so changes of one
 * workspace's ontology never interleave.
 */
export class OntologyService {
  constructor(
    private readonly graph: GraphStore,
    private readonly store: OntologyStore,
    private readonly clock: Clock,
    private readonly schemas: SchemaCache,
  ) {}

  /**
   * The checks of the records a transaction of writers other than commands (imports) writes;
   * `uniqueOnly` holds them only to the unique index (see TypeEnforcer).
   */
  enforcer(uow: UnitOfWork, workspaceId: string, uniqueOnly = false): TypeEnforcer {
    return new TypeEnforcer(uow, workspaceId, this.schemas, uniqueOnly);
  }

  /** The whole ontology as committed. */
  read(workspaceId: string): Promise<OntologySnapshot> {
    return this.store.read(workspaceId);
  }

  /** One type; 404 when the workspace does not define it. */
  async getType(workspaceId: string, kind: TypeKind, name: string): Promise<StoredType> {
    const { types } = await this.store.read(workspaceId);
    const found = types.find((t) => t.kind === kind && t.name === name);
    if (!found) {
      throw new NotFoundError(`No ${LABEL[kind]} ${name} is defined.`, { kind, name });
    }
    return found;
  }

  putType(workspaceId: string, input: TypeInput, options: ChangeOptions = {}) {
    const now = this.now();
    return this.graph.transaction(workspaceId, (uow) => {
      uow.feed?.attribute(actorOf(options.actorId ?? null), {});
      return this.putTypeIn(uow, input, {
        validateExisting: options.validateExisting ?? true,
        now,
      });
    });
  }

  deleteType(
    workspaceId: string,
    kind: TypeKind,
    name: string,
    options: Pick<ChangeOptions, 'actorId'> = {},
  ): Promise<StoredType> {
    const now = this.now();
    return this.graph.transaction(workspaceId, (uow) => {
      uow.feed?.attribute(actorOf(options.actorId ?? null), {});
      return this.deleteTypeIn(uow, kind, name, now);
    });
  }

  setSettings(
    workspaceId: string,
    strictOntology: boolean,
    options: ChangeOptions = {},
  ): Promise<OntologySettings> {
    const now = this.now();
    return this.graph.transaction(workspaceId, (uow) => {
      uow.feed?.attribute(actorOf(options.actorId ?? null), {});
      return this.setSettingsIn(uow, strictOntology, {
        validateExisting: options.validateExisting ?? true,
        now,
      });
    });
  }

  /**
   * Defines or changes a type inside `uow`. `stamps` keeps a version and timestamps as given
   * (imports); otherwise the version increases and `now` is the change time.
   */
  async putTypeIn(
    uow: UnitOfWork,
    input: TypeInput,
    options: {
      validateExisting: boolean;
      now: string;
      stamps?: Pick<StoredType, 'version' | 'createdAt' | 'updatedAt'>;
    },
  ): Promise<PutTypeResult> {
    const settings = await uow.ontology.lockSettings();
    const types = await uow.ontology.listTypes();
    const existing = types.find((t) => t.kind === input.kind && t.name === input.name);
    const definition = normalised(input.definition);
    if (input.kind === 'relationship') {
      checkEndTypes(input.definition, types);
    }
    if (existing && isDeepStrictEqual(existing.definition, definition)) {
      return { type: existing, created: false, changed: false };
    }
    if (!existing && types.filter((t) => t.kind === input.kind).length >= MAX_TYPES_PER_KIND) {
      throw new ConflictError(
        `The workspace defines ${MAX_TYPES_PER_KIND} ${LABEL[input.kind]}s, the most it may.`,
        { limit: MAX_TYPES_PER_KIND },
      );
    }
    const stored = {
      kind: input.kind,
      name: input.name,
      definition,
      version: options.stamps?.version ?? (existing ? existing.version + 1 : 1),
      createdAt: options.stamps?.createdAt ?? existing?.createdAt ?? options.now,
      updatedAt: options.stamps?.updatedAt ?? options.now,
    } as StoredType;
    await uow.ontology.putType(stored);
    const rebuildUnique = uniqueSignature(existing) !== uniqueSignature(stored);
    if (options.validateExisting || rebuildUnique) {
      const schema = compileSchema({ settings, types: [stored] });
      const scan = { report: options.validateExisting, rebuildUnique };
      const report =
        stored.kind === 'entity'
          ? await scanNodes(uow, schema.entityTypes.get(stored.name)!, scan)
          : await scanEdges(uow, schema.relationshipTypes.get(stored.name)!, scan);
      if (report.violations > 0) {
        throw existingConflict(input, report, options.validateExisting);
      }
    }
    await this.bumpRevision(uow, settings, settings?.strictOntology ?? false, options.now);
    uow.feed?.add({
      type: stored.kind === 'entity' ? 'entityType.changed' : 'relationshipType.changed',
      subjectType: stored.name,
      subjectId: stored.name,
      data: { before: existing ?? null, after: stored },
    });
    return { type: stored, created: !existing, changed: true };
  }

  /** Deletes a type that no record uses and no relationship type names. */
  async deleteTypeIn(
    uow: UnitOfWork,
    kind: TypeKind,
    name: string,
    now: string,
  ): Promise<StoredType> {
    const settings = await uow.ontology.lockSettings();
    const types = await uow.ontology.listTypes();
    const existing = types.find((t) => t.kind === kind && t.name === name);
    if (!existing) {
      throw new NotFoundError(`No ${LABEL[kind]} ${name} is defined.`, { kind, name });
    }
    const recordKind = RECORD_KIND_OF[kind];
    const counts = await uow.graph.typeCounts(recordKind);
    const records = counts.find((c) => c.type === name)?.count ?? 0;
    if (records > 0) {
      throw new ConflictError(
        `The ${LABEL[kind]} ${name} is in use by ${records} ${recordKind}s; delete them or change their type first.`,
        { records },
      );
    }
    const namedBy = types
      .filter((t): t is StoredRelationshipType => t.kind === 'relationship')
      .filter((t) =>
        [t.definition.source, t.definition.target].some((e) => e !== 'any' && e.includes(name)),
      )
      .map((t) => t.name);
    if (kind === 'entity' && namedBy.length > 0) {
      throw new ConflictError(
        `The entity type ${name} is an end of the relationship types ${namedBy.join(', ')}; change them first.`,
        { relationshipTypes: namedBy },
      );
    }
    await uow.ontology.clearUnique(recordKind, name);
    await uow.ontology.deleteType(kind, name);
    await this.bumpRevision(uow, settings, settings?.strictOntology ?? false, now);
    uow.feed?.add({
      type: kind === 'entity' ? 'entityType.deleted' : 'relationshipType.deleted',
      subjectType: name,
      subjectId: name,
      data: { before: existing, after: null },
    });
    return existing;
  }

  /**
   * Turns strictOntology on or off. Turning it on with records of undefined types in place
   * is a 409 unless `validateExisting` is false.
   */
  async setSettingsIn(
    uow: UnitOfWork,
    strictOntology: boolean,
    options: { validateExisting: boolean; now: string },
  ): Promise<OntologySettings> {
    const settings = await uow.ontology.lockSettings();
    if (settings && settings.strictOntology === strictOntology) {
      return settings;
    }
    if (strictOntology && options.validateExisting) {
      const report = await untypedRecords(uow);
      if (report.violations > 0) {
        throw new ConflictError(
          `${report.violations} records have types the ontology does not define; nothing was changed (define their types, or send ?validateExisting=false to apply strictOntology to writes from now on).`,
          { violations: report.violations, sample: report.sample },
        );
      }
    }
    const next = await this.bumpRevision(uow, settings, strictOntology, options.now);
    uow.feed?.add({
      type: 'ontology.settingsChanged',
      subjectType: null,
      subjectId: 'settings',
      data: { before: settings, after: next },
    });
    return next;
  }

  private async bumpRevision(
    uow: UnitOfWork,
    settings: OntologySettings | null,
    strictOntology: boolean,
    now: string,
  ): Promise<OntologySettings> {
    const next = { strictOntology, revision: (settings?.revision ?? 0) + 1, updatedAt: now };
    await uow.ontology.putSettings(next);
    return next;
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** 400 when an end of a relationship type names an entity type that is not defined. */
function checkEndTypes(definition: RelationshipTypeDefinition, types: readonly StoredType[]) {
  const defined = new Set(types.filter((t) => t.kind === 'entity').map((t) => t.name));
  const issues: ValidationIssue[] = [];
  for (const end of ['source', 'target'] as const) {
    const names = definition[end];
    if (names !== 'any') {
      names.forEach((name, i) => {
        if (!defined.has(name)) {
          issues.push({
            path: `body.${end}.${i}`,
            message: `${name} is not a defined entity type`,
          });
        }
      });
    }
  }
  if (issues.length > 0) {
    throw new ValidationError(
      `A relationship type's ends must be defined entity types (or "any"): ${issues.map((i) => i.message).join('; ')}.`,
      issues,
    );
  }
}

/** Records whose entity type or relationship type is not defined (for strictOntology). */
async function untypedRecords(uow: UnitOfWork): Promise<ExistingReport> {
  const types = await uow.ontology.listTypes();
  const report: ExistingReport = { violations: 0, sample: [] };
  for (const kind of ['entity', 'relationship'] as const) {
    const recordKind = RECORD_KIND_OF[kind];
    const defined = new Set(types.filter((t) => t.kind === kind).map((t) => t.name));
    for (const { type, count } of await uow.graph.typeCounts(recordKind)) {
      if (defined.has(type)) {
        continue;
      }
      report.violations += count;
      const room = SAMPLE_SIZE - report.sample.length;
      if (room > 0) {
        const records =
          recordKind === 'node'
            ? await uow.graph.nodesOfType(type, null, room)
            : await uow.graph.edgesOfType(type, null, room);
        const path = recordKind === 'node' ? 'entityType' : 'type';
        for (const record of records) {
          report.sample.push({
            kind: recordKind,
            id: record.id,
            issues: [{ path, message: `${type} is not a defined ${LABEL[kind]}` }],
          });
        }
      }
    }
  }
  return report;
}
