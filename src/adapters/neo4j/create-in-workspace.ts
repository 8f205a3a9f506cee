import type { ManagedTransaction } from 'neo4j-driver';
import { NotFoundError, type AppError } from '../../errors';
import type { Neo4jClient } from './client';
import { countField, runOne, type Statement } from './statement';

/**
 * Runs `statement` in `tx`, which creates one record under a parent (returning
 * `count(...) AS created`) and creates nothing when the parent does not exist; then throws
 * `missing()`, as the SQLite stores' foreign key refuses the record.
 */
export async function createUnderParent<P extends string>(
  tx: ManagedTransaction,
  statement: Statement<P>,
  params: Readonly<Record<P, unknown>>,
  missing: () => AppError,
): Promise<void> {
  if (countField(await runOne(tx, statement, params), 'created') !== 1) {
    throw missing();
  }
}

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
  await client.write((tx) =>
    createUnderParent(
      tx,
      statement,
      params,
      () =>
        new NotFoundError(`Workspace ${params.workspaceId} not found.`, { id: params.workspaceId }),
    ),
  );
}
