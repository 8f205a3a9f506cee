/**
 * Analyst queries covering every construct of the Cypher subset (docs/cypher.md), with
 * their parameters, for tests of an engine's compiler that need no data: the examples of
 * cypher/examples rewritten for the endpoint (no workspaceId: the endpoint supplies it),
 * then one or more queries per construct.
 */
export interface AnalystQuery {
  name: string;
  text: string;
  params?: Record<string, unknown>;
}

export const ANALYST_QUERIES: readonly AnalystQuery[] = [
  // cypher/examples, rewritten for the endpoint.
  {
    name: 'example 01: counts by entity type',
    text: 'MATCH (n:Entity) RETURN n.entityType AS entityType, count(*) AS entities ORDER BY entities DESC, entityType',
  },
  {
    name: 'example 02: counts by relationship type',
    text: 'MATCH (:Entity)-[r]->(:Entity) RETURN type(r) AS type, count(*) AS relationships ORDER BY relationships DESC, type',
  },
  {
    name: 'example 03: neighbourhood',
    text: 'MATCH (n:Entity {id: $nodeId})-[r]-(m:Entity) RETURN n, r, m',
    params: { nodeId: 'pump-1' },
  },
  {
    name: 'example 04: two-hop neighbourhood',
    text: 'MATCH path = (n:Entity {id: $nodeId})-[*1..2]-(m:Entity) WHERE all(r IN relationships(path) WHERE type(r) IN $types) RETURN path LIMIT 200',
    params: { nodeId: 'pump-1', types: ['FEEDS', 'PART_OF'] },
  },
  {
    name: 'example 05: shortest path',
    text: 'MATCH (a:Entity {id: $fromId}) MATCH (b:Entity {id: $toId}) MATCH path = shortestPath((a)-[*..5]-(b)) RETURN path, length(path) AS hops',
    params: { fromId: 'pump-1', toId: 'valve-2' },
  },
  {
    name: 'example 06: all shortest paths',
    text: 'MATCH (a:Entity {id: $fromId}) MATCH (b:Entity {id: $toId}) MATCH path = allShortestPaths((a)-[*..5]-(b)) RETURN [n IN nodes(path) | n.name] AS names, [r IN relationships(path) | type(r)] AS types',
    params: { fromId: 'pump-1', toId: 'valve-2' },
  },
  {
    name: 'example 07: recently changed',
    text: 'MATCH (n:Entity) WHERE n.updatedAt >= datetime() - duration({days: 7}) RETURN n.id AS id, n.entityType AS entityType, n.name AS name, n.version AS version, n.updatedAt AS updatedAt ORDER BY n.updatedAt DESC LIMIT 50',
  },
  {
    name: 'example 08: workspace subgraph',
    text: 'MATCH (n:Entity) OPTIONAL MATCH (n)-[r]->(m:Entity) RETURN n, r, m LIMIT 1000',
  },
  {
    name: 'example 09: by type labels',
    text: 'MATCH (p:Pump)-[f:FEEDS]->(v:Valve) RETURN p.name AS pump, v.name AS valve, f.flow AS flow ORDER BY pump, valve',
  },
  {
    name: 'example 10: most connected',
    text: 'MATCH (n:Entity) RETURN n.id AS id, n.entityType AS entityType, n.name AS name, COUNT { (n)--() } AS degree ORDER BY degree DESC, id LIMIT 10',
  },
  {
    name: 'example 11: isolated entities',
    text: 'MATCH (n:Entity) WHERE NOT (n)--() RETURN n.id AS id, n.entityType AS entityType, n.name AS name ORDER BY entityType, name',
  },
  {
    name: 'example 12: by property',
    text: 'MATCH (n:Entity {entityType: $entityType}) WHERE n.status = $status RETURN n.id AS id, n.name AS name, properties(n) AS properties ORDER BY name',
    params: { entityType: 'Pump', status: 'active' },
  },
  {
    name: 'example 13: created per day',
    text: 'MATCH (n:Entity) WHERE n.createdAt >= datetime() - duration({days: 30}) RETURN date(n.createdAt) AS day, count(*) AS created ORDER BY day DESC',
  },
  // Patterns.
  {
    name: 'incoming relationship',
    text: 'MATCH (v:Valve)<-[:FEEDS]-(p) RETURN v.name AS valve, p.name AS pump',
  },
  {
    name: 'relationship alternatives',
    text: 'MATCH (a)-[r:FEEDS|PART_OF]->(b) RETURN a.id AS a, type(r) AS t, b.id AS b',
  },
  {
    name: 'property maps on nodes and relationships',
    text: 'MATCH (a:Pump {status: $status, name: $name})-[r:FEEDS {flow: 12, id: $edgeId}]->(b {rated: true}) RETURN a, r, b',
    params: { status: 'active', name: 'Pump 1', edgeId: 'e-1' },
  },
  { name: 'several labels', text: 'MATCH (n:Pump:Entity) RETURN n.id AS id' },
  {
    name: 'comma-separated parts',
    text: 'MATCH (a:Pump), (b:Valve) WHERE a.site = b.site RETURN a.id AS a, b.id AS b',
  },
  {
    name: 'a chain of three nodes',
    text: 'MATCH (a)-[:FEEDS]->(b)-[:FEEDS]->(c) RETURN a.id, b.id, c.id',
  },
  {
    name: 'a cycle through a bound node',
    text: 'MATCH (a)-[:FEEDS]->(b)-[:FEEDS]->(a) RETURN DISTINCT a.id AS id',
  },
  {
    name: 'variable length with bounds',
    text: 'MATCH (a:Pump {id: $id})-[rs:FEEDS*1..3]->(b) RETURN b.id AS id, size(rs) AS hops',
    params: { id: 'pump-1' },
  },
  {
    name: 'variable length from zero',
    text: 'MATCH (a:Pump)-[*0..2]-(b) RETURN a.id AS a, b.id AS b',
  },
  {
    name: 'variable length with a property map',
    text: 'MATCH (a)-[*1..2 {critical: true}]->(b) RETURN a.id, b.id',
  },
  {
    name: 'named path',
    text: 'MATCH p = (a:Pump)-[:FEEDS]->(b) RETURN p, nodes(p) AS ns, relationships(p) AS rs, length(p) AS l',
  },
  {
    name: 'shortest path in one MATCH with its ends',
    text: 'MATCH (a:Pump {id: $a}), (b:Valve), p = shortestPath((a)-[:FEEDS*..4]->(b)) RETURN b.id AS id, length(p) AS hops',
    params: { a: 'pump-1' },
  },
  {
    name: 'shortest path from zero hops',
    text: 'MATCH (a:Pump), (b:Pump), p = shortestPath((a)-[*0..3]-(b)) RETURN a.id, b.id, length(p) AS l',
  },
  {
    name: 'shortest single hop',
    text: 'MATCH p = shortestPath((a:Pump)-[r:FEEDS]->(b:Valve)) RETURN type(r) AS t, p',
  },
  {
    name: 'optional match with a where',
    text: 'MATCH (p:Pump) OPTIONAL MATCH (p)-[f:FEEDS]->(v:Valve) WHERE f.flow > $min RETURN p.id AS pump, v.id AS valve',
    params: { min: 5 },
  },
  { name: 'optional match first', text: 'OPTIONAL MATCH (n:Sensor) RETURN n' },
  // WHERE.
  {
    name: 'comparisons and logic',
    text: 'MATCH (n) WHERE (n.rpm > 100 AND n.rpm <= 2000) OR NOT n.rpm <> 5 XOR n.rpm >= 7 OR n.rpm < 0 RETURN n.id',
  },
  {
    name: 'IN a list literal',
    text: "MATCH (n) WHERE n.status IN ['active', 'spare'] RETURN n.id",
  },
  {
    name: 'IN a parameter',
    text: 'MATCH (n) WHERE n.id IN $ids RETURN n.id',
    params: { ids: ['a', 'b'] },
  },
  {
    name: 'string predicates',
    text: "MATCH (n) WHERE n.name STARTS WITH 'Pu' AND n.name ENDS WITH $end AND n.name CONTAINS 'mp' RETURN n.name",
    params: { end: '1' },
  },
  {
    name: 'IS NULL and IS NOT NULL',
    text: 'MATCH (n) WHERE n.status IS NULL OR n.rpm IS NOT NULL RETURN n.id',
  },
  {
    name: 'label predicate',
    text: 'MATCH (n) WHERE n:Pump OR n:Valve:Entity OR n:Entity RETURN n.id',
  },
  { name: 'pattern predicate', text: 'MATCH (n) WHERE (n)-[:FEEDS]->(:Valve) RETURN n.id' },
  {
    name: 'EXISTS subquery with a WHERE',
    text: 'MATCH (n) WHERE EXISTS { MATCH (n)-[f:FEEDS]->(v) WHERE f.flow > 10 } RETURN n.id',
  },
  {
    name: 'COUNT subquery',
    text: 'MATCH (n) RETURN n.id AS id, COUNT { MATCH (n)<-[:FEEDS]-(m) } AS feeders',
  },
  { name: 'a boolean property as predicate', text: 'MATCH (n) WHERE n.rated RETURN n.id' },
  // WITH, UNWIND, projections.
  {
    name: 'aggregation between parts',
    text: 'MATCH (p:Pump)-[:FEEDS]->(v) WITH p, count(v) AS fed WHERE fed > 1 RETURN p.name AS pump, fed ORDER BY fed DESC',
  },
  {
    name: 'WITH DISTINCT, ORDER BY, SKIP and LIMIT',
    text: 'MATCH (n) WITH DISTINCT n.entityType AS t ORDER BY t SKIP 1 LIMIT 2 RETURN t',
  },
  {
    name: 'WITH keeps a node',
    text: 'MATCH (n:Pump) WITH n MATCH (n)-[:FEEDS]->(m) RETURN n.id, m.id',
  },
  {
    name: 'UNWIND a parameter',
    text: 'UNWIND $ids AS id MATCH (n {id: id}) RETURN id, n.name',
    params: { ids: ['pump-1', 'x'] },
  },
  { name: 'UNWIND a list literal', text: 'UNWIND [1, 2, 3] AS x RETURN x, x * 2 AS twice' },
  {
    name: 'UNWIND a collected list',
    text: 'MATCH (n) WITH collect(n) AS ns UNWIND ns AS m RETURN m.id',
  },
  { name: 'RETURN *', text: 'MATCH (a:Pump)-[r:FEEDS]->(b) RETURN *' },
  { name: 'RETURN DISTINCT', text: 'MATCH (n) RETURN DISTINCT n.entityType AS t ORDER BY t' },
  {
    name: 'ORDER BY a variable before the projection',
    text: 'MATCH (n) RETURN n.name AS name ORDER BY n.rpm DESC, n.id',
  },
  {
    name: 'ORDER BY an aggregate that is not a column',
    text: 'MATCH (n) RETURN n.entityType AS t, sum(n.rpm) AS total ORDER BY count(*) DESC, t',
  },
  {
    name: 'SKIP and LIMIT as parameters',
    text: 'MATCH (n) RETURN n.id ORDER BY n.id SKIP $s LIMIT $l',
    params: { s: 1, l: 3 },
  },
  // Aggregates.
  {
    name: 'every aggregate',
    text: 'MATCH (n) RETURN count(*) AS c, count(n.rpm) AS cr, count(DISTINCT n.status) AS cs, sum(n.rpm) AS s, avg(n.rpm) AS a, min(n.rpm) AS mi, max(n.name) AS ma, collect(n.id) AS ids, collect(DISTINCT n.entityType) AS ts',
  },
  {
    name: 'arithmetic over aggregates',
    text: 'MATCH (n) RETURN sum(n.rpm) / count(*) AS mean, 1 + count(*) AS c',
  },
  // Functions.
  {
    name: 'record functions',
    text: 'MATCH (a)-[r]->(b) RETURN id(a), elementId(r), labels(a), type(r), properties(a), properties(r), keys(a), keys(r), startNode(r), endNode(r)',
  },
  {
    name: 'list functions',
    text: 'MATCH (n) RETURN size(n.tags) AS s, size(n.name) AS sn, head(n.tags) AS h, last([1, 2]) AS l, size([1, 2]) AS two, keys({a: 1}) AS k, keys(properties(n)) AS pk',
  },
  {
    name: 'string functions',
    text: 'MATCH (n) RETURN toLower(n.name), toUpper(n.status), trim(n.name), toString(n.rpm), toString(1.5), toString(n.createdAt), toString(true), toString(date(n.createdAt))',
  },
  {
    name: 'number functions',
    text: "MATCH (n) RETURN toInteger(n.rpm), toInteger('12'), toFloat(n.rpm), toFloat('1.5'), abs(n.rpm), abs(-3), coalesce(n.status, n.name, 'none')",
  },
  {
    name: 'temporal functions',
    text: "MATCH (n) WHERE n.createdAt > datetime('2026-01-01T00:00:00Z') AND date(n.createdAt) <= date() RETURN datetime(n.installedAt) AS installed, date(n.installedAt) AS day, n.createdAt.year AS year, date('2026-03-01') + duration('P1M') AS next, n.createdAt - duration({hours: 2}) AS before",
  },
  {
    name: 'temporal parameter',
    text: 'MATCH (n) WHERE n.updatedAt < datetime($since) RETURN n.id',
    params: { since: '2026-11-01' },
  },
  // Expressions.
  {
    name: 'arithmetic',
    text: 'MATCH (n) RETURN n.rpm + 1 AS a, n.rpm - 1.5 AS b, n.rpm * 2 AS c, n.rpm / 2 AS d, n.rpm % 3 AS e, 2 ^ 3 AS f, -n.rpm AS g, n.rpm + n.flow AS h',
  },
  {
    name: 'string concatenation',
    text: "MATCH (n) RETURN n.name + ' (' + n.entityType + ')' AS label, 'v' + n.version AS v, n.name + n.rpm AS mixed",
  },
  {
    name: 'list concatenation and indexing',
    text: 'MATCH (n) RETURN [1, 2] + [3] AS l, n.tags[0] AS first, n.tags[-1] AS lastTag, [1, 2, 3][$i] AS ith',
    params: { i: 1 },
  },
  {
    name: 'map literal and access',
    text: "WITH {name: 'x', nested: {n: 1}} AS m RETURN m.name, m.nested.n, m.missing",
  },
  {
    name: 'CASE, both forms',
    text: "MATCH (n) RETURN CASE n.status WHEN 'active' THEN 1 WHEN 'spare' THEN 2 ELSE 0 END AS rank, CASE WHEN n.rpm > 100 THEN 'fast' ELSE 'slow' END AS speed",
  },
  {
    name: 'list comprehension and quantifiers',
    text: 'MATCH (n) RETURN [t IN n.tags WHERE t STARTS WITH $p | toUpper(t)] AS tags, all(t IN n.tags WHERE t <> $p) AS a, any(t IN n.tags WHERE t = $p) AS b, none(x IN [1, 2] WHERE x > 5) AS c, single(x IN [1, 2] WHERE x = 1) AS d',
    params: { p: 'hot' },
  },
  {
    name: 'parameters of every kind',
    text: 'RETURN $s AS s, $i AS i, $f AS f, $b AS b, $l AS l, $m AS m, $n AS n',
    params: { s: 'x', i: 7, f: 2.5, b: true, l: [1, 'a'], m: { k: 1 }, n: null },
  },
  {
    name: 'null literals',
    text: 'MATCH (n) WHERE n.status = null OR null IS NULL RETURN null AS nothing, n.id',
  },
];
