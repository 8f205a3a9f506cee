import { fixtureEdge, fixtureNode } from './fixture-graph';

/**
 * The analyst corpus: queries over the fixture graph (fixture-graph.ts) with the answer
 * every engine must give. The first thirteen are the files of cypher/examples rewritten for
 * the endpoint (no workspaceId: the endpoint binds every pattern to the request's
 * workspace; variable-length bounds within the documented maximum of 5 hops); the
 * fourteenth file reads the command log, a system label, and is among the hostile cases.
 * Rows are compared in order unless `unordered` (a query whose order Cypher leaves open).
 */
export interface CorpusQuery {
  name: string;
  query: string;
  parameters?: Record<string, unknown>;
  columns: string[];
  rows: unknown[][];
  unordered?: true;
}

const node = fixtureNode;
const rel = fixtureEdge;

export const CORPUS: readonly CorpusQuery[] = [
  {
    name: 'ex01 counts by entity type',
    query:
      'MATCH (n:Entity) RETURN n.entityType AS entityType, count(*) AS entities ORDER BY entities DESC, entityType',
    columns: ['entityType', 'entities'],
    rows: [
      ['Pump', 3],
      ['Sensor', 3],
      ['Tank', 2],
      ['Valve', 2],
      ['Site', 1],
    ],
  },
  {
    name: 'ex02 counts by relationship type',
    query:
      'MATCH (:Entity)-[r]->(:Entity) RETURN type(r) AS type, count(*) AS relationships ORDER BY relationships DESC, type',
    columns: ['type', 'relationships'],
    rows: [
      ['FEEDS', 3],
      ['FLOWS_TO', 3],
      ['LOCATED_AT', 3],
      ['MONITORS', 2],
      ['RECIRCULATES', 1],
    ],
  },
  {
    name: 'ex03 neighbourhood',
    query:
      'MATCH (n:Entity {id: $nodeId})-[r]-(m:Entity) RETURN n.id AS n, r.id AS r, m.id AS m ORDER BY r',
    parameters: { nodeId: 't1' },
    columns: ['n', 'r', 'm'],
    rows: [
      ['t1', 'e04', 'v1'],
      ['t1', 'e06', 't2'],
      ['t1', 'e08', 's2'],
      ['t1', 'e11', 'site'],
    ],
  },
  {
    name: 'ex04 two-hop neighbourhood',
    query:
      'MATCH path = (n:Entity {id: $nodeId})-[*1..2]-(m:Entity) WHERE all(r IN relationships(path) WHERE type(r) IN $types) RETURN [x IN nodes(path) | x.id] AS ids ORDER BY size(ids), ids LIMIT 200',
    parameters: { nodeId: 'p1', types: ['FEEDS', 'FLOWS_TO'] },
    columns: ['ids'],
    rows: [[['p1', 'v1']], [['p1', 'v1', 'p2']], [['p1', 'v1', 't1']]],
  },
  {
    name: 'ex05 shortest path',
    query:
      'MATCH (a:Entity {id: $fromId}) MATCH (b:Entity {id: $toId}) MATCH path = shortestPath((a)-[*..5]-(b)) RETURN path, length(path) AS hops',
    parameters: { fromId: 'p3', toId: 't1' },
    columns: ['path', 'hops'],
    rows: [
      [
        {
          nodes: [node('p3'), node('v2'), node('t2'), node('t1')],
          relationships: [rel('e03'), rel('e05'), rel('e06')],
        },
        3,
      ],
    ],
  },
  {
    name: 'ex06 all shortest paths',
    query:
      'MATCH (a:Entity {id: $fromId}) MATCH (b:Entity {id: $toId}) MATCH path = allShortestPaths((a)-[*..5]-(b)) RETURN [n IN nodes(path) | n.name] AS names, [r IN relationships(path) | type(r)] AS types ORDER BY names',
    parameters: { fromId: 'p1', toId: 'p2' },
    columns: ['names', 'types'],
    rows: [
      [
        ['Pump 1', 'North site', 'Pump 2'],
        ['LOCATED_AT', 'LOCATED_AT'],
      ],
      [
        ['Pump 1', 'Valve 1', 'Pump 2'],
        ['FEEDS', 'FEEDS'],
      ],
    ],
  },
  {
    name: 'ex07 recently changed',
    query:
      'MATCH (n:Entity) WHERE n.updatedAt >= datetime() - duration({days: 7}) RETURN n.id AS id, n.entityType AS entityType, n.name AS name, n.version AS version, n.updatedAt AS updatedAt ORDER BY n.updatedAt DESC LIMIT 50',
    columns: ['id', 'entityType', 'name', 'version', 'updatedAt'],
    rows: [
      ['p1', 'Pump', 'Pump 1', 2, '2026-01-30T08:00:00.000Z'],
      ['s2', 'Sensor', 'Sensor 2', 2, '2026-01-29T08:00:00.000Z'],
      ['v1', 'Valve', 'Valve 1', 2, '2026-01-28T08:00:00.000Z'],
    ],
  },
  {
    name: 'ex08 workspace subgraph',
    query:
      'MATCH (n:Entity) OPTIONAL MATCH (n)-[r]->(m:Entity) RETURN n.id AS n, r.id AS r, m.id AS m ORDER BY n, r LIMIT 1000',
    columns: ['n', 'r', 'm'],
    rows: [
      ['p1', 'e01', 'v1'],
      ['p1', 'e09', 'site'],
      ['p2', 'e02', 'v1'],
      ['p2', 'e10', 'site'],
      ['p3', 'e03', 'v2'],
      ['s1', 'e07', 'p1'],
      ['s2', 'e08', 't1'],
      ['site', null, null],
      ['spare', null, null],
      ['t1', 'e06', 't2'],
      ['t1', 'e11', 'site'],
      ['t2', 'e12', 't2'],
      ['v1', 'e04', 't1'],
      ['v2', 'e05', 't2'],
    ],
  },
  {
    name: 'ex09 by type labels',
    query:
      'MATCH (p:Pump)-[f:FEEDS]->(v:Valve) RETURN p.name AS pump, v.name AS valve, f.flow AS flow ORDER BY pump, valve',
    columns: ['pump', 'valve', 'flow'],
    rows: [
      ['Pump 1', 'Valve 1', 3.5],
      ['Pump 2', 'Valve 1', 1.25],
      ['Pump 3', 'Valve 2', null],
    ],
  },
  {
    name: 'ex10 most connected',
    query:
      'MATCH (n:Entity) RETURN n.id AS id, n.entityType AS entityType, n.name AS name, COUNT { (n)--() } AS degree ORDER BY degree DESC, id LIMIT 10',
    columns: ['id', 'entityType', 'name', 'degree'],
    rows: [
      ['t1', 'Tank', 'Tank 1', 4],
      ['p1', 'Pump', 'Pump 1', 3],
      ['site', 'Site', 'North site', 3],
      ['t2', 'Tank', 'Tank 2', 3],
      ['v1', 'Valve', 'Valve 1', 3],
      ['p2', 'Pump', 'Pump 2', 2],
      ['v2', 'Valve', 'Valve 2', 2],
      ['p3', 'Pump', 'Pump 3', 1],
      ['s1', 'Sensor', 'Sensor 1', 1],
      ['s2', 'Sensor', 'Sensor 2', 1],
    ],
  },
  {
    name: 'ex11 isolated entities',
    query:
      'MATCH (n:Entity) WHERE NOT (n)--() RETURN n.id AS id, n.entityType AS entityType, n.name AS name ORDER BY entityType, name',
    columns: ['id', 'entityType', 'name'],
    rows: [['spare', 'Sensor', 'Spare sensor']],
  },
  {
    name: 'ex12 by property',
    query:
      'MATCH (n:Entity {entityType: $entityType}) WHERE n.status = $status RETURN n.id AS id, n.name AS name, properties(n) AS properties ORDER BY name',
    parameters: { entityType: 'Pump', status: 'on' },
    columns: ['id', 'name', 'properties'],
    rows: [
      ['p1', 'Pump 1', { rpm: 1450, status: 'on', tags: ['critical', 'north'] }],
      ['p3', 'Pump 3', { rpm: 1200, status: 'on' }],
    ],
  },
  {
    name: 'ex13 created per day',
    query:
      'MATCH (n:Entity) WHERE n.createdAt >= datetime() - duration({days: 30}) RETURN date(n.createdAt) AS day, count(*) AS created ORDER BY day DESC',
    columns: ['day', 'created'],
    rows: [
      ['2026-01-06', 2],
      ['2026-01-05', 2],
      ['2026-01-04', 2],
      ['2026-01-03', 2],
      ['2026-01-02', 2],
    ],
  },
  {
    name: 'node record',
    query: "MATCH (n:Valve {id: 'v2'}) RETURN n",
    columns: ['n'],
    rows: [[node('v2')]],
  },
  {
    name: 'relationship record',
    query: "MATCH ()-[r:FEEDS {id: 'e01'}]->() RETURN r",
    columns: ['r'],
    rows: [[rel('e01')]],
  },
  {
    name: 'incoming direction',
    query: "MATCH (n)<-[r]-(m) WHERE n.id = 'v1' RETURN m.id AS from, type(r) AS via ORDER BY from",
    columns: ['from', 'via'],
    rows: [
      ['p1', 'FEEDS'],
      ['p2', 'FEEDS'],
    ],
  },
  {
    name: 'undirected self loop matched once',
    query: "MATCH (t:Tank {id: 't2'})-[r:RECIRCULATES]-(x) RETURN r.id AS r, x.id AS x",
    columns: ['r', 'x'],
    rows: [['e12', 't2']],
  },
  {
    name: 'multiple labels alternatives via WHERE',
    query: 'MATCH (n) WHERE n:Pump OR n:Valve RETURN n.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p1'], ['p2'], ['p3'], ['v1'], ['v2']],
  },
  {
    name: 'label predicate negated',
    query: 'MATCH (n:Entity) WHERE NOT n:Sensor AND NOT n:Site RETURN count(n) AS c',
    columns: ['c'],
    rows: [[7]],
  },
  {
    name: 'relationship type alternatives',
    query: 'MATCH (a)-[r:FEEDS|FLOWS_TO]->(b) RETURN a.id + "->" + b.id AS hop ORDER BY hop',
    columns: ['hop'],
    rows: [['p1->v1'], ['p2->v1'], ['p3->v2'], ['t1->t2'], ['v1->t1'], ['v2->t2']],
  },
  {
    name: 'comparison and arithmetic',
    query:
      'MATCH (p:Pump) WHERE p.rpm >= 1000 AND p.rpm < 1500 RETURN p.id AS id, p.rpm * 2 AS double, p.rpm / 100 AS hundreds, p.rpm % 7 AS rest ORDER BY id',
    columns: ['id', 'double', 'hundreds', 'rest'],
    rows: [
      ['p1', 2900, 14, 1],
      ['p3', 2400, 12, 3],
    ],
  },
  {
    name: 'float arithmetic',
    query: 'MATCH (t:Tank) RETURN t.id AS id, t.capacity * t.level AS litres ORDER BY id',
    columns: ['id', 'litres'],
    rows: [
      ['t1', 375],
      ['t2', 240],
    ],
  },
  {
    name: 'XOR',
    query: 'MATCH (p:Pump) WHERE p.status = "on" XOR p.rpm > 1300 RETURN p.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p3']],
  },
  {
    name: 'IN list parameter',
    query: 'MATCH (n) WHERE n.id IN $ids RETURN n.name AS name ORDER BY name',
    parameters: { ids: ['p2', 't1', 'nope'] },
    columns: ['name'],
    rows: [['Pump 2'], ['Tank 1']],
  },
  {
    name: 'STARTS WITH / ENDS WITH / CONTAINS',
    query:
      "MATCH (n) WHERE n.name STARTS WITH 'Pump' OR n.name ENDS WITH 'site' OR n.name CONTAINS 'are' RETURN n.id AS id ORDER BY id",
    columns: ['id'],
    rows: [['p1'], ['p2'], ['p3'], ['site'], ['spare']],
  },
  {
    name: 'IS NULL',
    query: 'MATCH (p:Pump) WHERE p.tags IS NULL RETURN p.id AS id',
    columns: ['id'],
    rows: [['p3']],
  },
  {
    name: 'IS NOT NULL',
    query: 'MATCH (n) WHERE n.status IS NOT NULL RETURN n.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p1'], ['p2'], ['p3'], ['v1'], ['v2']],
  },
  {
    name: 'property map on relationship',
    query: 'MATCH (a)-[r:FLOWS_TO {overflow: true}]->(b) RETURN a.id AS a, b.id AS b',
    columns: ['a', 'b'],
    rows: [['t1', 't2']],
  },
  {
    name: 'list property membership',
    query: "MATCH (p:Pump) WHERE 'critical' IN p.tags RETURN p.id AS id",
    columns: ['id'],
    rows: [['p1']],
  },
  {
    name: 'pattern existence in WHERE',
    query: 'MATCH (p:Pump) WHERE (p)-[:LOCATED_AT]->(:Site) RETURN p.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p1'], ['p2']],
  },
  {
    name: 'EXISTS subquery',
    query:
      'MATCH (n:Entity) WHERE EXISTS { (n)<-[:MONITORS]-(:Sensor) } RETURN n.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p1'], ['t1']],
  },
  {
    name: 'variable length bounded',
    query: "MATCH (p:Pump {id: 'p1'})-[*1..3]->(x) RETURN DISTINCT x.id AS id ORDER BY id",
    columns: ['id'],
    rows: [['site'], ['t1'], ['t2'], ['v1']],
  },
  {
    name: 'variable length exact',
    query: "MATCH (p:Pump {id: 'p3'})-[*2]->(x) RETURN x.id AS id",
    columns: ['id'],
    rows: [['t2']],
  },
  {
    name: 'variable length zero',
    query: "MATCH (a {id: 'v1'})-[*0..1]->(b) RETURN b.id AS id ORDER BY id",
    columns: ['id'],
    rows: [['t1'], ['v1']],
  },
  {
    name: 'variable length relationships list',
    query:
      "MATCH (a {id: 'p2'})-[rs:FEEDS|FLOWS_TO*2..2]->(b) RETURN [r IN rs | r.id] AS rels, b.id AS b",
    columns: ['rels', 'b'],
    rows: [[['e02', 'e04'], 't1']],
  },
  {
    name: 'variable length incoming',
    query: "MATCH (t {id: 't2'})<-[*1..2]-(x) RETURN DISTINCT x.id AS id ORDER BY id",
    columns: ['id'],
    rows: [['p3'], ['s2'], ['t1'], ['t2'], ['v1'], ['v2']],
  },
  {
    name: 'named path length and nodes',
    query:
      "MATCH p = (:Pump {id: 'p1'})-[:FEEDS]->(:Valve)-[:FLOWS_TO]->(t:Tank) RETURN length(p) AS len, [n IN nodes(p) | n.id] AS ids, [r IN relationships(p) | r.id] AS rels",
    columns: ['len', 'ids', 'rels'],
    rows: [[2, ['p1', 'v1', 't1'], ['e01', 'e04']]],
  },
  {
    name: 'path as record',
    query: "MATCH p = (s:Sensor {id: 's1'})-[:MONITORS]->(x) RETURN p",
    columns: ['p'],
    rows: [[{ nodes: [node('s1'), node('p1')], relationships: [rel('e07')] }]],
  },
  {
    name: 'shortest path none within bound',
    query:
      "MATCH (a {id: 's1'}), (b {id: 't2'}) MATCH p = shortestPath((a)-[*..2]-(b)) RETURN length(p) AS hops",
    columns: ['hops'],
    rows: [],
  },
  {
    name: 'shortest path directed',
    query:
      "MATCH (a {id: 'p3'}), (b {id: 't2'}) MATCH p = shortestPath((a)-[*..5]->(b)) RETURN [n IN nodes(p) | n.id] AS ids",
    columns: ['ids'],
    rows: [[['p3', 'v2', 't2']]],
  },
  {
    name: 'startNode endNode',
    query: "MATCH ()-[r {id: 'e06'}]->() RETURN startNode(r).id AS s, endNode(r).id AS e",
    columns: ['s', 'e'],
    rows: [['t1', 't2']],
  },
  {
    name: 'OPTIONAL MATCH nulls',
    query:
      'MATCH (s:Sensor) OPTIONAL MATCH (s)-[:MONITORS]->(x) RETURN s.id AS sensor, x.id AS target ORDER BY sensor',
    columns: ['sensor', 'target'],
    rows: [
      ['s1', 'p1'],
      ['s2', 't1'],
      ['spare', null],
    ],
  },
  {
    name: 'OPTIONAL MATCH with count',
    query:
      'MATCH (v:Valve) OPTIONAL MATCH (p:Pump)-[:FEEDS]->(v) RETURN v.id AS valve, count(p) AS pumps ORDER BY valve',
    columns: ['valve', 'pumps'],
    rows: [
      ['v1', 2],
      ['v2', 1],
    ],
  },
  {
    name: 'WITH aggregation then filter',
    query:
      'MATCH (p:Pump)-[:FEEDS]->(v:Valve) WITH v, count(p) AS feeders WHERE feeders > 1 RETURN v.name AS valve, feeders',
    columns: ['valve', 'feeders'],
    rows: [['Valve 1', 2]],
  },
  {
    name: 'WITH ORDER BY LIMIT then match',
    query:
      'MATCH (p:Pump) WITH p ORDER BY p.rpm DESC LIMIT 2 MATCH (p)-[:FEEDS]->(v) RETURN p.id AS pump, v.id AS valve ORDER BY pump',
    columns: ['pump', 'valve'],
    rows: [
      ['p1', 'v1'],
      ['p3', 'v2'],
    ],
  },
  {
    name: 'aggregates',
    query:
      'MATCH (p:Pump) RETURN count(*) AS n, sum(p.rpm) AS total, avg(p.rpm) AS mean, min(p.rpm) AS lo, max(p.rpm) AS hi',
    columns: ['n', 'total', 'mean', 'lo', 'hi'],
    rows: [[3, 3550, 1183.3333333333333, 900, 1450]],
  },
  {
    name: 'collect ordered',
    query: 'MATCH (p:Pump) WITH p ORDER BY p.id RETURN collect(p.name) AS names',
    columns: ['names'],
    rows: [[['Pump 1', 'Pump 2', 'Pump 3']]],
  },
  {
    name: 'collect DISTINCT and grouping',
    query:
      'MATCH (n)-[r]->(m) WITH type(r) AS type, m.entityType AS target ORDER BY target RETURN type, collect(DISTINCT target) AS targets ORDER BY type',
    columns: ['type', 'targets'],
    rows: [
      ['FEEDS', ['Valve']],
      ['FLOWS_TO', ['Tank']],
      ['LOCATED_AT', ['Site']],
      ['MONITORS', ['Pump', 'Tank']],
      ['RECIRCULATES', ['Tank']],
    ],
  },
  {
    name: 'aggregates inside list expressions, per grouping key',
    query:
      "MATCH (n) WHERE n.entityType IN ['Pump', 'Sensor', 'Site', 'Tank', 'Valve'] RETURN n.entityType, size([x IN collect(n.id) WHERE x ENDS WITH '1']) AS ones, any(s IN collect(n.status) WHERE s = 'open') AS anyOpen ORDER BY n.entityType",
    columns: ['n.entityType', 'ones', 'anyOpen'],
    rows: [
      ['Pump', 1, false],
      ['Sensor', 1, false],
      ['Site', 0, false],
      ['Tank', 1, false],
      ['Valve', 1, true],
    ],
  },
  {
    name: 'an aggregate as the list of IN, and mapped by a comprehension',
    query:
      "MATCH (n)-[r:FEEDS|FLOWS_TO|MONITORS|RECIRCULATES]->(m) WITH r, m ORDER BY m.entityType WITH type(r) AS t, 'Tank' IN collect(m.entityType) AS toTank, [x IN collect(DISTINCT m.entityType) | toLower(x)] AS kinds WHERE toTank RETURN t, kinds ORDER BY t",
    columns: ['t', 'kinds'],
    rows: [
      ['FLOWS_TO', ['tank']],
      ['MONITORS', ['pump', 'tank']],
      ['RECIRCULATES', ['tank']],
    ],
  },
  {
    name: 'a comprehension variable hiding the grouping key around an aggregate',
    query:
      "MATCH (n:Pump) RETURN n.name AS k, [n IN collect(n) | n.name + '!'] AS names, n.status = 'on' AS running ORDER BY k",
    columns: ['k', 'names', 'running'],
    rows: [
      ['Pump 1', ['Pump 1!'], true],
      ['Pump 2', ['Pump 2!'], false],
      ['Pump 3', ['Pump 3!'], true],
    ],
  },
  {
    name: 'an entity function of an aggregate',
    query:
      'MATCH (p:Pump) WITH p ORDER BY p.id DESC RETURN head(collect(p)).name AS last, labels(head(collect(p))) AS labels, count(*) AS pumps',
    columns: ['last', 'labels', 'pumps'],
    rows: [['Pump 3', ['Pump'], 3]],
  },
  {
    name: 'count DISTINCT',
    query: 'MATCH (n)-[:LOCATED_AT|FEEDS]->(m) RETURN count(DISTINCT m) AS targets',
    columns: ['targets'],
    rows: [[3]],
  },
  {
    name: 'aggregate over empty',
    query: 'MATCH (n:Nothing) RETURN count(n) AS c, sum(n.rpm) AS s, collect(n.id) AS ids',
    columns: ['c', 's', 'ids'],
    rows: [[0, 0, []]],
  },
  {
    name: 'UNWIND list',
    query: 'UNWIND [3, 1, 2] AS x RETURN x ORDER BY x DESC',
    columns: ['x'],
    rows: [[3], [2], [1]],
  },
  {
    name: 'UNWIND parameter and match',
    query: 'UNWIND $ids AS id MATCH (n {id: id}) RETURN n.name AS name ORDER BY name',
    parameters: { ids: ['s2', 'p3'] },
    columns: ['name'],
    rows: [['Pump 3'], ['Sensor 2']],
  },
  {
    name: 'UNWIND list property',
    query: 'MATCH (p:Pump) UNWIND p.tags AS tag RETURN tag, count(*) AS pumps ORDER BY tag',
    columns: ['tag', 'pumps'],
    rows: [
      ['critical', 1],
      ['north', 2],
    ],
  },
  {
    name: 'RETURN DISTINCT',
    query: 'MATCH (n:Entity) RETURN DISTINCT n.entityType AS type ORDER BY type',
    columns: ['type'],
    rows: [['Pump'], ['Sensor'], ['Site'], ['Tank'], ['Valve']],
  },
  {
    name: 'SKIP LIMIT',
    query: 'MATCH (n) RETURN n.id AS id ORDER BY id SKIP 3 LIMIT 4',
    columns: ['id'],
    rows: [['s1'], ['s2'], ['site'], ['spare']],
  },
  {
    name: 'ORDER BY DESC with nulls',
    query:
      'MATCH (n) WHERE n:Pump OR n:Valve RETURN n.id AS id, n.rpm AS rpm ORDER BY rpm DESC, id',
    columns: ['id', 'rpm'],
    rows: [
      ['v1', null],
      ['v2', null],
      ['p1', 1450],
      ['p3', 1200],
      ['p2', 900],
    ],
  },
  {
    name: 'labels type properties keys',
    query:
      "MATCH (n {id: 's1'})-[r]->() RETURN labels(n) AS labels, type(r) AS type, keys(n) AS keys, properties(r) AS props",
    columns: ['labels', 'type', 'keys', 'props'],
    rows: [[['Sensor'], 'MONITORS', ['unit'], {}]],
  },
  {
    name: 'id and elementId',
    query: "MATCH (n {id: 't1'}) RETURN id(n) AS id, elementId(n) AS elementId",
    columns: ['id', 'elementId'],
    rows: [['t1', 't1']],
  },
  {
    name: 'size and string functions',
    query:
      "MATCH (n {id: 'p1'}) RETURN size(n.tags) AS tags, size(n.name) AS chars, toUpper(n.name) AS upper, toLower(n.name) AS lower, toString(n.rpm) AS text",
    columns: ['tags', 'chars', 'upper', 'lower', 'text'],
    rows: [[2, 6, 'PUMP 1', 'pump 1', '1450']],
  },
  {
    name: 'conversions',
    query:
      "RETURN toInteger('42') AS i, toInteger(3.9) AS t, toFloat('2.5') AS f, toInteger('x') AS bad, toString(2.0) AS s, toString(true) AS b",
    columns: ['i', 't', 'f', 'bad', 's', 'b'],
    rows: [[42, 3, 2.5, null, '2.0', 'true']],
  },
  {
    name: 'coalesce',
    query:
      'MATCH (n:Sensor) RETURN n.id AS id, coalesce(n.unit, n.status, "none") AS unit ORDER BY id',
    columns: ['id', 'unit'],
    rows: [
      ['s1', 'bar'],
      ['s2', 'C'],
      ['spare', 'none'],
    ],
  },
  {
    name: 'CASE',
    query:
      "MATCH (p:Pump) RETURN p.id AS id, CASE WHEN p.rpm > 1300 THEN 'fast' WHEN p.rpm > 1000 THEN 'medium' ELSE 'slow' END AS speed ORDER BY id",
    columns: ['id', 'speed'],
    rows: [
      ['p1', 'fast'],
      ['p2', 'slow'],
      ['p3', 'medium'],
    ],
  },
  {
    name: 'list comprehension and indexing',
    query:
      'RETURN [x IN [1, 2, 3, 4, 5] WHERE x % 2 = 1 | x * 10] AS odds, [1, 2, 3][0] AS first, [1, 2, 3][-1] AS last',
    columns: ['odds', 'first', 'last'],
    rows: [[[10, 30, 50], 1, 3]],
  },
  {
    name: 'map literal',
    query: "MATCH (p:Pump {id: 'p2'}) RETURN {id: p.id, rpm: p.rpm, tags: p.tags} AS summary",
    columns: ['summary'],
    rows: [[{ id: 'p2', rpm: 900, tags: ['north'] }]],
  },
  {
    name: 'date and datetime',
    query:
      "RETURN date('2026-01-15') AS d, datetime('2026-01-15T10:00:00Z') AS dt, date('2026-01-31') + duration({days: 1}) AS next",
    columns: ['d', 'dt', 'next'],
    rows: [['2026-01-15', '2026-01-15T10:00:00.000Z', '2026-02-01']],
  },
  {
    name: 'date of timestamp',
    query:
      "MATCH (n {id: 's2'}) RETURN date(n.updatedAt) AS day, n.updatedAt > datetime('2026-01-20T00:00:00Z') AS recent",
    columns: ['day', 'recent'],
    rows: [['2026-01-29', true]],
  },
  {
    name: 'datetime comparison window',
    query:
      "MATCH (n) WHERE n.createdAt < datetime('2026-01-03T00:00:00Z') RETURN n.id AS id ORDER BY id",
    columns: ['id'],
    rows: [['p1'], ['p2'], ['site']],
  },
  {
    name: 'parameters of every kind',
    query: 'RETURN $s AS s, $i AS i, $f AS f, $b AS b, $l AS l, $m AS m, $n AS n',
    parameters: { s: 'x', i: 7, f: 1.5, b: true, l: [1, 'a'], m: { k: [1] }, n: null },
    columns: ['s', 'i', 'f', 'b', 'l', 'm', 'n'],
    rows: [['x', 7, 1.5, true, [1, 'a'], { k: [1] }, null]],
  },
  {
    name: 'integer division',
    query: 'RETURN 7 / 2 AS i, 7.0 / 2 AS f, -7 / 2 AS neg',
    columns: ['i', 'f', 'neg'],
    rows: [[3, 3.5, -3]],
  },
  {
    name: 'string concatenation',
    query: "MATCH (p:Pump {id: 'p1'}) RETURN p.name + ' @ ' + toString(p.rpm) AS label",
    columns: ['label'],
    rows: [['Pump 1 @ 1450']],
  },
  {
    name: 'anonymous chain two hops',
    query:
      'MATCH (:Sensor)-[:MONITORS]->()-[:LOCATED_AT]->(s) RETURN s.name AS site, count(*) AS n',
    columns: ['site', 'n'],
    rows: [['North site', 2]],
  },
  {
    name: 'relationship uniqueness in one MATCH',
    query: "MATCH (a {id: 'p1'})-[r1]-(m)-[r2]-(b) RETURN b.id AS b ORDER BY b",
    columns: ['b'],
    rows: [['p2'], ['p2'], ['t1'], ['t1']],
  },
  {
    name: 'two MATCH clauses reuse relationship',
    query: "MATCH (a {id: 'p1'})-[r1]-(m) MATCH (m)-[r2]-(b) RETURN b.id AS b ORDER BY b",
    columns: ['b'],
    rows: [['p1'], ['p1'], ['p1'], ['p2'], ['p2'], ['t1'], ['t1']],
  },
  {
    name: 'cartesian product counted',
    query: 'MATCH (p:Pump), (t:Tank) RETURN count(*) AS pairs',
    columns: ['pairs'],
    rows: [[6]],
  },
  {
    name: 'triangle-free check',
    query: 'MATCH (a)-[]->(b)-[]->(c)-[]->(a) RETURN count(*) AS cycles',
    columns: ['cycles'],
    rows: [[0]],
  },
  {
    name: 'entity type property alias',
    query: "MATCH (n) WHERE n.entityType = 'Tank' RETURN n.name AS name ORDER BY name",
    columns: ['name'],
    rows: [['Tank 1'], ['Tank 2']],
  },
  {
    name: 'Entity label with type label',
    query: 'MATCH (n:Entity:Valve) RETURN n.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['v1'], ['v2']],
  },
  {
    name: 'count subquery in WITH',
    query:
      'MATCH (n:Entity) WITH n, COUNT { (n)-->() } AS out WHERE out >= 2 RETURN n.id AS id, out ORDER BY id',
    columns: ['id', 'out'],
    rows: [
      ['p1', 2],
      ['p2', 2],
      ['t1', 2],
    ],
  },
  {
    name: 'any/none quantifiers',
    query:
      'MATCH (p:Pump) WHERE any(t IN coalesce(p.tags, []) WHERE t = "north") AND none(t IN coalesce(p.tags, []) WHERE t = "south") RETURN p.id AS id ORDER BY id',
    columns: ['id'],
    rows: [['p1'], ['p2']],
  },
  {
    name: 'duration between dates',
    query: "RETURN datetime('2026-01-01T00:00:00Z') + duration({hours: 36}) AS later",
    columns: ['later'],
    rows: [['2026-01-02T12:00:00.000Z']],
  },
  {
    name: 'undirected anonymous ends count each edge both ways',
    query: 'MATCH ()-[r]-() RETURN count(r) AS c',
    columns: ['c'],
    rows: [[23]],
  },
  {
    name: 'count of every node (a kept count on the embedded store)',
    query: 'MATCH (n) RETURN count(n) AS c',
    columns: ['c'],
    rows: [[11]],
  },
  {
    name: 'count of one label, twice over (kept counts)',
    query: 'MATCH (n:Pump:Entity) RETURN count(*) AS pumps, count(n) AS again',
    columns: ['pumps', 'again'],
    rows: [[3, 3]],
  },
  {
    name: 'count of a label nothing has (kept counts)',
    query: 'MATCH (n:Nothing) RETURN count(*) AS c',
    columns: ['c'],
    rows: [[0]],
  },
  {
    name: 'count of every relationship, one way (kept counts)',
    query: 'MATCH ()-[r]->() RETURN count(r) AS c',
    columns: ['c'],
    rows: [[12]],
  },
  {
    name: 'count of two relationship types, incoming, by row and by variable (kept counts)',
    query: 'MATCH (a)<-[r:FEEDS|FLOWS_TO]-(b) RETURN count(*) AS c, count(r) AS d, count(a) AS e',
    columns: ['c', 'd', 'e'],
    rows: [[6, 6, 6]],
  },
  {
    name: 'undirected count of two relationship types (kept counts)',
    query: 'MATCH ()-[r:FEEDS|FLOWS_TO]-() RETURN count(*) AS c',
    columns: ['c'],
    rows: [[12]],
  },
  {
    name: 'undirected count of the self-looping type: the loop once (kept counts)',
    query: 'MATCH (a)-[r:RECIRCULATES]-(b) RETURN count(r) AS c',
    columns: ['c'],
    rows: [[1]],
  },
  {
    name: 'one node at both ends counts self-loops only (kept counts)',
    query: 'MATCH (a)-[r]->(a) RETURN count(r) AS c',
    columns: ['c'],
    rows: [[1]],
  },
  {
    name: 'the same counts with a condition are counted, and agree',
    query:
      'MATCH (a)-[r:FEEDS|FLOWS_TO]->(b) WHERE true WITH count(*) AS c MATCH (n:Pump) WHERE n.id IS NOT NULL RETURN c, count(n) AS pumps',
    columns: ['c', 'pumps'],
    rows: [[6, 3]],
  },
  {
    name: 'named undirected ends',
    query: "MATCH (a)-[r]-(b) WHERE a.id = 't2' RETURN b.id AS b, r.id AS r ORDER BY r",
    columns: ['b', 'r'],
    rows: [
      ['v2', 'e05'],
      ['t1', 'e06'],
      ['t2', 'e12'],
    ],
  },
  {
    name: 'incoming ends read as records',
    query: 'MATCH (a)<-[:FEEDS]-(b) RETURN a, b.name AS pump ORDER BY pump',
    columns: ['a', 'pump'],
    rows: [
      [node('v1'), 'Pump 1'],
      [node('v1'), 'Pump 2'],
      [node('v2'), 'Pump 3'],
    ],
  },
  {
    name: 'numeric functions',
    query:
      'RETURN round(3.141592) AS a, round(2.5) AS b, round(-2.5) AS c, round(-1.5) AS d, floor(0.9) AS e, ceil(0.1) AS f, sqrt(256) AS g, sign(-17) AS h, sign(0.1) AS i, sign(0) AS j, toString(round(2.4)) AS k',
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'],
    rows: [[3, 3, -2, -1, 0, 1, 16, -1, 1, 0, '2.0']],
  },
  {
    name: 'numeric functions on properties',
    query:
      'MATCH (n:Pump) RETURN n.id AS id, round(n.rpm / 100.0) AS r, sqrt(n.rpm) > 30 AS big, sign(n.rpm - 1000) AS s, floor(n.status) AS text ORDER BY id',
    columns: ['id', 'r', 'big', 's', 'text'],
    rows: [
      ['p1', 15, true, 1, null],
      ['p2', 9, false, -1, null],
      ['p3', 12, true, 1, null],
    ],
  },
  {
    name: 'string functions',
    query:
      "RETURN substring('hello', 1, 3) AS a, substring('hello', 2) AS b, left('hello', 3) AS c, right('hello', 3) AS d, replace('hello', 'l', 'w') AS e, split('one,two', ',') AS f, ltrim('   hello') AS g, rtrim('hello   ') AS h, reverse('palindrome') AS i, left('hi', 10) AS j, substring('hello', 9) AS k",
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'],
    rows: [
      [
        'ell',
        'llo',
        'hel',
        'llo',
        'hewwo',
        ['one', 'two'],
        'hello',
        'hello',
        'emordnilap',
        'hi',
        '',
      ],
    ],
  },
  {
    name: 'string functions on properties, and on values that are not strings',
    query:
      "MATCH (n {id: 'p1'}) RETURN substring(n.name, 0, 4) AS a, split(n.name, ' ') AS b, replace(n.status, 'o', '0') AS c, reverse(n.status) AS d, left(n.rpm, 1) AS e, toUpper(n.tags) AS f, trim(n.rpm) AS g",
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    rows: [['Pump', ['Pump', '1'], '0n', 'no', null, null, null]],
  },
  {
    name: 'list functions',
    query:
      "RETURN range(0, 10) AS a, range(2, 18, 3) AS b, range(0, 5, -1) AS c, range(5, 1, -2) AS d, tail([1, 2, 3]) AS e, tail([]) AS f, reverse([4923, 'abc', 521, null, 487]) AS g",
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    rows: [
      [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        [2, 5, 8, 11, 14, 17],
        [],
        [5, 3, 1],
        [2, 3],
        [],
        [487, null, 521, 'abc', 4923],
      ],
    ],
  },
  {
    name: 'list functions on properties, and UNWIND range()',
    query:
      "MATCH (n {id: 'p1'}) UNWIND range(1, size(n.tags)) AS i RETURN i, reverse(n.tags)[i - 1] AS tag, tail(n.tags) AS rest, reverse(n.rpm) AS number ORDER BY i",
    columns: ['i', 'tag', 'rest', 'number'],
    rows: [
      [1, 'north', ['north'], null],
      [2, 'critical', ['north'], null],
    ],
  },
  // Found by comparing the engines' answers with Neo4j's (generated-queries.test.ts).
  {
    name: 'ORDER BY values of several kinds, in Cypher order',
    query: "UNWIND [1, 'a', [1], {k: 1}, true, null, 2.5] AS x RETURN x ORDER BY x",
    columns: ['x'],
    rows: [[{ k: 1 }], [[1]], ['a'], [true], [1], [2.5], [null]],
  },
  {
    name: 'DISTINCT of a property after a variable-length relationship from one node',
    query: "MATCH (t {id: 't2'})<-[*1..2]-(x) RETURN DISTINCT x.rpm AS rpm ORDER BY rpm",
    columns: ['rpm'],
    rows: [[1200], [null]],
  },
  {
    name: 'properties() holds no own field; keys() in the order of their code points',
    query:
      "MATCH (n {id: 'site'}) RETURN properties(n).id AS own, properties(n).type AS type, keys(n) AS keys, keys(properties(n)) AS again, keys({b: 1, a: 2}) AS map",
    columns: ['own', 'type', 'keys', 'again', 'map'],
    rows: [[null, 'plant', ['region', 'type'], ['region', 'type'], ['a', 'b']]],
  },
  {
    name: 'IN a list parameter that is null',
    query: 'MATCH (n) WHERE n.id IN $ids RETURN count(*) AS c',
    parameters: { ids: null },
    columns: ['c'],
    rows: [[0]],
  },
  {
    name: 'IN values that are no list, and booleans in lists of numbers',
    query:
      "MATCH (n {id: 'p1'}) RETURN 'x' IN n.status AS a, n.rpm IN n.tags AS b, 1 IN n.nope AS c, (n.rpm > 1) IN [1, 2] AS d, n.tags[0] IN [x IN n.tags | x] AS e",
    columns: ['a', 'b', 'c', 'd', 'e'],
    rows: [[null, false, null, false, true]],
  },
  {
    name: 'arithmetic on text, booleans and nulls known only at run time',
    query:
      "MATCH (v {id: 'v2'}), (s {id: 's2'}) RETURN v.code % 1.5 AS a, v.code - 1 AS b, abs(v.code) AS c, toFloat(v.code) AS d, s.active + 1 AS e, toFloat(s.active) AS f, s.limits + v.nope AS g, (s.unit = 'C') + s.limits AS h",
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    rows: [[null, null, null, 80, null, null, null, [true, 0, 100]]],
  },
  {
    name: 'a comparison of different kinds is false, and null with a null',
    query: "MATCH (n {id: 'p1'}) RETURN (n.nope > 1) = 'north' AS a, (n.rpm > 1) = 'north' AS b",
    columns: ['a', 'b'],
    rows: [[null, false]],
  },
  {
    name: 'list and text operations on values of another kind are null',
    query:
      "MATCH (n {id: 'p1'}) RETURN [x IN n.status | x] AS a, any(x IN n.rpm WHERE x > 1) AS b, keys(n.tags) AS c, n.tags STARTS WITH 'c' AS d, split('', '') AS e",
    columns: ['a', 'b', 'c', 'd', 'e'],
    rows: [[null, null, null, null, ['']]],
  },
  {
    name: 'min and max of values of several kinds, in Cypher order',
    query:
      "UNWIND [1, 'a', [2], true] AS x WITH min(x) AS lo, max(x) AS hi MATCH (n:Pump) RETURN lo, hi, max(n.tags) AS tags",
    columns: ['lo', 'hi', 'tags'],
    rows: [[[2], 1, ['north']]],
  },
  {
    name: 'toBoolean',
    query:
      "MATCH (n {id: 'p1'}) RETURN toBoolean('true') AS a, toBoolean('not a boolean') AS b, toBoolean(0) AS c, toBoolean(' FALSE ') AS d, toBoolean(true) AS e, toBoolean(7) AS f, toBoolean(n.status) AS g, toBoolean(n.rpm) AS h",
    columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    rows: [[true, null, false, false, true, true, null, true]],
  },
];
