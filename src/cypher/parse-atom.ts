import type { CaseExpr, Expr, MapLiteral, PatternElement, PatternPart } from './ast';
import type { Position } from './errors';
import { TokenStream } from './token-stream';

/** The list quantifiers: `all(x IN list WHERE ...)` and the like. */
const QUANTIFIERS = new Set(['ALL', 'ANY', 'NONE', 'SINGLE']);

/**
 * The atoms of expressions (ExpressionParser, parse-expression.ts, applies the operators to
 * them): literals, parameters, variables, lists and list comprehensions, maps, function
 * calls, CASE, quantifiers, EXISTS and COUNT subqueries, and parenthesised expressions.
 */
export abstract class AtomParser extends TokenStream {
  /** A whole expression, operators included (ExpressionParser). */
  abstract expression(): Expr;
  protected abstract patternElement(): PatternElement;
  protected abstract subqueryBody(): { patterns: PatternPart[]; where: Expr | null };

  /** A label or relationship type name after `:`; label expressions are not supported. */
  protected label(): string {
    const name = this.expectName('a label name');
    const next = this.peek();
    if (next.kind === 'symbol' && (next.text === '&' || next.text === '!' || next.text === '%')) {
      this.unsupported(
        'label expression',
        'Label expressions (&, !, %) are not supported',
        next.pos,
      );
    }
    return name.name;
  }

  /** One atom: a literal, a parameter, a variable, a call, a parenthesised expression... */
  protected atom(): Expr {
    const token = this.peek();
    switch (token.kind) {
      case 'integer':
      case 'float':
        this.take();
        return {
          kind: 'literal',
          value: token.value,
          float: token.kind === 'float',
          pos: token.pos,
        };
      case 'string':
        this.take();
        return { kind: 'literal', value: token.value, pos: token.pos };
      case 'param':
        this.take();
        return { kind: 'param', name: token.name, pos: token.pos };
      case 'symbol':
        return this.symbolAtom(token.text, token.pos);
      case 'ident':
        return this.wordAtom();
      case 'eof':
        return this.fail('Expected an expression');
    }
  }

  private symbolAtom(text: string, pos: Position): Expr {
    if (text === '(') {
      const start = this.index;
      // `((` opens a parenthesised expression here (a pattern would be a quantified path
      // pattern, which the pattern parser refuses as unsupported, not as a syntax error).
      const predicate = this.isSymbol('(', 1) ? null : this.attempt(() => this.patternElement());
      if (predicate && predicate.relationships.length > 0) {
        return { kind: 'patternPredicate', element: predicate, pos };
      }
      // `(n)` alone is a parenthesised expression, not a pattern.
      this.index = start;
      this.take();
      const inner = this.nested(pos, () => this.expression());
      this.expectSymbol(')');
      return inner;
    }
    if (text === '[') {
      return this.nested(pos, () => this.listAtom(pos));
    }
    if (text === '{') {
      return this.nested(pos, () => this.mapLiteral());
    }
    return this.fail('Expected an expression');
  }

  private listAtom(pos: Position): Expr {
    this.expectSymbol('[');
    if (this.isSymbol('(')) {
      const pattern = this.attempt(() => this.patternElement());
      if (pattern) {
        this.unsupported('pattern comprehension', 'Pattern comprehensions are not supported', pos);
      }
    }
    if (this.peek().kind === 'ident' && this.isKeyword('IN', 1)) {
      const variable = this.expectName('a variable').name;
      this.expectKeyword('IN');
      const source = this.expression();
      const where = this.acceptKeyword('WHERE') ? this.expression() : null;
      const map = this.acceptSymbol('|') ? this.expression() : null;
      this.expectSymbol(']');
      return { kind: 'listComprehension', variable, source, where, map, pos };
    }
    const items: Expr[] = [];
    if (!this.isSymbol(']')) {
      do {
        items.push(this.expression());
      } while (this.acceptSymbol(','));
    }
    this.expectSymbol(']');
    return { kind: 'list', items, pos };
  }

  /** `{key: value, ...}`; also the property map of a pattern. */
  protected mapLiteral(): MapLiteral {
    const open = this.expectSymbol('{');
    const entries: MapLiteral['entries'] = [];
    if (!this.isSymbol('}')) {
      do {
        const key = this.expectName('a map key');
        this.expectSymbol(':');
        entries.push({ key: key.name, value: this.expression(), pos: key.pos });
      } while (this.acceptSymbol(','));
    }
    this.expectSymbol('}');
    return { kind: 'map', entries, pos: open.pos };
  }

