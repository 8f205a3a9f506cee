import { NotFoundError } from '../../errors';
import type { Neo4jClient } from './client';
import { countField, runOne, type Statement } from './statement';

/**
 * Runs `statement`, which creates a record of `params.workspaceId` (returning
 * `count(...) AS created`) and creates nothing when that workspace does not exist. A missing
 * workspace is answered as the SQLite stores' foreign key has it: NOT_FOUND.
 */
export async function createInWorkspace<P extends string>(
  client: Neo4jClient,
  statement: Statement<P>,
  params: Readonly<Record<P, unknown>> & { workspaceId: string },
): Promise<void> {
  const created = await client.write(async (tx) =>
    countField(await runOne(tx, statement, params), 'created'),
  );
  if (created !== 1) {
    throw new NotFoundError(`Workspace ${params.workspaceId} not found.`, {
      id: params.workspaceId,
    });
  }
}
