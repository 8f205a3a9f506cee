import type {
  Clause,
  Expr,
  NodePattern,
  ParameterRef,
  MapLiteral,
  PatternElement,
  PatternPart,
  Projection,
  ProjectionItem,
  Query,
  RelationshipPattern,
  SortItem,
} from './ast';
import type { Position } from './errors';
import { tokenize } from './lexer';
import { ExpressionParser } from './parse-expression';

/**
 * Clauses Cypher has and this endpoint refuses, with the reason given to the analyst. They
 * are recognised by name so that the answer says what was refused instead of "syntax
 * error"; anything else at the start of a clause is a syntax error.
 */
const UNSUPPORTED_CLAUSES: Readonly<Record<string, string>> = {
  CREATE: 'the endpoint is read-only',
  MERGE: 'the endpoint is read-only',
  SET: 'the endpoint is read-only',
  DELETE: 'the endpoint is read-only',
  DETACH: 'the endpoint is read-only',
  REMOVE: 'the endpoint is read-only',
  INSERT: 'the endpoint is read-only',
  FOREACH: 'the endpoint is read-only',
  LOAD: 'the endpoint reads the workspace graph only',
  CALL: 'procedures and CALL subqueries are not available',
  USE: 'every query reads the workspace of the request',
  UNION: 'UNION is not supported',
  FINISH: 'every query must end with RETURN',
  SHOW: 'administration commands are not available',
  TERMINATE: 'administration commands are not available',
  GRANT: 'administration commands are not available',
  DENY: 'administration commands are not available',
  REVOKE: 'administration commands are not available',
  DROP: 'administration commands are not available',
  ALTER: 'administration commands are not available',
  RENAME: 'administration commands are not available',
  START: 'administration commands are not available',
  STOP: 'administration commands are not available',
  ENABLE: 'administration commands are not available',
  EXPLAIN: 'query plans are not available',
  PROFILE: 'query plans are not available',
  CYPHER: 'query options are not available',
  USING: 'planner hints are not available',
  FILTER: 'use WHERE',
  LET: 'use WITH',
};

/** Parses `text` into a syntax tree (errors carry line and column). */
export function parseCypher(text: string, maxNesting: number): Query {
  return new Parser(text, maxNesting).query();
}

class Parser extends ExpressionParser {
  constructor(text: string, maxNesting: number) {
    super(tokenize(text), text, maxNesting);
  }

  query(): Query {
    const clauses: Clause[] = [];
    while (this.peek().kind !== 'eof' && !this.isSymbol(';')) {
      const clause = this.clause();
      clauses.push(clause);
      if (clause.kind === 'return') {
        break;
      }
    }
    if (clauses.length === 0) {
      this.fail('Expected a query');
    }
    if (this.acceptSymbol(';') && this.peek().kind !== 'eof') {
      this.unsupported('multiple statements', 'Send one statement per request', this.peek().pos);
    }
    if (this.peek().kind !== 'eof') {
      this.fail('Expected the end of the query');
    }
    return { clauses };
  }

  private clause(): Clause {
    const token = this.peek();
    const word = token.kind === 'ident' && !token.quoted ? token.text.toUpperCase() : '';
    switch (word) {
      case 'MATCH':
        return this.match(false);
      case 'OPTIONAL':
        this.take();
        return this.match(true, token.pos);
      case 'UNWIND':
        return this.unwind();
      case 'WITH':
        return this.withClause();
      case 'RETURN': {
        this.take();
        return { kind: 'return', projection: this.projection(), pos: token.pos };
      }
      case 'WHERE':
        return this.fail('WHERE must follow MATCH, OPTIONAL MATCH or WITH');
      default: {
        const reason = UNSUPPORTED_CLAUSES[word];
        if (reason !== undefined) {
          this.unsupported(word, `${word} is not supported: ${reason}`, token.pos);
        }
        return this.fail('Expected MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN');
      }
    }
  }