  private wordAtom(): Expr {
    const token = this.peek();
    if (token.kind !== 'ident') {
      return this.fail('Expected an expression');
    }
    const word = token.quoted ? '' : token.text.toUpperCase();
    switch (word) {
      case 'TRUE':
      case 'FALSE':
        this.take();
        return { kind: 'literal', value: word === 'TRUE', pos: token.pos };
      case 'NULL':
        this.take();
        return { kind: 'literal', value: null, pos: token.pos };
      case 'CASE':
        return this.nested(token.pos, () => this.caseExpression());
      case 'EXISTS':
      case 'COUNT':
      case 'COLLECT':
        if (this.isSymbol('{', 1)) {
          return this.nested(token.pos, () => this.subquery(word, token.pos));
        }
        break;
      default:
        if (QUANTIFIERS.has(word) && this.isSymbol('(', 1) && this.isKeyword('IN', 3)) {
          return this.nested(token.pos, () => this.quantifier(word, token.pos));
        }
    }
    if (this.isSymbol('(', 1) || (this.isSymbol('.', 1) && this.namespacedCall())) {
      return this.nested(token.pos, () => this.call());
    }
    this.take();
    return { kind: 'var', name: token.text, pos: token.pos };
  }

  /** `a.b.c(` ahead: a namespaced function (apoc.x(), db.labels()...). */
  private namespacedCall(): boolean {
    let ahead = 1;
    while (this.isSymbol('.', ahead) && this.peek(ahead + 1).kind === 'ident') {
      ahead += 2;
    }
    return this.isSymbol('(', ahead);
  }

  private call(): Expr {
    const first = this.expectName('a function name');
    let name = first.name;
    while (this.acceptSymbol('.')) {
      name += `.${this.expectName('a function name').name}`;
    }
    this.expectSymbol('(');
    if (this.acceptSymbol('*')) {
      this.expectSymbol(')');
      return {
        kind: 'call',
        name: name.toLowerCase(),
        distinct: false,
        star: true,
        args: [],
        pos: first.pos,
      };
    }
    const distinct = this.acceptKeyword('DISTINCT');
    const args: Expr[] = [];
    if (!this.isSymbol(')')) {
      do {
        args.push(this.expression());
      } while (this.acceptSymbol(','));
    }
    this.expectSymbol(')');
    return { kind: 'call', name: name.toLowerCase(), distinct, star: false, args, pos: first.pos };
  }

  private quantifier(word: string, pos: Position): Expr {
    this.take();
    this.expectSymbol('(');
    const variable = this.expectName('a variable').name;
    this.expectKeyword('IN');
    const source = this.expression();
    this.expectKeyword('WHERE');
    const where = this.expression();
    this.expectSymbol(')');
    const quantifier = word.toLowerCase() as 'all' | 'any' | 'none' | 'single';
    return { kind: 'quantifier', quantifier, variable, source, where, pos };
  }

  private subquery(word: string, pos: Position): Expr {
    this.take();
    if (word === 'COLLECT') {
      this.unsupported('COLLECT', 'COLLECT subqueries are not supported; use collect()', pos);
    }
    this.expectSymbol('{');
    const body = this.subqueryBody();
    this.expectSymbol('}');
    const mode = word === 'EXISTS' ? 'exists' : 'count';
    return { kind: 'subquery', mode, patterns: body.patterns, where: body.where, pos };
  }

  private caseExpression(): CaseExpr {
    const start = this.expectKeyword('CASE');
    const subject = this.isKeyword('WHEN') ? null : this.expression();
    const whens: CaseExpr['whens'] = [];
    while (this.acceptKeyword('WHEN')) {
      const when = this.expression();
      this.expectKeyword('THEN');
      whens.push({ when, then: this.expression() });
    }
    if (whens.length === 0) {
      this.fail('Expected WHEN');
    }
    const otherwise = this.acceptKeyword('ELSE') ? this.expression() : null;
    this.expectKeyword('END');
    return { kind: 'case', subject, whens, otherwise, pos: start.pos };
  }
}
