import { parseBatch } from '../../../src/commands/batch-input';
import type { Scope } from '../../../src/domain/scopes';
import type { ExecuteOptions } from '../../../src/commands/command-service';
import { commandSchema, type Command } from '../../../src/commands/schemas';
import { createTestApp, type TestApp } from '../../support/test-app';

/** CommandService.transaction: several record commands (and other records) in one transaction. */
describe('CommandService.transaction', () => {
  let t: TestApp;
  const actor = 'batch-actor';

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const opts = () => ({
    workspaceId: t.workspaceId,
    actorId: actor,
    scopes: ['write:nodes', 'write:edges'] as const,
  });
  const node = (id: string) =>
    commandSchema.parse({ type: 'CREATE_NODE', payload: { id, entityType: 'T', name: id } });
  /** Executes `commands` in order in one transaction. */
  const batch = (commands: Command[], options: Omit<ExecuteOptions, 'idempotencyKey'>) =>
    t.container.deps.commands.transaction(options, async (tx) => {
      const responses = [];
      for (const command of commands) {
        responses.push(await tx.execute(command));
      }
      return responses;
    });
  const nodeCount = async () =>
    (await t.container.deps.graph.listNodes(t.workspaceId, {}, [], { limit: 0, offset: 0 })).total;

  it('applies every command, each with its own undoable log entry', async () => {
    const a = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6071';
    const b = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6072';
    const edge = commandSchema.parse({
      type: 'CREATE_EDGE',
      payload: { type: 'LINKS', sourceId: a, targetId: b },
    });
    const responses = await batch([node(a), node(b), edge], opts());
    expect(responses.map((r) => [r.status, r.data.type])).toEqual([
      [201, 'CREATE_NODE'],
      [201, 'CREATE_NODE'],
      [201, 'CREATE_EDGE'],
    ]);
    expect(await nodeCount()).toBe(2);
    const undo = commandSchema.parse({ type: 'UNDO' });
    const undone = await t.container.deps.commands.execute(undo, opts());
    expect(undone.data.result).toMatchObject({ undone: { type: 'CREATE_EDGE' } });
    expect(await nodeCount()).toBe(2);
  });

  it('rolls every command back when one fails', async () => {
    const a = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6073';
    const dangling = commandSchema.parse({
      type: 'CREATE_EDGE',
      payload: { type: 'LINKS', sourceId: a, targetId: '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6079' },
    });
    await expect(batch([node(a), dangling], opts())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await nodeCount()).toBe(0);
    const undo = commandSchema.parse({ type: 'UNDO' });
    await expect(t.container.deps.commands.execute(undo, opts())).rejects.toMatchObject({
      code: 'NOTHING_TO_UNDO',
    });
  });

  it('rolls back the commands before one outside the scopes', async () => {
    const edge = commandSchema.parse({
      type: 'CREATE_EDGE',
      payload: { type: 'LINKS', sourceId: '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6074', targetId: 'x' },
    });
    await expect(
      batch([node('6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6074'), edge], {
        ...opts(),
        scopes: ['write:nodes'],
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(await nodeCount()).toBe(0);
  });

  it('rolls the commands back when the work throws after them', async () => {
    const work = t.container.deps.commands.transaction(opts(), async (tx) => {
      await tx.execute(node('6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6075'));
      throw new Error('the work changed its mind');
    });
    await expect(work).rejects.toThrow('the work changed its mind');
    expect(await nodeCount()).toBe(0);
  });

  it('logs nothing for an actor that cannot undo, and refuses UNDO for it', async () => {
    const unlogged = { ...opts(), actorId: 'connector-actor', undoable: false };
    await batch([node('6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6076')], unlogged);
    expect(await nodeCount()).toBe(1);
    const undo = commandSchema.parse({ type: 'UNDO' });
    await expect(
      t.container.deps.commands.execute(undo, { ...unlogged, undoable: true }),
    ).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO' });
    await expect(batch([undo], unlogged)).rejects.toThrow(/not logged/);
    expect(await nodeCount()).toBe(1);
  });
});

/** CommandService.executeBatch: one log entry for the whole batch. */
describe('CommandService.executeBatch', () => {
  let t: TestApp;
  const actor = 'batch-actor';

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const both = ['write:nodes', 'write:edges'] as const;
  const opts = (scopes: readonly Scope[] = both) => ({
    workspaceId: t.workspaceId,
    actorId: actor,
    scopes,
  });

  it('undoing a batch of nodes and an edge needs both write scopes', async () => {
    const items = parseBatch({
      commands: [
        { type: 'CREATE_NODE', payload: { id: 'a', entityType: 'T', name: 'a' } },
        { type: 'CREATE_NODE', payload: { id: 'b', entityType: 'T', name: 'b' } },
        { type: 'CREATE_EDGE', payload: { type: 'LINKS', sourceId: 'a', targetId: { $ref: 1 } } },
      ],
    });
    await t.container.deps.commands.executeBatch(items, opts());
    const undo = commandSchema.parse({ type: 'UNDO' });
    await expect(
      t.container.deps.commands.execute(undo, opts(['write:nodes'])),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      details: { requiredScope: 'write:edges' },
    });
    const undone = await t.container.deps.commands.execute(undo, opts());
    expect(undone.data.result).toMatchObject({ undone: { type: 'BATCH' } });
  });

  it('logs nothing for an actor that cannot undo', async () => {
    const items = parseBatch({
      commands: [{ type: 'CREATE_NODE', payload: { id: 'a', entityType: 'T', name: 'a' } }],
    });
    await t.container.deps.commands.executeBatch(items, { ...opts(), undoable: false });
    const undo = commandSchema.parse({ type: 'UNDO' });
    await expect(t.container.deps.commands.execute(undo, opts())).rejects.toMatchObject({
      code: 'NOTHING_TO_UNDO',
    });
  });
});
