import { isDeepStrictEqual } from 'node:util';
import type { GraphEdge, GraphNode } from '../domain/graph';
import { RECORD_KIND_OF, type StoredType } from '../domain/ontology';
import { AppError } from '../errors';
import type { TypeEnforcer, TypeViolation } from '../ontology/enforcer';
import type { OntologyService, TypeInput } from '../ontology/ontology-service';
import type { UnitOfWork } from '../ports/graph-store';

/**
 * What imports (the CLI's and POST /api/imports) write, line by line, and the ontology's
 * rules applied to it: a type is defined as the file has it, and every record must fit the
 * types in force, exactly as a command's record must (docs/cli.md, "Export and import").
 */

/** One line's content, waiting for its transaction. */
export type ImportItem =
  | { kind: 'node'; record: GraphNode }
  | { kind: 'edge'; record: GraphEdge }
  | { kind: 'type'; type: StoredType }
  | { kind: 'strict' };

/** Why a line could not be written; `status` is what a single request would have answered. */
export interface ImportProblem {
  message: string;
  status: 400 | 403 | 404 | 409;
}

/** Whether the line was written, found exactly as it is, or why it could not be. */
export type ImportOutcome = 'inserted' | 'unchanged' | ImportProblem;

const LABEL = { entity: 'entity type', relationship: 'relationship type' } as const;

function violationProblem(
  kind: 'node' | 'edge',
  id: string,
  violations: readonly TypeViolation[],
): ImportProblem {
  const issues = violations.map((v) => `${v.path}: ${v.message}`).join('; ');
  return {
    message: `${kind} ${id} does not fit its type: ${issues}`,
    status: violations.some((v) => v.conflict !== true) ? 400 : 409,
  };
}

function sameContent<T>(label: string, wanted: T & { id: string }, stored: T | null) {
  return isDeepStrictEqual(stored, wanted)
    ? 'unchanged'
    : ({
        message: `${label} ${wanted.id} already exists in the workspace with other content`,
        status: 409,
      } as const);
}

async function importNode(
  uow: UnitOfWork,
  types: TypeEnforcer,
  node: GraphNode,
): Promise<ImportOutcome> {
  const alone = await types.checkNode(node);
  if (alone.length > 0) {
    return violationProblem('node', node.id, alone);
  }
  const result = await uow.graph.insertNode(node);
  if (result.status !== 'ok') {
    return sameContent('node', node, await uow.graph.getNode(node.id));
  }
  const around = await types.nodeWritten(null, node);
  if (around.length > 0) {
    // Taken back inside the transaction: the records before it still commit.
    await uow.graph.deleteNode(node.id);
    await types.nodeWritten(node, null);
    return violationProblem('node', node.id, around);
  }
  return 'inserted';
}

async function importEdge(
  uow: UnitOfWork,
  types: TypeEnforcer,
  edge: GraphEdge,
): Promise<ImportOutcome> {
  const alone = await types.checkEdge(edge);
  if (alone.length > 0) {
    return violationProblem('edge', edge.id, alone);
  }
  const result = await uow.graph.insertEdge(edge);
  if (result.status === 'missing_end') {
    const id = result.end === 'source' ? edge.sourceId : edge.targetId;
    return {
      message: `the ${result.end} node ${id} of edge ${edge.id} does not exist`,
      status: 404,
    };
  }
  if (result.status !== 'ok') {
    return sameContent('edge', edge, await uow.graph.getEdge(edge.id));
  }
  const around = await types.edgeWritten(null, edge);
  if (around.length > 0) {
    await uow.graph.deleteEdge(edge.id);
    await types.edgeWritten(edge, null);
    return violationProblem('edge', edge.id, around);
  }
  return 'inserted';
}

/**
 * A type of the file: defined with its version and timestamps when the workspace does not
 * have it (and the records in place fit it), unchanged when it has exactly this definition,
 * a problem when it has another one (as for records: an import never overwrites).
 */
