import { BatchBuilder, WosApiError } from '../src';
import { startSdkService, type SdkService } from './support/sdk-service';

describe('batch builder', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
  });
  afterAll(async () => {
    await s.close();
  });

  it('refers to earlier results with $ref, as the service defines it', async () => {
    const batch = s.client.commands.newBatch();
    const pump = batch.createNode({ entityType: 'Pump', name: 'Feed pump' });
    const tank = batch.createNode({ id: 'tank-1', entityType: 'Tank', name: 'Day tank' });
    const feeds = batch.createEdge({ type: 'FEEDS', sourceId: pump, targetId: tank });
    const tuned = batch.updateNode({ id: pump, properties: { rpm: 1450 } });

    expect(batch.commands()).toEqual([
      { type: 'CREATE_NODE', payload: { entityType: 'Pump', name: 'Feed pump' } },
      { type: 'CREATE_NODE', payload: { id: 'tank-1', entityType: 'Tank', name: 'Day tank' } },
      {
        type: 'CREATE_EDGE',
        payload: { type: 'FEEDS', sourceId: { $ref: 0 }, targetId: { $ref: 1 } },
      },
      { type: 'UPDATE_NODE', payload: { id: { $ref: 0 }, properties: { rpm: 1450 } } },
    ]);

    const result = await s.client.commands.batch(batch);
    expect(result.results).toHaveLength(4);
    expect(result.replayed).toBe(false);
    const pumpNode = result.get(pump);
    const edge = result.get(feeds);
    expect(edge).toMatchObject({ sourceId: pumpNode.id, targetId: 'tank-1' });
    expect(result.get(tuned)).toMatchObject({ id: pumpNode.id, version: 2 });
    expect((await s.client.edges.get(edge.id)).sourceId).toBe(pumpNode.id);

    // One step of history: one UNDO takes the whole batch back.
    const undone = await s.client.commands.undo();
    expect(undone.result).toMatchObject({ undone: { commandId: result.batchId, type: 'BATCH' } });
    await expect(s.client.nodes.get('tank-1')).rejects.toMatchObject({ status: 404 });
  });

  it('fails as a whole, naming the failing command', async () => {
    const batch = new BatchBuilder();
    const a = batch.createNode({ entityType: 'Pump', name: 'kept?' });
    batch.createEdge({ type: 'FEEDS', sourceId: a, targetId: 'tank-9' });
    const error = await s.client.commands.batch(batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WosApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', details: { index: 1 } });
    const names = await s.client.nodes.list({ name: 'kept?' }).toArray();
    expect(names).toEqual([]);
  });

  it('holds at most 1,000 commands', () => {
    const batch = new BatchBuilder();
    for (let i = 0; i < 1000; i += 1) {
      batch.createNode({ entityType: 'Item', name: `item ${i}` });
    }
    expect(() => batch.createNode({ entityType: 'Item', name: 'one too many' })).toThrow(
      RangeError,
    );
  });
});
