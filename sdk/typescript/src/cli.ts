#!/usr/bin/env node
/// <reference types="node" />
/**
 * `wos-sdk generate --base-url URL --api-key KEY --workspace ID --out FILE [--import-from M]`:
 * reads the workspace's ontology from the service and writes a TypeScript module typed by
 * it (see codegen.ts). The key and workspace also come from WOS_API_KEY and WOS_WORKSPACE_ID.
 */
import { writeFile } from 'node:fs/promises';
import { createClient } from './client';
import { renderOntologyModule } from './codegen';

const USAGE =
  'usage: wos-sdk generate --base-url URL --api-key KEY --workspace ID --out FILE ' +
  '[--import-from MODULE]';

/** Runs the command line `argv` (without `node` and the script); resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i]!;
    const value = rest[i + 1];
    if (!flag.startsWith('--') || value === undefined) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    flags.set(flag.slice(2), value);
  }
  const baseUrl = flags.get('base-url') ?? process.env.WOS_BASE_URL;
  const apiKey = flags.get('api-key') ?? process.env.WOS_API_KEY;
  const workspaceId = flags.get('workspace') ?? process.env.WOS_WORKSPACE_ID;
  const out = flags.get('out');
  if (command !== 'generate' || !baseUrl || !apiKey || !workspaceId || !out) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const client = createClient({ baseUrl, apiKey, workspaceId });
  const ontology = (await client.call('getOntology')).data;
  const source = renderOntologyModule(ontology, {
    workspaceId,
    baseUrl,
    importFrom: flags.get('import-from'),
  });
  await writeFile(out, source);
  const count = ontology.entityTypes.length + ontology.relationshipTypes.length;
  process.stdout.write(`wrote ${out} (${count} types)\n`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