async function importType(ctx: ImportContext, type: StoredType): Promise<ImportOutcome> {
  const { uow, ontology, now } = ctx;
  const existing = (await uow.ontology.listTypes()).find(
    (t) => t.kind === type.kind && t.name === type.name,
  );
  const label = `${LABEL[type.kind]} ${type.name}`;
  if (existing) {
    // Compared as stored (JSON), so an absent optional field equals an omitted one.
    const definition: unknown = JSON.parse(JSON.stringify(type.definition));
    return isDeepStrictEqual(existing.definition, definition)
      ? 'unchanged'
      : {
          message: `the ${label} already exists in the workspace with another definition`,
          status: 409,
        };
  }
  if (!ctx.canDefine) {
    return { message: `defining the ${label} needs the write:ontology scope`, status: 403 };
  }
  const { version, createdAt, updatedAt } = type;
  const input: TypeInput =
    type.kind === 'entity'
      ? { kind: 'entity', name: type.name, definition: type.definition }
      : { kind: 'relationship', name: type.name, definition: type.definition };
  try {
    await ontology.putTypeIn(uow, input, {
      validateExisting: !ctx.asTheyAre,
      now,
      stamps: { version, createdAt, updatedAt },
    });
  } catch (error) {
    if (error instanceof AppError && (error.status === 400 || error.status === 409)) {
      // The transaction commits the lines before this one: take back what the attempt wrote
      // (the type did not exist, so nothing else is lost).
      await uow.ontology.clearUnique(RECORD_KIND_OF[type.kind], type.name);
      await uow.ontology.deleteType(type.kind, type.name);
      const status = error.status === 400 ? 400 : 409;
      return { message: `the ${label} cannot be defined: ${error.message}`, status };
    }
    throw error;
  }
  return 'inserted';
}

/** strictOntology of the file: turned on (never off: an import only adds rules). */
async function importStrict(ctx: ImportContext): Promise<ImportOutcome> {
  const { uow, ontology, now } = ctx;
  if ((await uow.ontology.settings())?.strictOntology === true) {
    return 'unchanged';
  }
  if (!ctx.canDefine) {
    return { message: 'turning strictOntology on needs the write:ontology scope', status: 403 };
  }
  try {
    await ontology.setSettingsIn(uow, true, { validateExisting: !ctx.asTheyAre, now });
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      return { message: `strictOntology cannot be turned on: ${error.message}`, status: 409 };
    }
    throw error;
  }
  return 'inserted';
}

/** One import transaction: where it writes, and what it may change. */
export interface ImportContext {
  uow: UnitOfWork;
  ontology: OntologyService;
  /** The checks of the records of this transaction (see OntologyService.enforcer). */
  types: TypeEnforcer;
  /** The time a type defined by the import is stamped with when the file has none. */
  now: string;
  /** Whether the import may define types and turn strictOntology on (write:ontology). */
  canDefine: boolean;
  /**
   * Records as the file has them (`validateRecords=false`): `types` holds them only to the
   * unique index, and types and strictOntology apply to writes from then on, leaving the
   * records in place as they are (as `validateExisting=false` does).
   */
  asTheyAre: boolean;
}

/**
 * The context of one import transaction in `workspaceId`: its records checked by an enforcer
 * of the transaction, held only to the unique index when `asTheyAre`.
 */
export function importContext(
  uow: UnitOfWork,
  ontology: OntologyService,
  workspaceId: string,
  options: { now: string; canDefine: boolean; asTheyAre: boolean },
): ImportContext {
  return {
    uow,
    ontology,
    types: ontology.enforcer(uow, workspaceId, options.asTheyAre),
    ...options,
  };
}

/**
 * Writes one item inside `ctx.uow`. A record is checked against the types as `ctx.types`
 * sees them; after a type or setting change, it reads the schema again.
 */
export async function importItem(ctx: ImportContext, item: ImportItem): Promise<ImportOutcome> {
  switch (item.kind) {
    case 'node':
      return importNode(ctx.uow, ctx.types, item.record);
    case 'edge':
      return importEdge(ctx.uow, ctx.types, item.record);
    case 'type': {
      const outcome = await importType(ctx, item.type);
      ctx.types.invalidate();
      return outcome;
    }
    case 'strict': {
      const outcome = await importStrict(ctx);
      ctx.types.invalidate();
      return outcome;
    }
  }
}
