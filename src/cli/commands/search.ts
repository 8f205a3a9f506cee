import { ServiceUnavailableError } from '../../errors';
import { existingWorkspace, type CommandDef } from '../command';
import { formatFields } from '../output';

const reindex: CommandDef = {
  group: 'reindex',
  name: '',
  summary: 'Rebuild the search index of a workspace',
  usage: '--workspace <uuid>',
  description: [
    'Removes the workspace’s vectors, queues every node of it for indexing, and indexes them in this process, returning once the workspace is fully indexed. Use it after restoring a backup of the vector store, or when search results look stale.',
    'Search in that workspace returns fewer results until the command has finished. A running server needs no restart; its own indexer may share the work. If the embedder or the vector store fails, the command stops with an error and the queued nodes stay queued: a running server indexes them as soon as it can, or run the command again.',
  ],
  options: [{ name: 'workspace', value: '<uuid>', description: 'Workspace to re-index' }],
  examples: ['reindex --workspace 7c1e0f0a-3b7d-4c59-9a54-2f4f0d2b8e11'],
  async run(values, deps) {
    const workspaceId = await existingWorkspace(values, deps);
    const indexer = deps.search.indexer;
    const queued = await indexer.reindex(workspaceId);
    indexer.start();
    try {
      await indexer.drain();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ServiceUnavailableError(
        `Indexing failed (${reason}); ${queued} nodes stay queued for the server's indexer.`,
      );
    }
    const status = await indexer.status(workspaceId);
    return {
      json: { workspaceId, queued, indexed: status.indexed, embedder: status.embedder },
      text: [
        'Re-indexed workspace.',
        ...formatFields([
          ['workspace', workspaceId],
          ['nodes queued', String(queued)],
          ['vectors indexed', String(status.indexed ?? 'unknown')],
          ['embedder', `${status.embedder} (${status.dimensions ?? '?'} dimensions)`],
          ['backend', status.backend],
        ]),
      ],
    };
  },
};

/** Search index maintenance (docs/search.md "Indexing"). */
export const searchCommands: CommandDef[] = [reindex];
