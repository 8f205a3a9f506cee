import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { expectData } from '../support/envelope-assertions';
import { GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Property keys that name members of JavaScript's Object.prototype are data like any other
 * key the pattern allows. Maps are built from JSON text: an object literal such as
 * `{ __proto__: 'x' }` would set the test's own object's prototype instead.
 */
const props = (json: string) => JSON.parse(json) as Record<string, unknown>;

/** A map's own entries, sorted: compares maps whose keys include `__proto__`. */
const entries = (map: object) => Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1));

describe('property keys named like Object members (__proto__, constructor, prototype)', () => {
  let t: TestApp;
  let ontology: OntologyClient;
  beforeAll(async () => {
    t = await createTestApp();
    ontology = new OntologyClient(t, t.apiKey, t.workspaceId);
  });
  afterAll(() => t.close());

  const readNode = async (id: string) =>
    expectData(await ontology.get(`/api/queries/nodes/${id}`), 200) as GraphNode;

  it('stores them on CREATE_NODE and CREATE_EDGE and reads them back', async () => {
    const created = await ontology.node(
      'Pump',
      'p1',
      props('{"__proto__":"x","constructor":"c","prototype":[1,2],"toString":true}'),
    );
    const expected = [
      ['__proto__', 'x'],
      ['constructor', 'c'],
      ['prototype', [1, 2]],
      ['toString', true],
    ];
    expect(entries(created.properties)).toEqual(expected);
    expect(entries((await readNode(created.id)).properties)).toEqual(expected);

    const other = await ontology.node('Pump', 'p2');
    const edge = await ontology.edge('FEEDS', created.id, other.id, props('{"__proto__":"e"}'));
    expect(entries(edge.properties)).toEqual([['__proto__', 'e']]);
    const stored = expectData(
      await ontology.get(`/api/queries/edges/${edge.id}`),
      200,
    ) as GraphEdge;
    expect(entries(stored.properties)).toEqual([['__proto__', 'e']]);
  });

  it('changes, removes and restores them with UPDATE_NODE, UNDO and REDO', async () => {
    const created = await ontology.node('Pump', 'p3', props('{"__proto__":"x","constructor":"c"}'));
    const updated = await ontology.ok<GraphNode>('UPDATE_NODE', {
      id: created.id,
      properties: props('{"__proto__":"y","constructor":null,"prototype":"new"}'),
    });
    const after = [
      ['__proto__', 'y'],
      ['prototype', 'new'],
    ];
    expect(updated.version).toBe(2);
    expect(entries(updated.properties)).toEqual(after);
    expect(entries((await readNode(created.id)).properties)).toEqual(after);

    await ontology.ok('UNDO');
    const undone = await readNode(created.id);
    expect({ version: undone.version, properties: entries(undone.properties) }).toEqual({
      version: 1,
      properties: [
        ['__proto__', 'x'],
        ['constructor', 'c'],
      ],
    });

    await ontology.ok('REDO');
    expect(entries((await readNode(created.id)).properties)).toEqual(after);

    const removed = await ontology.ok<GraphNode>('UPDATE_NODE', {
      id: created.id,
      properties: props('{"__proto__":null}'),
    });
    expect(entries(removed.properties)).toEqual([['prototype', 'new']]);
  });

  it('stores them through GraphQL, as literals and as variables', async () => {
    const gql = new GraphQLClient(t, t.apiKey, t.workspaceId);
    const literal = await gql.data(
      'mutation { createNode(input: {entityType: "Pump", name: "g1", properties: {__proto__: "x", constructor: "c"}}) { node { id properties } } }',
    );
    expect(entries(literal.createNode.node.properties as object)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'c'],
    ]);
    const variables = await gql.data(
      'mutation ($p: JSON!) { createNode(input: {entityType: "Pump", name: "g2", properties: $p}) { node { id } } }',
      { p: props('{"__proto__":"v","prototype":"p"}') },
    );
    const node = await readNode(variables.createNode.node.id as string);
    expect(entries(node.properties)).toEqual([
      ['__proto__', 'v'],
      ['prototype', 'p'],
    ]);
  });
});
