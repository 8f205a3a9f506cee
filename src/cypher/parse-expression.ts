import type { BinaryOperator, Expr } from './ast';
import { isComparison } from './ast-utils';
import { CypherLimitError } from './errors';
import { AtomParser } from './parse-atom';

/**
 * Most operators and property look-ups applied in a row to one operand (`a + b + c` is two
 * deep, `x.a.b` two): the tree of a flat chain is as deep as the chain, and every later
 * stage walks it recursively, so a long one is refused here, naming where it starts.
 */
export const MAX_OPERATOR_CHAIN = 100;

/**
 * Expressions, by precedence from loosest to tightest: OR, XOR, AND, NOT, comparison,
 * string/list/null predicates (IN, STARTS WITH, ENDS WITH, CONTAINS, IS [NOT] NULL), + -,
 * * / %, ^, unary + -, then property access, indexing and label predicates on an atom.
 * Patterns (pattern predicates, EXISTS and COUNT subqueries) are parsed by the subclass.
 */
export abstract class ExpressionParser extends AtomParser {
  /** How many operators deep each composite expression parsed so far is (chains only). */
  private readonly chainDepth = new WeakMap<Expr, number>();

  expression(): Expr {
    return this.or();
  }

  private binary(op: BinaryOperator, left: Expr, right: Expr): Expr {
    return this.chained({ kind: 'binary', op, left, right, pos: left.pos }, left, right);
  }

  /** `node`, one operator deeper than the deepest of `operands`, within MAX_OPERATOR_CHAIN. */
  private chained(node: Expr, ...operands: Expr[]): Expr {
    const depth = 1 + Math.max(...operands.map((operand) => this.chainDepth.get(operand) ?? 0));
    if (depth > MAX_OPERATOR_CHAIN) {
      throw new CypherLimitError(
        'operators',
        MAX_OPERATOR_CHAIN,
        `An expression may apply at most ${MAX_OPERATOR_CHAIN} operators or property look-ups in a row`,
        node.pos,
      );
    }
    this.chainDepth.set(node, depth);
    return node;
  }

  private or(): Expr {
    let left = this.xor();
    while (this.acceptKeyword('OR')) {
      left = this.binary('or', left, this.xor());
    }
    return left;
  }

