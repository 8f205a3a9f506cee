import type { Position } from './errors';
import type { CyType } from './types';

/**
 * The syntax tree of the read-only Cypher subset (docs/cypher.md). The parser builds it;
 * the analyzer (analyze.ts) checks it and fills in `type` on every expression and `bound`
 * on patterns; the engine compilers (SQLite, Neo4j) read it and never change it.
 */

export interface Query {
  clauses: Clause[];
}

export type Clause = MatchClause | UnwindClause | WithClause | ReturnClause;

export interface MatchClause {
  kind: 'match';
  optional: boolean;
  patterns: PatternPart[];
  where: Expr | null;
  pos: Position;
}

export interface UnwindClause {
  kind: 'unwind';
  expr: Expr;
  alias: string;
  pos: Position;
}

export interface WithClause {
  kind: 'with';
  projection: Projection;
  where: Expr | null;
  pos: Position;
}

export interface ReturnClause {
  kind: 'return';
  projection: Projection;
  pos: Position;
}

export interface Projection {
  distinct: boolean;
  /** `*`: every variable in scope, before the listed items. */
  star: boolean;
  items: ProjectionItem[];
  orderBy: SortItem[];
  skip: Expr | null;
  limit: Expr | null;
  /** Set by the analyzer: the values of SKIP and LIMIT (constants). */
  skipCount?: number;
  limitCount?: number;
}

export interface ProjectionItem {
  expr: Expr;
  /** The column name: the alias, else the expression's text as written. */
  name: string;
  /** True when written with AS. */
  aliased: boolean;
  pos: Position;
}

export interface SortItem {
  expr: Expr;
  descending: boolean;
  /** Set by the analyzer when the sort key is one of the projection's items (by name or text). */
  item?: number;
}

/** One comma-separated part of a MATCH: a chain, optionally named, optionally a shortest path. */
export interface PatternPart {
  pathVariable: string | null;
  shortest: 'shortest' | 'all' | null;
  element: PatternElement;
  pos: Position;
}

/** A chain: `nodes.length === relationships.length + 1`. */
export interface PatternElement {
  nodes: NodePattern[];
  relationships: RelationshipPattern[];
}

export interface NodePattern {
  variable: string | null;
  /** Entity types; `Entity` is dropped by the analyzer (every node is one). */
  labels: string[];
  properties: MapLiteral | ParameterRef | null;
  pos: Position;
  /** Set by the analyzer: the variable was bound by an earlier clause (or the enclosing query). */
  bound?: boolean;
}

export type Direction = 'out' | 'in' | 'both';

export interface RelationshipPattern {
  variable: string | null;
  /** Alternatives (`:A|B`); empty means any type. */
  types: string[];
  direction: Direction;
  properties: MapLiteral | ParameterRef | null;
  /** Variable length (`*min..max`; `max` null when unbounded), or null for exactly one hop. */
  length: { min: number; max: number | null } | null;
  pos: Position;
  /** Set by the analyzer: the variable was bound by an earlier clause (or the enclosing query). */
  bound?: boolean;
}

export type Expr =
  | Literal
  | ParameterRef
  | VariableRef
  | PropertyAccess
  | IndexAccess
  | ListLiteral
  | MapLiteral
  | UnaryOp
  | BinaryOp
  | IsNull
  | LabelPredicate
  | FunctionCall
  | CaseExpr
  | ListComprehension
  | Quantifier
  | PatternPredicate
  | Subquery;

interface ExprBase {
  pos: Position;
  /** Set by the analyzer. */
  type?: CyType;
  /**
   * Set by the analyzer on temporal expressions whose value does not depend on the data
   * (`datetime()`, `datetime('2026-01-01')`, `datetime() - duration('P7D')`): computed once,
   * with the request's clock, and sent to either engine as a parameter.
   */
  folded?: TemporalValue;
}

/** A temporal constant: an instant (UTC, millisecond precision), a calendar date or a duration. */
export type TemporalValue =
  | { kind: 'datetime'; iso: string }
  | { kind: 'date'; iso: string }
  | { kind: 'duration'; months: number; days: number; millis: number };

export interface Literal extends ExprBase {
  kind: 'literal';
  value: string | number | boolean | null;
  /** A number written with a decimal point or exponent (`1.0` is a float, `1` an integer). */
  float?: boolean;
}

export interface ParameterRef extends ExprBase {
  kind: 'param';
  name: string;
}

export interface VariableRef extends ExprBase {
  kind: 'var';
  name: string;
  /**
   * Set by the analyzer in ORDER BY (and WHERE after WITH is not affected): the index of the
   * projection item this name refers to, when it names a column of the projection.
   */
  item?: number;
}

export interface PropertyAccess extends ExprBase {
  kind: 'prop';
  target: Expr;
  key: string;
}

export interface IndexAccess extends ExprBase {
  kind: 'index';
  target: Expr;
  index: Expr;
}

export interface ListLiteral extends ExprBase {
  kind: 'list';
  items: Expr[];
}

export interface MapLiteral extends ExprBase {
  kind: 'map';
  entries: { key: string; value: Expr; pos: Position }[];
}

export interface UnaryOp extends ExprBase {
  kind: 'unary';
  op: 'not' | '-' | '+';
  operand: Expr;
}

/** `=`, `<>` and the orderings. */
export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type BinaryOperator =
  | 'and'
  | 'or'
  | 'xor'
  | ComparisonOperator
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '^'
  | 'in'
  | 'starts with'
  | 'ends with'
  | 'contains';

export interface BinaryOp extends ExprBase {
  kind: 'binary';
  op: BinaryOperator;
  left: Expr;
  right: Expr;
}

export interface IsNull extends ExprBase {
  kind: 'isNull';
  operand: Expr;
  negated: boolean;
}

/** `n:Pump` (every label must hold). */
export interface LabelPredicate extends ExprBase {
  kind: 'labels';
  target: Expr;
  labels: string[];
}

export interface FunctionCall extends ExprBase {
  kind: 'call';
  /** Lower case (Cypher function names are case-insensitive). */
  name: string;
  distinct: boolean;
  /** `count(*)`. */
  star: boolean;
  args: Expr[];
}

export interface CaseExpr extends ExprBase {
  kind: 'case';
  subject: Expr | null;
  whens: { when: Expr; then: Expr }[];
  otherwise: Expr | null;
}

export interface ListComprehension extends ExprBase {
  kind: 'listComprehension';
  variable: string;
  source: Expr;
  where: Expr | null;
  map: Expr | null;
}

export interface Quantifier extends ExprBase {
  kind: 'quantifier';
  quantifier: 'all' | 'any' | 'none' | 'single';
  variable: string;
  source: Expr;
  where: Expr;
}

/** A pattern used as a predicate: `WHERE (n)-[:FEEDS]->()`. */
export interface PatternPredicate extends ExprBase {
  kind: 'patternPredicate';
  element: PatternElement;
}

/** `EXISTS { pattern [WHERE ...] }` and `COUNT { pattern [WHERE ...] }`. */
export interface Subquery extends ExprBase {
  kind: 'subquery';
  mode: 'exists' | 'count';
  patterns: PatternPart[];
  where: Expr | null;
}
