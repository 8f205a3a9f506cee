import type { GraphEdge, GraphNode } from '../domain/graph';
import type { StoredType } from '../domain/ontology';
import { AppError, ValidationError, type ErrorCode, type ValidationIssue } from '../errors';
import type { TransferStores } from './export-workspace';
import { exportLineSchema, storedTypeOf, type HeaderLine } from './format';
import { importContext, importItem, type ImportItem, type ImportProblem } from './typed-import';

/** A validated export, ready to load. */
export interface ParsedExport {
  header: HeaderLine;
  /** The ontology's types (entity types first) and whether it is strict. */
  types: StoredType[];
  strictOntology: boolean;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** What an import did. */
export interface ImportReport {
  workspaceId: string;
  /** False when the workspace existed and the records were added to it. */
  workspaceCreated: boolean;
  types: { inserted: number; unchanged: number };
  nodes: { inserted: number; unchanged: number };
  edges: { inserted: number; unchanged: number };
}

const ERROR_CODES: Record<ImportProblem['status'], ErrorCode> = {
  400: 'VALIDATION_ERROR',
  403: 'INSUFFICIENT_SCOPE',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** At most this many problems are reported; a bad file usually repeats one mistake. */
const MAX_ISSUES = 20;
/** Records written per transaction. */
const BATCH_SIZE = 500;

/**
 * Parses and validates a whole export before anything is written: every line against the
 * format, the order header, nodes, edges, end, the counts of the end line (a truncated
 * file is refused), unique ids, and edges whose ends are nodes of the file.
 */
export function parseExport(text: string): ParsedExport {
  const issues: ValidationIssue[] = [];
  const problem = (line: number, message: string, at = '') => {
    issues.push({ path: `line ${line}${at ? `.${at}` : ''}`, message });
  };
  let header: HeaderLine | undefined;
  const types: StoredType[] = [];
  let strictOntology = false;
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  // Line numbers of the records, for problems found across lines.
  const where = { nodes: [] as number[], edges: [] as number[] };
  let ended = false;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length && issues.length < MAX_ISSUES; index += 1) {
    const number = index + 1;
    const raw = (lines[index] ?? '').trim();
    if (raw === '') {
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problem(number, 'is not valid JSON');
      continue;
    }
    const parsed = exportLineSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problem(number, issue.message, issue.path.join('.'));
      }
      continue;
    }
    const line = parsed.data;
    if (ended) {
      problem(number, 'comes after the end line');
      continue;
    }
    switch (line.kind) {
      case 'workspace':
        if (header || nodes.length > 0 || edges.length > 0) {
          problem(number, 'the workspace line must be the first line, and only once');
        }
        header = line;
        break;
      case 'entityType':
      case 'relationshipType':
      case 'ontology':
        if (!header || nodes.length > 0 || edges.length > 0) {
          problem(number, 'type and ontology lines come after the workspace line, before records');
        }
        if (line.kind === 'ontology') {
          strictOntology = line.strictOntology;
        } else {
          types.push(storedTypeOf(line));
        }
        break;
      case 'node': {
        if (!header || edges.length > 0) {
          problem(number, 'nodes come after the workspace line and before every edge');
        }
        const { kind: _kind, ...node } = line;
        nodes.push(node);
        where.nodes.push(number);
        break;
      }
      case 'edge': {
        if (!header) {
          problem(number, 'edges come after the workspace line');
        }
        const { kind: _kind, ...edge } = line;
        edges.push(edge);
        where.edges.push(number);
        break;
      }
      case 'end':
        ended = true;
        if (
          line.nodes !== nodes.length ||
          line.edges !== edges.length ||
          (line.types !== undefined && line.types !== types.length)
        ) {
          problem(
            number,
            `the end line counts ${line.nodes} nodes, ${line.edges} edges and ${line.types ?? types.length} types, the file has ${nodes.length}, ${edges.length} and ${types.length}`,
          );
        }
        break;
    }
  }
  if (issues.length === 0) {
    if (!header) {
      problem(1, 'the file has no workspace line; is it an export?');
    }
    if (!ended) {
      problem(lines.length, 'the file has no end line: it is truncated');
    }
    checkReferences(nodes, edges, where, problem);
  }
  if (issues.length > 0 || !header) {
    // The first problems in the message too: the CLI prints only the message without --json.
    const first = issues
      .slice(0, 3)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('; ');
    throw new ValidationError(
      `The export file is invalid (${first}${issues.length > 3 ? '; ...' : ''}); nothing was imported.`,
      issues,
    );
  }
  return { header, types, strictOntology, nodes, edges };
}

