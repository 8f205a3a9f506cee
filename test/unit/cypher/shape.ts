import type { AnalyzedQuery } from '../../../src/cypher/index';

// The tree's types, read from what src/cypher/index exports (its one entry point).
type Query = AnalyzedQuery['query'];
type Clause = Query['clauses'][number];
type Expr = Extract<Clause, { kind: 'unwind' }>['expr'];
type PatternPart = Extract<Clause, { kind: 'match' }>['patterns'][number];

/**
 * An expression as a compact prefix form, for asserting how the parser grouped it:
 * `1 + 2 * 3` is `(+ 1 (* 2 3))`, `n.a[0]` is `([] (. n a) 0)`.
 */
export function shape(expr: Expr): string {
  switch (expr.kind) {
    case 'literal':
      return expr.value === null ? 'null' : JSON.stringify(expr.value);
    case 'param':
      return `$${expr.name}`;
    case 'var':
      return expr.name;
    case 'prop':
      return `(. ${shape(expr.target)} ${expr.key})`;
    case 'index':
      return `([] ${shape(expr.target)} ${shape(expr.index)})`;
    case 'list':
      return `[${expr.items.map(shape).join(' ')}]`;
    case 'map':
      return `{${expr.entries.map((e) => `${e.key}: ${shape(e.value)}`).join(', ')}}`;
    case 'unary':
      return `(${expr.op} ${shape(expr.operand)})`;
    case 'binary':
      return `(${expr.op} ${shape(expr.left)} ${shape(expr.right)})`;
    case 'isNull':
      return `(${expr.negated ? 'is-not-null' : 'is-null'} ${shape(expr.operand)})`;
    case 'labels':
      return `(: ${shape(expr.target)} ${expr.labels.join(' ')})`;
    case 'call':
      return `(${expr.name}${expr.distinct ? ' distinct' : ''}${expr.star ? ' *' : ''}${expr.args.map((a) => ` ${shape(a)}`).join('')})`;
    case 'case':
      return `(case${expr.subject ? ` ${shape(expr.subject)}` : ''}${expr.whens.map((w) => ` ${shape(w.when)}->${shape(w.then)}`).join('')}${expr.otherwise ? ` else ${shape(expr.otherwise)}` : ''})`;
    case 'listComprehension':
      return `[${expr.variable} in ${shape(expr.source)}${expr.where ? ` where ${shape(expr.where)}` : ''}${expr.map ? ` | ${shape(expr.map)}` : ''}]`;
    case 'quantifier':
      return `(${expr.quantifier} ${expr.variable} in ${shape(expr.source)} where ${shape(expr.where)})`;
    case 'patternPredicate':
      return `(pattern ${pattern({ pathVariable: null, shortest: null, element: expr.element, pos: expr.pos })})`;
    case 'subquery':
      return `(${expr.mode} ${expr.patterns.map(pattern).join(', ')}${expr.where ? ` where ${shape(expr.where)}` : ''})`;
  }
}

/** A pattern part as written, normalised: `p = (a:A)-[:T*1..3]->(b)`. */
export function pattern(part: PatternPart): string {
  const { nodes, relationships } = part.element;
  const node = (i: number) => {
    const n = nodes[i]!;
    return `(${n.variable ?? ''}${n.labels.map((l) => `:${l}`).join('')})`;
  };
  let text = node(0);
  relationships.forEach((r, i) => {
    const length = r.length ? `*${r.length.min}..${r.length.max ?? ''}` : '';
    const inner = `[${r.variable ?? ''}${r.types.length ? `:${r.types.join('|')}` : ''}${length}]`;
    text += `${r.direction === 'in' ? '<-' : '-'}${inner}${r.direction === 'out' ? '->' : '-'}${node(i + 1)}`;
  });
  const shortest =
    part.shortest === null
      ? text
      : `${part.shortest === 'all' ? 'allShortestPaths' : 'shortestPath'}(${text})`;
  return part.pathVariable ? `${part.pathVariable} = ${shortest}` : shortest;
}

/** Each clause of a prepared query on one line, expressions in `shape`'s prefix form. */
export function outline(query: Query): string[] {
  return query.clauses.map((c) => {
    switch (c.kind) {
      case 'match':
        return `${c.optional ? 'optional match' : 'match'} ${c.patterns.map(pattern).join(', ')}${c.where ? ` where ${shape(c.where)}` : ''}`;
      case 'unwind':
        return `unwind ${shape(c.expr)} as ${c.alias}`;
      case 'with':
      case 'return': {
        const p = c.projection;
        const items = p.items.map((i) => `${shape(i.expr)} as ${i.name}`).join(', ');
        const order = p.orderBy.length
          ? ` order by ${p.orderBy.map((o) => `${shape(o.expr)}${o.descending ? ' desc' : ''}`).join(', ')}`
          : '';
        const skip = p.skipCount === undefined ? '' : ` skip ${p.skipCount}`;
        const limit = p.limitCount === undefined ? '' : ` limit ${p.limitCount}`;
        const where = c.kind === 'with' && c.where ? ` where ${shape(c.where)}` : '';
        return `${c.kind}${p.distinct ? ' distinct' : ''} ${items}${order}${skip}${limit}${where}`;
      }
    }
  });
}
