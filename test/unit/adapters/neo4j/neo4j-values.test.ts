import fc from 'fast-check';
import neo4j from 'neo4j-driver';
import type { GraphEdge, GraphNode, Properties } from '../../../../src/domain/graph';
import { RESERVED_PROPERTY_KEYS } from '../../../../src/domain/properties';
import {
  edgeProperties,
  nodeProperties,
  toEdge,
  toNode,
} from '../../../../src/adapters/neo4j/records';
import {
  fromDateTime,
  fromNeo4jProperties,
  toDateTime,
  toNeo4jProperties,
} from '../../../../src/adapters/neo4j/values';

/**
 * What the Neo4j adapter stores and reads back, without a server: Neo4j returns INTEGER as
 * the driver's Integer, FLOAT as a JS number and DATETIME as the driver's DateTime, which
 * is exactly what these conversions produce, so feeding their output back in is the round
 * trip a server would make.
 */

const instant = fc
  .integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2999, 11, 31) })
  .map((ms) => new Date(ms).toISOString());

const key = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,15}$/)
  .filter((k) => !RESERVED_PROPERTY_KEYS.edge.has(k));
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const value = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.integer(),
  finite,
  fc.array(fc.string(), { maxLength: 4 }),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.array(finite, { maxLength: 4 }),
  fc.array(fc.boolean(), { maxLength: 4 }),
);
const properties: fc.Arbitrary<Properties> = fc.dictionary(key, value, { maxKeys: 6 });

describe('Neo4j value mapping', () => {
  it('keeps instants exactly, as UTC DATETIME values with milliseconds', () => {
    fc.assert(
      fc.property(instant, (iso) => {
        const stored = toDateTime(iso);
        expect(stored.timeZoneOffsetSeconds).toBe(0);
        expect(fromDateTime(stored)).toBe(iso);
      }),
    );
    expect(toDateTime('2026-02-03T04:05:06.789Z').toString()).toBe(
      '2026-02-03T04:05:06.789000000Z',
    );
  });

  it('reads a DATETIME written with another offset as the same instant in UTC', () => {
    const plusTwo = new neo4j.types.DateTime(2026, 3, 1, 1, 30, 0, 250_999_999, 7200);
    expect(fromDateTime(plusTwo)).toBe('2026-02-28T23:30:00.250Z');
    expect(() => toDateTime('yesterday')).toThrow(RangeError);
  });

  it('stores whole numbers as INTEGER and other numbers as FLOAT, lists homogeneous', () => {
    const stored = toNeo4jProperties({
      count: 3,
      ratio: 1.5,
      big: 2 ** 60,
      ids: [1, 2],
      readings: [1, 2.5],
      tags: ['a'],
      none: [],
      on: true,
    });
    expect(neo4j.isInt(stored.count)).toBe(true);
    expect(stored.ratio).toBe(1.5);
    expect(stored.big).toBe(2 ** 60);
    expect((stored.ids as unknown[]).every((n) => neo4j.isInt(n))).toBe(true);
    expect(stored.readings).toEqual([1, 2.5]);
    expect(stored.tags).toEqual(['a']);
    expect(stored.none).toEqual([]);
    expect(stored.on).toBe(true);
  });

  it('reads back exactly the properties it stored', () => {
    fc.assert(
      fc.property(properties, (props) => {
        const back = fromNeo4jProperties(toNeo4jProperties(props), RESERVED_PROPERTY_KEYS.node);
        expect(back).toEqual(props);
      }),
    );
  });

  it('keeps keys named like Object members (__proto__, constructor, prototype) as properties', () => {
    // From JSON text, as the API receives them: a literal `{ __proto__: ... }` sets a prototype.
    const props = JSON.parse('{"__proto__":"x","constructor":7,"prototype":[1,2]}') as Properties;
    const sorted = (map: object) => Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1));
    const stored = toNeo4jProperties(props);
    expect(Object.keys(stored).sort()).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(sorted(fromNeo4jProperties(stored, RESERVED_PROPERTY_KEYS.node))).toEqual(sorted(props));
    const node: GraphNode = {
      id: 'pump-1',
      entityType: 'Pump',
      name: 'p',
      properties: props,
      version: 1,
      createdAt: '2026-02-03T04:05:06.789Z',
      updatedAt: '2026-02-03T04:05:06.789Z',
    };
    expect(sorted(toNode(nodeProperties('ws-1', node)).properties)).toEqual(sorted(props));
  });

  it('round-trips nodes and edges, keeping their own fields out of the properties', () => {
    fc.assert(
      fc.property(
        properties,
        instant,
        instant,
        fc.integer({ min: 1, max: 1_000_000 }),
        (props, createdAt, updatedAt, version) => {
          const node: GraphNode = {
            id: 'pump-1',
            entityType: 'Pump',
            name: 'Pump ü 1',
            properties: props,
            version,
            createdAt,
            updatedAt,
          };
          const storedNode = nodeProperties('ws-1', node);
          expect(storedNode.workspaceId).toBe('ws-1');
          expect(toNode(storedNode)).toEqual(node);

          const edge: GraphEdge = {
            id: 'e-1',
            type: 'FEEDS',
            sourceId: 'a',
            targetId: 'b',
            properties: props,
            version,
            createdAt,
            updatedAt,
          };
          // What the statements project: the relationship's properties plus type and ends.
          const projected = {
            ...edgeProperties('ws-1', edge),
            type: 'FEEDS',
            sourceId: 'a',
            targetId: 'b',
          };
          expect(toEdge(projected)).toEqual(edge);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('reads values an analyst wrote that JSON cannot hold as text', () => {
    const stored = {
      id: 'n',
      workspaceId: 'ws',
      entityType: 'Pump',
      name: 'n',
      version: neo4j.int(1),
      createdAt: toDateTime('2026-01-01T00:00:00.000Z'),
      updatedAt: toDateTime('2026-01-01T00:00:00.000Z'),
      installed: toDateTime('2025-05-05T05:05:05.005Z'),
      warranty: new neo4j.types.Date(2027, 1, 31),
    };
    expect(toNode(stored).properties).toEqual({
      installed: '2025-05-05T05:05:05.005Z',
      warranty: '2027-01-31',
    });
  });
});