  private xor(): Expr {
    let left = this.and();
    while (this.acceptKeyword('XOR')) {
      left = this.binary('xor', left, this.and());
    }
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.acceptKeyword('AND')) {
      left = this.binary('and', left, this.not());
    }
    return left;
  }

  private not(): Expr {
    const token = this.peek();
    if (this.acceptKeyword('NOT')) {
      return this.nested(token.pos, () => ({
        kind: 'unary',
        op: 'not',
        operand: this.not(),
        pos: token.pos,
      }));
    }
    return this.comparison();
  }

  /** `a < b < c` means `a < b AND b < c`, as in Cypher. */
  private comparison(): Expr {
    const first = this.predicate();
    let left = first;
    let result: Expr | null = null;
    for (;;) {
      const op = this.comparisonOperator();
      if (!op) {
        return result ?? first;
      }
      const right = this.predicate();
      const pair = this.binary(op, left, right);
      result = result ? this.binary('and', result, pair) : pair;
      left = right;
    }
  }

  private comparisonOperator(): BinaryOperator | null {
    const token = this.peek();
    if (token.kind !== 'symbol') {
      return null;
    }
    if (isComparison(token.text)) {
      this.take();
      return token.text;
    }
    switch (token.text) {
      case '!=':
        this.take();
        return '<>';
      case '=~':
        return this.unsupported('=~', 'Regular expressions (=~) are not supported', token.pos);
      default:
        return null;
    }
  }

  private predicate(): Expr {
    let left = this.additive();
    for (;;) {
      const pos = this.peek().pos;
      if (this.acceptKeyword('IN')) {
        left = this.binary('in', left, this.additive());
      } else if (this.isKeyword('STARTS') && this.isKeyword('WITH', 1)) {
        this.take();
        this.take();
        left = this.binary('starts with', left, this.additive());
      } else if (this.isKeyword('ENDS') && this.isKeyword('WITH', 1)) {
        this.take();
        this.take();
        left = this.binary('ends with', left, this.additive());
      } else if (this.acceptKeyword('CONTAINS')) {
        left = this.binary('contains', left, this.additive());
      } else if (this.acceptKeyword('IS')) {
        const negated = this.acceptKeyword('NOT');
        if (!this.acceptKeyword('NULL')) {
          this.unsupported('IS', 'Only IS NULL and IS NOT NULL are supported after IS', pos);
        }
        left = this.chained({ kind: 'isNull', operand: left, negated, pos: left.pos }, left);
      } else {
        return left;
      }
    }
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (;;) {
      if (this.acceptSymbol('+')) {
        left = this.binary('+', left, this.multiplicative());
      } else if (this.acceptSymbol('-')) {
        left = this.binary('-', left, this.multiplicative());
      } else {
        return left;
      }
    }
  }

  private multiplicative(): Expr {
    let left = this.power();
    for (;;) {
      const token = this.peek();
      if (
        token.kind === 'symbol' &&
        (token.text === '*' || token.text === '/' || token.text === '%')
      ) {
        this.take();
        left = this.binary(token.text, left, this.power());
      } else {
        return left;
      }
    }
  }

  private power(): Expr {
    let left = this.unary();
    while (this.acceptSymbol('^')) {
      left = this.binary('^', left, this.unary());
    }
    return left;
  }

  private unary(): Expr {
    const token = this.peek();
    if (token.kind === 'symbol' && (token.text === '-' || token.text === '+')) {
      this.take();
      const op = token.text;
      return this.nested(token.pos, () => {
        const operand = this.unary();
        // A negative number literal stays a literal (so `-9007199254740991` is one value).
        if (op === '-' && operand.kind === 'literal' && typeof operand.value === 'number') {
          return { ...operand, value: -operand.value, pos: token.pos };
        }
        return { kind: 'unary', op, operand, pos: token.pos };
      });
    }
    return this.postfix(this.atom());
  }

  private postfix(start: Expr): Expr {
    let expr = start;
    for (;;) {
      if (this.isSymbol('.') && this.peek(1).kind === 'ident') {
        this.take();
        const key = this.expectName('a property name');
        expr = this.chained({ kind: 'prop', target: expr, key: key.name, pos: expr.pos }, expr);
      } else if (this.isSymbol('[')) {
        const open = this.take();
        if (this.isSymbol('..') || this.rangeAhead()) {
          this.unsupported('slice', 'List slices (list[a..b]) are not supported', open.pos);
        }
        const index = this.nested(open.pos, () => this.expression());
        this.expectSymbol(']');
        expr = this.chained({ kind: 'index', target: expr, index, pos: expr.pos }, expr, index);
      } else if (this.isSymbol(':') && expr.kind === 'var') {
        const labels: string[] = [];
        while (this.acceptSymbol(':')) {
          labels.push(this.label());
        }
        expr = { kind: 'labels', target: expr, labels, pos: expr.pos };
      } else if (this.isSymbol('{') && expr.kind === 'var') {
        this.unsupported(
          'map projection',
          'Map projections (n {.key}) are not supported',
          expr.pos,
        );
      } else {
        return expr;
      }
    }
  }

  /** `list[a..b]`: a range follows when `..` comes before the closing bracket at this level. */
  private rangeAhead(): boolean {
    let depth = 0;
    for (let ahead = 0; ; ahead += 1) {
      const token = this.peek(ahead);
      if (token.kind === 'eof') {
        return false;
      }
      if (token.kind === 'symbol') {
        if (['(', '[', '{'].includes(token.text)) {
          depth += 1;
        } else if ([')', ']', '}'].includes(token.text)) {
          if (depth === 0) {
            return false;
          }
          depth -= 1;
        } else if (token.text === '..' && depth === 0) {
          return true;
        }
      }
    }
  }
}
