import fs from 'node:fs';
import path from 'node:path';
import { exportWorkspace } from '../../transfer/export-workspace';
import type { ExportLine } from '../../transfer/format';
import { importWorkspace, parseExport } from '../../transfer/import-workspace';
import { CliUsageError, required, requiredUuid, uuidValue } from '../args';
import type { CommandDef } from '../command';
import { formatFields } from '../output';

/** Writes the lines to `file` through a temporary file, so a failed export leaves nothing. */
async function writeLines(lines: AsyncIterable<ExportLine>, file: string) {
  const partial = `${file}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  const counts = { nodes: 0, edges: 0 };
  try {
    for await (const line of lines) {
      await handle.write(`${JSON.stringify(line)}\n`);
      if (line.kind === 'node' || line.kind === 'edge') {
        counts[`${line.kind}s`] += 1;
      }
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(partial, file);
  return counts;
}

const exportCommand: CommandDef = {
  group: 'export',
  name: '',
  summary: 'Export a workspace’s types, nodes and edges as NDJSON',
  usage: '--workspace <uuid> [--out <file>]',
  description: [
    'Writes the workspace, its ontology types and settings, and every node and edge, exactly as stored (ids, versions, timestamps, properties), one JSON object per line: to standard output, or to --out. `import` loads the file into whichever engine is configured, so this is how a workspace moves from the embedded store to Neo4j (docs/neo4j.md).',
    'The undo/redo history, Idempotency-Key records and API keys are not exported: after an import, create keys with `key create`. On the embedded store the records come from one snapshot, so writes made meanwhile are not in the file; on Neo4j they are read page by page (docs/cli.md). API clients get the same export at GET /api/export.',
  ],
  options: [
    { name: 'workspace', value: '<uuid>', description: 'Workspace to export' },
    { name: 'out', value: '<file>', description: 'Write here instead of standard output' },
  ],
  examples: [
    'export --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 > acme.ndjson',
    'export --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11 --out acme.ndjson',
  ],
  async run(values, deps) {
    const workspaceId = requiredUuid(values, 'workspace');
    const lines = exportWorkspace(
      deps.stores,
      workspaceId,
      new Date(deps.clock.now()).toISOString(),
    );
    const out = values.out;
    if (out === undefined) {
      // Standard output gets the NDJSON itself; with --json, the same records as one array.
      const all: ExportLine[] = [];
      for await (const line of lines) {
        all.push(line);
      }
      return { json: all, text: all.map((line) => JSON.stringify(line)) };
    }
    const file = path.resolve(out);
    const counts = await writeLines(lines, file);
    return {
      json: { workspaceId, file, ...counts },
      text: [
        'Exported workspace.',
        ...formatFields([
          ['workspace', workspaceId],
          ['file', file],
          ['nodes', String(counts.nodes)],
          ['edges', String(counts.edges)],
        ]),
      ],
    };
  },
};

const importCommand: CommandDef = {
  group: 'import',
  name: '',
  createsStore: true,
  summary: 'Import a workspace export (NDJSON) into the configured store',
  usage: '--file <file> [--workspace <uuid>] [--validate-records <true|false>]',
  description: [
    'Loads a file written by `export` into the store this environment configures (Neo4j when NEO4J_URI is set, else the embedded store), keeping ids, versions, timestamps and edges. The whole file is validated first; an invalid or truncated file imports nothing. The types are defined first, and every record is checked against them as a command’s would be.',
    'The workspace is created with its name, plan and limits unless it exists, in which case the types and records are added to it. --workspace imports under another workspace id. Types and records that exist already are skipped when identical and refused when not, so an import that stopped can be run again.',
    '--validate-records false writes the records as the file has them, even those that break their type (kept by a type change made with validateExisting=false): only a unique value held by another record is still refused. The file’s types and strictOntology then apply to writes from then on.',
  ],
  options: [
    { name: 'file', value: '<file>', description: 'The export to load' },
    { name: 'workspace', value: '<uuid>', description: 'Import under this workspace id instead' },
    {
      name: 'validate-records',
      value: '<true|false>',
      description: 'false: take records that break their type as they are (default true)',
    },
  ],
  examples: [
    'import --file acme.ndjson',
    'import --file acme.ndjson --workspace 0f8fad5b-d9cb-469f-a165-70867728950e',
  ],
  async run(values, deps) {
    const file = path.resolve(required(values, 'file'));
    const target =
      values.workspace === undefined ? undefined : uuidValue(values.workspace, 'workspace');
    const validate = values['validate-records'];
    if (validate !== undefined && validate !== 'true' && validate !== 'false') {
      throw new CliUsageError(`--validate-records must be true or false, got "${validate}".`);
    }
    let text: string;
    try {
      text = await fs.promises.readFile(file, 'utf8');
    } catch {
      throw new CliUsageError(`Cannot read --file ${file}.`);
    }
    const parsed = parseExport(text);
    const report = await importWorkspace(deps.stores, parsed, {
      ...(target === undefined ? {} : { workspaceId: target }),
      validateRecords: validate !== 'false',
    });
    return {
      json: report,
      text: [
        report.workspaceCreated
          ? 'Imported into a new workspace.'
          : 'Imported into the existing workspace.',
        ...formatFields([
          ['workspace', report.workspaceId],
          ['types', `${report.types.inserted} defined, ${report.types.unchanged} already there`],
          ['nodes', `${report.nodes.inserted} inserted, ${report.nodes.unchanged} already there`],
          ['edges', `${report.edges.inserted} inserted, ${report.edges.unchanged} already there`],
        ]),
      ],
    };
  },
};

/** `export` and `import`: top-level commands (no sub-command). */
export const transferCommands: readonly CommandDef[] = [exportCommand, importCommand];