  private match(optional: boolean, start?: Position): Clause {
    const keyword = this.expectKeyword('MATCH');
    const patterns = this.patterns();
    if (this.isKeyword('USING')) {
      this.unsupported('USING', 'Planner hints (USING) are not available', this.peek().pos);
    }
    const where = this.acceptKeyword('WHERE') ? this.expression() : null;
    return { kind: 'match', optional, patterns, where, pos: start ?? keyword.pos };
  }

  private unwind(): Clause {
    const keyword = this.expectKeyword('UNWIND');
    const expr = this.expression();
    this.expectKeyword('AS');
    const alias = this.expectName('a variable').name;
    return { kind: 'unwind', expr, alias, pos: keyword.pos };
  }

  private withClause(): Clause {
    const keyword = this.expectKeyword('WITH');
    const projection = this.projection();
    const where = this.acceptKeyword('WHERE') ? this.expression() : null;
    return { kind: 'with', projection, where, pos: keyword.pos };
  }

  private projection(): Projection {
    const distinct = this.acceptKeyword('DISTINCT');
    let star = false;
    const items: ProjectionItem[] = [];
    if (this.acceptSymbol('*')) {
      star = true;
      if (this.acceptSymbol(',')) {
        items.push(...this.projectionItems());
      }
    } else {
      items.push(...this.projectionItems());
    }
    const orderBy: SortItem[] = [];
    if (this.isKeyword('ORDER')) {
      this.take();
      this.expectKeyword('BY');
      do {
        const expr = this.expression();
        const descending = this.acceptKeyword('DESC') || this.acceptKeyword('DESCENDING');
        if (!descending) {
          void (this.acceptKeyword('ASC') || this.acceptKeyword('ASCENDING'));
        }
        orderBy.push({ expr, descending });
      } while (this.acceptSymbol(','));
    }
    const skip =
      this.acceptKeyword('SKIP') || this.acceptKeyword('OFFSET') ? this.expression() : null;
    const limit = this.acceptKeyword('LIMIT') ? this.expression() : null;
    return { distinct, star, items, orderBy, skip, limit };
  }

  private projectionItems(): ProjectionItem[] {
    const items: ProjectionItem[] = [];
    do {
      const start = this.peek();
      const expr = this.expression();
      const text = this.source.slice(start.pos.offset, this.lastEnd());
      if (this.acceptKeyword('AS')) {
        const alias = this.expectName('a name after AS');
        items.push({ expr, name: alias.name, aliased: true, pos: start.pos });
      } else {
        items.push({ expr, name: text, aliased: false, pos: start.pos });
      }
    } while (this.acceptSymbol(','));
    return items;
  }

  private patterns(): PatternPart[] {
    const parts: PatternPart[] = [];
    do {
      parts.push(this.patternPart());
    } while (this.acceptSymbol(','));
    return parts;
  }

  private patternPart(): PatternPart {
    const pos = this.peek().pos;
    let pathVariable: string | null = null;
    if (this.peek().kind === 'ident' && this.isSymbol('=', 1)) {
      pathVariable = this.expectName('a path variable').name;
      this.take();
    }
    for (const [word, shortest] of [
      ['SHORTESTPATH', 'shortest'],
      ['ALLSHORTESTPATHS', 'all'],
    ] as const) {
      if (this.isKeyword(word) && this.isSymbol('(', 1)) {
        this.take();
        this.take();
        const element = this.patternElement();
        this.expectSymbol(')');
        return { pathVariable, shortest, element, pos };
      }
    }
    if (this.isKeyword('SHORTEST') || this.isKeyword('ANY') || this.isKeyword('ALL')) {
      this.unsupported(
        'path selector',
        'Use shortestPath() or allShortestPaths()',
        this.peek().pos,
      );
    }
    return { pathVariable, shortest: null, element: this.patternElement(), pos };
  }

