import fs from 'node:fs';
import path from 'node:path';
import { Neo4jGraphQLReads } from '../adapters/neo4j/graphql/read-fields';
import { describedSchema, SCHEMA_FILES, schemaText } from '../graphql/schema-file';

/**
 * `npm run graphql:schema`: rewrites the committed SDL files (docs/api/schema.graphql, and
 * schema.neo4j.graphql with the read fields Neo4j mode adds), no server or store needed.
 */
async function main(): Promise<void> {
  for (const [mode, file] of Object.entries(SCHEMA_FILES)) {
    const reads = mode === 'neo4j' ? new Neo4jGraphQLReads() : undefined;
    const text = schemaText(await describedSchema(reads));
    fs.writeFileSync(file, text);
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
