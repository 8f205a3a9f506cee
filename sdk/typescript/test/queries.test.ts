import { startSdkService, type SdkService } from './support/sdk-service';

describe('Cypher and search helpers', () => {
  let s: SdkService;
  beforeAll(async () => {
    s = await startSdkService();
    const batch = s.client.commands.newBatch();
    const pump = batch.createNode({
      entityType: 'Pump',
      name: 'Feed pump',
      properties: { rpm: 1450 },
    });
    const tank = batch.createNode({ entityType: 'Tank', name: 'Day tank' });
    batch.createEdge({ type: 'FEEDS', sourceId: pump, targetId: tank });
    await s.client.commands.batch(batch);
  });
  afterAll(async () => {
    await s.close();
  });

  it('sends filters as deepObject query parameters, and where as JSON', async () => {
    const fast = await s.client.nodes
      .list({ filter: { 'properties.rpm': { gt: 1000 }, entityType: 'Pump' } })
      .toArray();
    expect(fast.map((node) => node.name)).toEqual(['Feed pump']);
    const none = await s.client.nodes
      .list({ filter: { 'properties.rpm': { gt: 2000 } } })
      .toArray();
    expect(none).toEqual([]);
    const either = await s.client.nodes
      .list({
        where: JSON.stringify({ field: 'entityType', op: 'in', value: ['Pump', 'Tank'] }),
        sort: 'name',
      })
      .toArray();
    expect(either.map((node) => node.name)).toEqual(['Day tank', 'Feed pump']);
  });

  it('answers Cypher rows as objects keyed by column', async () => {
    const result = await s.client.cypher(
      'MATCH (p:Pump)-[:FEEDS]->(t) WHERE p.rpm > $min RETURN p.name AS pump, t.name AS tank',
      { min: 1000 },
    );
    expect(result.columns).toEqual(['pump', 'tank']);
    expect(result.rows).toEqual([{ pump: 'Feed pump', tank: 'Day tank' }]);
    expect(result.meta).toMatchObject({ rowCount: 1, truncated: false });
  });

  it('searches semantically and by hybrid search once the index has caught up', async () => {
    for (let i = 0; i < 100; i += 1) {
      const status = await s.client.search.status();
      if (status.pending === 0) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const hits = await s.client.search.semantic('Feed pump', { topK: 2 });
    expect(hits.map((hit) => hit.node.name)).toContain('Feed pump');
    const hybrid = await s.client.search.hybrid('Feed pump', { topK: 2, depth: 1 });
    expect(hybrid.results.map((hit) => hit.node.name)).toContain('Feed pump');
  });
});