  protected patternElement(): PatternElement {
    if (this.isSymbol('(') && this.isSymbol('(', 1)) {
      this.unsupported(
        'quantified path pattern',
        'Quantified path patterns are not supported; use a variable-length relationship (*1..3)',
        this.peek().pos,
      );
    }
    const nodes = [this.nodePattern()];
    const relationships: RelationshipPattern[] = [];
    while (this.isSymbol('-') || (this.isSymbol('<') && this.isSymbol('-', 1))) {
      relationships.push(this.relationshipPattern());
      nodes.push(this.nodePattern());
    }
    return { nodes, relationships };
  }

  private nodePattern(): NodePattern {
    const open = this.expectSymbol('(');
    let variable: string | null = null;
    if (this.peek().kind === 'ident' && !this.isKeyword('WHERE')) {
      variable = this.expectName('a variable').name;
    }
    const labels: string[] = [];
    while (this.acceptSymbol(':')) {
      labels.push(this.label());
      if (this.isSymbol('|')) {
        this.unsupported(
          'label expression',
          'Label alternatives (:A|B) on nodes are not supported; use WHERE n:A OR n:B',
          this.peek().pos,
        );
      }
    }
    const properties = this.patternProperties();
    if (this.isKeyword('WHERE')) {
      this.unsupported(
        'pattern WHERE',
        'WHERE inside a pattern is not supported; use the WHERE of MATCH',
        this.peek().pos,
      );
    }
    this.expectSymbol(')');
    return { variable, labels, properties, pos: open.pos };
  }

  private patternProperties(): MapLiteral | ParameterRef | null {
    if (this.isSymbol('{')) {
      return this.nested(this.peek().pos, () => this.mapLiteral());
    }
    const token = this.peek();
    if (token.kind === 'param') {
      this.take();
      return { kind: 'param', name: token.name, pos: token.pos };
    }
    return null;
  }

  private relationshipPattern(): RelationshipPattern {
    const pos = this.peek().pos;
    const pointsLeft = this.acceptSymbol('<');
    this.expectSymbol('-');
    let variable: string | null = null;
    const types: string[] = [];
    let length: RelationshipPattern['length'] = null;
    let properties: RelationshipPattern['properties'] = null;
    if (this.acceptSymbol('[')) {
      if (this.peek().kind === 'ident' && !this.isKeyword('WHERE')) {
        variable = this.expectName('a variable').name;
      }
      if (this.acceptSymbol(':')) {
        types.push(this.label());
        while (this.acceptSymbol('|')) {
          this.acceptSymbol(':');
          types.push(this.label());
        }
      }
      if (this.acceptSymbol('*')) {
        length = this.range();
      }
      properties = this.patternProperties();
      if (this.isKeyword('WHERE')) {
        this.unsupported(
          'pattern WHERE',
          'WHERE inside a pattern is not supported; use the WHERE of MATCH',
          this.peek().pos,
        );
      }
      this.expectSymbol(']');
    }
    this.expectSymbol('-');
    const pointsRight = this.acceptSymbol('>');
    const direction = pointsLeft === pointsRight ? 'both' : pointsRight ? 'out' : 'in';
    return { variable, types, direction, properties, length, pos };
  }

  /** After `*`: `n`, `n..m`, `..m`, `n..`, or nothing. */
  private range(): { min: number; max: number | null } {
    const bound = (): number | null => {
      const token = this.peek();
      if (token.kind === 'integer') {
        this.take();
        return token.value;
      }
      return null;
    };
    const min = bound();
    if (this.acceptSymbol('..')) {
      return { min: min ?? 1, max: bound() };
    }
    return min === null ? { min: 1, max: null } : { min, max: min };
  }

  protected subqueryBody(): { patterns: PatternPart[]; where: Expr | null } {
    this.acceptKeyword('MATCH');
    if (!this.isSymbol('(') && !(this.peek().kind === 'ident' && this.isSymbol('=', 1))) {
      this.unsupported(
        'subquery',
        'EXISTS { } and COUNT { } hold a pattern and an optional WHERE',
        this.peek().pos,
      );
    }
    const patterns = this.patterns();
    const where = this.acceptKeyword('WHERE') ? this.expression() : null;
    return { patterns, where };
  }
}
