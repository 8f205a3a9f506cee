import { commandSchema } from '../../src/commands/schemas';
import { createTestApp, type TestApp } from '../support/test-app';

/** CommandService.executeBatch: several record commands in one transaction. */
describe('CommandService.executeBatch', () => {
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
  const nodeCount = async () =>
    (await t.container.deps.graph.listNodes(t.workspaceId, {}, [], { limit: 0, offset: 0 })).total;

  it('applies every command, each with its own undoable log entry', async () => {
    const a = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6071';
    const b = '6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6072';
    const edge = commandSchema.parse({
      type: 'CREATE_EDGE',
      payload: { type: 'LINKS', sourceId: a, targetId: b },
    });
    const responses = await t.container.deps.commands.executeBatch(
      [node(a), node(b), edge],
      opts(),
    );
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
    await expect(
      t.container.deps.commands.executeBatch([node(a), dangling], opts()),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await nodeCount()).toBe(0);
    const undo = commandSchema.parse({ type: 'UNDO' });
    await expect(t.container.deps.commands.execute(undo, opts())).rejects.toMatchObject({
      code: 'NOTHING_TO_UNDO',
    });
  });

  it('checks the scope of every command before running any', async () => {
    await expect(
      t.container.deps.commands.executeBatch([node('6f1d2c3b-4a59-4687-9a1b-2c3d4e5f6074')], {
        ...opts(),
        scopes: ['write:edges'],
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    expect(await nodeCount()).toBe(0);
  });
});
