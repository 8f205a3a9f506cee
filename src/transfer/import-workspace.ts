import { isDeepStrictEqual } from 'node:util';
import type { GraphEdge, GraphNode } from '../domain/graph';
import { ConflictError, NotFoundError, ValidationError, type ValidationIssue } from '../errors';
import type { GraphWriter } from '../ports/graph-store';
import type { TransferStores } from './export-workspace';
import { exportLineSchema, type HeaderLine } from './format';

/** A validated export, ready to load. */
export interface ParsedExport {
  header: HeaderLine;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** What an import did. */
export interface ImportReport {
  workspaceId: string;
  /** False when the workspace existed and the records were added to it. */
  workspaceCreated: boolean;
  nodes: { inserted: number; unchanged: number };
  edges: { inserted: number; unchanged: number };
}

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
        if (line.nodes !== nodes.length || line.edges !== edges.length) {
          problem(
            number,
            `the end line counts ${line.nodes} nodes and ${line.edges} edges, the file has ${nodes.length} and ${edges.length}`,
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
  return { header, nodes, edges };
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
 * Loads a parsed export into the configured stores, records exactly as they were (ids,
 * versions, timestamps). The workspace is created when it does not exist (with its name,
 * plan, limits and creation time); otherwise the records are added to it.
 *
 * Records are written in transactions of BATCH_SIZE. A record that exists already is
 * skipped when identical and refused (409 CONFLICT, that batch rolled back) when not, so an
 * import that stopped half-way can simply be run again.
 */
export async function importWorkspace(
  stores: TransferStores,
  parsed: ParsedExport,
  options: { workspaceId?: string } = {},
): Promise<ImportReport> {
  const workspaceId = (options.workspaceId ?? parsed.header.workspace.id).toLowerCase();
  let workspaceCreated = false;
  if (!(await stores.workspaces.get(workspaceId))) {
    await stores.workspaces.create({ ...parsed.header.workspace, id: workspaceId });
    workspaceCreated = true;
  }
  const nodes = await load(stores, workspaceId, parsed.nodes, (graph, node) =>
    graph.insertNode(node).then(async (result) => {
      if (result.status === 'ok') {
        return true;
      }
      return identicalOrConflict('Node', node, await graph.getNode(node.id));
    }),
  );
  const edges = await load(stores, workspaceId, parsed.edges, (graph, edge) =>
    graph.insertEdge(edge).then(async (result) => {
      if (result.status === 'ok') {
        return true;
      }
      if (result.status === 'missing_end') {
        throw new NotFoundError(`The ${result.end} node of edge ${edge.id} does not exist.`, {
          id: edge.id,
        });
      }
      return identicalOrConflict('Edge', edge, await graph.getEdge(edge.id));
    }),
  );
  return { workspaceId, workspaceCreated, nodes, edges };
}

/** Writes `records` in batches; `insert` says whether it inserted (true) or found it (false). */
async function load<T>(
  stores: TransferStores,
  workspaceId: string,
  records: readonly T[],
  insert: (graph: GraphWriter, record: T) => Promise<boolean>,
): Promise<{ inserted: number; unchanged: number }> {
  const totals = { inserted: 0, unchanged: 0 };
  for (let start = 0; start < records.length; start += BATCH_SIZE) {
    const batch = records.slice(start, start + BATCH_SIZE);
    const counted = await stores.graph.transaction(workspaceId, async ({ graph }) => {
      let inserted = 0;
      for (const record of batch) {
        if (await insert(graph, record)) {
          inserted += 1;
        }
      }
      return inserted;
    });
    totals.inserted += counted;
    totals.unchanged += batch.length - counted;
  }
  return totals;
}

function identicalOrConflict<T extends { id: string }>(
  label: string,
  wanted: T,
  stored: T | null,
): false {
  if (stored && isDeepStrictEqual(stored, wanted)) {
    return false;
  }
  throw new ConflictError(
    `${label} ${wanted.id} already exists in the workspace with other content; this batch was not imported.`,
    { id: wanted.id },
  );
}