function checkReferences(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  where: { nodes: readonly number[]; edges: readonly number[] },
  problem: (line: number, message: string, at?: string) => void,
): void {
  const nodeIds = new Set<string>();
  nodes.forEach((node, i) => {
    if (nodeIds.has(node.id)) {
      problem(where.nodes[i] ?? 0, `node id ${node.id} appears twice`, 'id');
    }
    nodeIds.add(node.id);
  });
  const edgeIds = new Set<string>();
  edges.forEach((edge, i) => {
    const line = where.edges[i] ?? 0;
    if (edgeIds.has(edge.id)) {
      problem(line, `edge id ${edge.id} appears twice`, 'id');
    }
    edgeIds.add(edge.id);
    for (const end of ['sourceId', 'targetId'] as const) {
      if (!nodeIds.has(edge[end])) {
        problem(line, `${end} ${edge[end]} is not a node of the file`, end);
      }
    }
  });
}

/**
 * Loads a parsed export into the configured stores, types and records exactly as they were
 * (ids, versions, timestamps). The workspace is created when it does not exist (with its
 * name, plan, limits and creation time); otherwise the types and records are added to it.
 *
 * The types (and strictOntology) are defined first, in one transaction, and every record is
 * checked against them as a command's would be. Records are written in transactions of
 * BATCH_SIZE. A type or record that exists already is skipped when identical and refused
 * (that batch rolled back) when not, so an import that stopped half-way can simply be run
 * again.
 */
export async function importWorkspace(
  stores: TransferStores,
  parsed: ParsedExport,
  options: { workspaceId?: string; validateRecords?: boolean } = {},
): Promise<ImportReport> {
  const asTheyAre = options.validateRecords === false;
  const workspaceId = (options.workspaceId ?? parsed.header.workspace.id).toLowerCase();
  let workspaceCreated = false;
  if (!(await stores.workspaces.get(workspaceId))) {
    await stores.workspaces.create({ ...parsed.header.workspace, id: workspaceId });
    workspaceCreated = true;
  }
  // One transaction for all types: they are defined together or not at all.
  const typeItems = parsed.types.map((type): ImportItem => ({ kind: 'type', type }));
  const types = await load(stores, workspaceId, typeItems, asTheyAre, Number.MAX_SAFE_INTEGER);
  if (parsed.strictOntology) {
    await load(stores, workspaceId, [{ kind: 'strict' }], asTheyAre);
  }
  const nodes = await load(
    stores,
    workspaceId,
    parsed.nodes.map((record) => ({ kind: 'node', record })),
    asTheyAre,
  );
  const edges = await load(
    stores,
    workspaceId,
    parsed.edges.map((record) => ({ kind: 'edge', record })),
    asTheyAre,
  );
  return { workspaceId, workspaceCreated, types, nodes, edges };
}

/**
 * Writes `items` in transactions of `size`, counting what was inserted and found;
 * `asTheyAre` holds records only to the unique index (see ImportContext).
 */
async function load(
  stores: TransferStores,
  workspaceId: string,
  items: readonly ImportItem[],
  asTheyAre: boolean,
  size = BATCH_SIZE,
): Promise<{ inserted: number; unchanged: number }> {
  const totals = { inserted: 0, unchanged: 0 };
  const now = new Date().toISOString();
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    const counted = await stores.graph.transaction(workspaceId, async (uow) => {
      const ctx = importContext(uow, stores.ontology, workspaceId, {
        now,
        canDefine: true,
        asTheyAre,
      });
      let inserted = 0;
      for (const item of batch) {
        const outcome = await importItem(ctx, item);
        if (typeof outcome === 'object') {
          // The whole batch rolls back, with the status a single request would have had.
          throw new AppError(
            outcome.status,
            ERROR_CODES[outcome.status],
            `${outcome.message}; this batch was not imported.`,
          );
        }
        inserted += outcome === 'inserted' ? 1 : 0;
      }
      return inserted;
    });
    totals.inserted += counted;
    totals.unchanged += batch.length - counted;
  }
  return totals;
}
