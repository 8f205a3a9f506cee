import { ChangeRecorder, changedKeys } from '../../../src/events/change-recorder';
import type { GraphEdge, GraphNode } from '../../../src/domain/graph';

const node = (id: string, overrides: Partial<GraphNode> = {}): GraphNode => ({
  id,
  entityType: 'Pump',
  name: id,
  properties: {},
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const edge = (id: string): GraphEdge => ({
  id,
  type: 'FEEDS',
  sourceId: 'a',
  targetId: 'b',
  properties: {},
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const NOW = '2026-01-02T00:00:00.000Z';

describe('ChangeRecorder: what a transaction changed, as events', () => {
  it('nets the writes of one record: created then changed is one created with the last image', () => {
    const r = new ChangeRecorder();
    r.attribute({ kind: 'apiKey', id: 'key_1' }, { batchId: 'b1' });
    r.changed('node', 'a', null, node('a'));
    r.changed('node', 'a', node('a'), node('a', { name: 'A', version: 2 }));
    const [created, ...rest] = r.events(NOW);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      type: 'node.created',
      occurredAt: NOW,
      actor: { kind: 'apiKey', id: 'key_1' },
      cause: { batchId: 'b1' },
      subjectId: 'a',
      subjectType: 'Pump',
      data: { before: null, after: { name: 'A', version: 2 } },
    });
    expect(created?.id).toMatch(/^evt_[0-9a-f-]{36}$/);
  });

  it('leaves out a record created and removed, or changed back, in the same transaction', () => {
    const r = new ChangeRecorder();
    r.changed('node', 'tmp', null, node('tmp'));
    r.changed('node', 'tmp', node('tmp'), null);
    r.seen('node', 'b', node('b'));
    r.changed('node', 'b', node('b'), node('b', { name: 'x' }));
    r.changed('node', 'b', node('b', { name: 'x' }), node('b'));
    expect(r.events(NOW)).toEqual([]);
  });

  it('keeps the order in which records were first changed, with other events in between', () => {
    const r = new ChangeRecorder();
    r.changed('edge', 'e', edge('e'), null);
    r.add({
      type: 'entityType.changed',
      subjectType: 'Pump',
      subjectId: 'Pump',
      data: { before: null, after: {} },
    });
    r.changed('node', 'n', node('n'), null);
    expect(r.events(NOW).map((e) => [e.type, e.subjectId])).toEqual([
      ['edge.deleted', 'e'],
      ['entityType.changed', 'Pump'],
      ['node.deleted', 'n'],
    ]);
  });

  it('names the keys an update changed, and the entity type a node had before', () => {
    const r = new ChangeRecorder();
    r.changed(
      'node',
      'n',
      node('n', { properties: { a: 1, b: [1, 2], gone: true } }),
      node('n', { entityType: 'Valve', properties: { a: 1, b: [1, 3], added: 'x' }, version: 2 }),
    );
    const [updated] = r.events(NOW);
    expect(updated).toMatchObject({
      type: 'node.updated',
      subjectType: 'Valve',
      subjectTypeBefore: 'Pump',
    });
    expect(updated?.data.changedKeys).toEqual([
      'entityType',
      'properties.added',
      'properties.b',
      'properties.gone',
      'version',
    ]);
    expect(changedKeys(node('x'), node('x'))).toEqual([]);
  });

  it('attributes each record to the cause in force when it was last changed; addCause adds to it', () => {
    const r = new ChangeRecorder();
    r.attribute({ kind: 'user', id: 'usr_1' }, { commandId: 'c1' });
    r.changed('node', 'a', null, node('a'));
    r.addCause({ undoOf: 'c0' });
    r.changed('node', 'b', null, node('b'));
    expect(r.events(NOW).map((e) => e.cause)).toEqual([
      { commandId: 'c1' },
      { commandId: 'c1', undoOf: 'c0' },
    ]);
  });
});
