import { pathOfIllFormedText } from '../domain/json-text';
import { CypherSyntaxError, type Position } from './errors';

/**
 * Tokens of Cypher. Words are `ident` tokens whether or not they are keywords: Cypher
 * keywords are not reserved everywhere, so the parser decides (`quoted` words never are
 * keywords). Comments and white space are dropped here, which is why a write clause hidden
 * in a comment can never reach a compiler, and a string's content is only ever a value.
 */
export type Token =
  | { kind: 'ident'; text: string; quoted: boolean; pos: Position; end: number }
  | { kind: 'integer'; value: number; text: string; pos: Position; end: number }
  | { kind: 'float'; value: number; text: string; pos: Position; end: number }
  | { kind: 'string'; value: string; pos: Position; end: number }
  | { kind: 'param'; name: string; pos: Position; end: number }
  | { kind: 'symbol'; text: string; pos: Position; end: number }
  | { kind: 'eof'; pos: Position; end: number };

/** Symbols, longest first so that `<=` wins over `<`. */
const SYMBOLS = [
  '..',
  '<>',
  '<=',
  '>=',
  '!=',
  '=~',
  '+=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '|',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  ';',
  '&',
  '!',
];

const IDENT_START = /[\p{L}_]/u;
const IDENT_PART = /[\p{L}\p{N}_]/u;
const DIGIT = /[0-9]/;

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Splits `text` into tokens (the last one `eof`); throws CypherSyntaxError with a position. */
export function tokenize(text: string): Token[] {
  return new Lexer(text).run();
}

class Lexer {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private readonly tokens: Token[] = [];

  constructor(private readonly text: string) {}

  run(): Token[] {
    for (;;) {
      this.skipBlank();
      const pos = this.position();
      if (this.offset >= this.text.length) {
        this.tokens.push({ kind: 'eof', pos, end: this.offset });
        return this.tokens;
      }
      this.tokens.push(this.next(pos));
    }
  }

  private position(): Position {
    return { line: this.line, column: this.offset - this.lineStart + 1, offset: this.offset };
  }

  private fail(message: string, pos = this.position()): never {
    throw new CypherSyntaxError(message, pos);
  }

  /** Moves past one character, keeping line and column. */
  private advance(): string {
    const ch = this.text[this.offset] ?? '';
    this.offset += 1;
    if (ch === '\n') {
      this.line += 1;
      this.lineStart = this.offset;
    }
    return ch;
  }

  private skipBlank(): void {
    for (;;) {
      const ch = this.text[this.offset];
      if (ch === undefined) {
        return;
      }
      if (/\s/.test(ch)) {
        this.advance();
      } else if (this.text.startsWith('//', this.offset)) {
        while (this.offset < this.text.length && this.text[this.offset] !== '\n') {
          this.advance();
        }
      } else if (this.text.startsWith('/*', this.offset)) {
        const start = this.position();
        const close = this.text.indexOf('*/', this.offset + 2);
        if (close < 0) {
          this.fail('Unterminated comment', start);
        }
        while (this.offset < close + 2) {
          this.advance();
        }
      } else {
        return;
      }
    }
  }

  private next(pos: Position): Token {
    const ch = this.text[this.offset] ?? '';
    if (ch === "'" || ch === '"') {
      return { kind: 'string', value: this.string(ch), pos, end: this.offset };
    }
    if (ch === '`') {
      return { kind: 'ident', text: this.quoted(), quoted: true, pos, end: this.offset };
    }
    if (ch === '$') {
      this.advance();
      const name = this.parameterName();
      return { kind: 'param', name, pos, end: this.offset };
    }
    if (
      DIGIT.test(ch) ||
      (ch === '.' && DIGIT.test(this.text[this.offset + 1] ?? '') && this.afterOperator())
    ) {
      return this.number(pos);
    }
    if (IDENT_START.test(ch)) {
      return { kind: 'ident', text: this.word(), quoted: false, pos, end: this.offset };
    }
    const symbol = SYMBOLS.find((s) => this.text.startsWith(s, this.offset));
    if (symbol === undefined) {
      this.fail(`Unexpected character ${JSON.stringify(ch)}`);
    }
    this.offset += symbol.length;
    return { kind: 'symbol', text: symbol, pos, end: this.offset };
  }

  /** `.5` is a number only where a value may start (not after `n` in `n.5`). */
  private afterOperator(): boolean {
    const last = this.tokens[this.tokens.length - 1];
    if (!last) {
      return true;
    }
    return last.kind === 'symbol' && ![')', ']', '}'].includes(last.text);
  }

  private word(): string {
    const start = this.offset;
    while (this.offset < this.text.length && IDENT_PART.test(this.text[this.offset] ?? '')) {
      this.advance();
    }
    return this.text.slice(start, this.offset);
  }

  private quoted(): string {
    const start = this.position();
    this.advance();
    let value = '';
    for (;;) {
      if (this.offset >= this.text.length) {
        this.fail('Unterminated quoted name', start);
      }
      const ch = this.advance();
      if (ch === '`') {
        if (this.text[this.offset] === '`') {
          this.advance();
          value += '`';
          continue;
        }
        return value;
      }
      value += ch;
    }
  }

  private parameterName(): string {
    const ch = this.text[this.offset] ?? '';
    if (ch === '`') {
      return this.quoted();
    }
    if (IDENT_START.test(ch) || DIGIT.test(ch)) {
      return this.word();
    }
    return this.fail('Expected a parameter name after $');
  }

  private string(quote: string): string {
    const start = this.position();
    this.advance();
    let value = '';
    for (;;) {
      if (this.offset >= this.text.length) {
        this.fail('Unterminated string', start);
      }
      const escapePos = this.position();
      const ch = this.advance();
      if (ch === quote) {
        // `\uD83D\uDE00` is one character; a half of such a pair alone is none, and would
        // come back as U+FFFD.
        if (pathOfIllFormedText(value) !== null) {
          this.fail(
            'The string holds an unpaired surrogate (a \\uD800-\\uDFFF escape without its pair)',
            start,
          );
        }
        return value;
      }
      if (ch !== '\\') {
        value += ch;
        continue;
      }
      const code = this.advance();
      const simple = ESCAPES[code];
      if (simple !== undefined) {
        value += simple;
      } else if (code === 'u' || code === 'U') {
        const digits = code === 'u' ? 4 : 8;
        const hex = this.text.slice(this.offset, this.offset + digits);
        if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) {
          this.fail(`Invalid unicode escape \\${code}${hex}`, escapePos);
        }
        const point = parseInt(hex, 16);
        if (point > 0x10ffff) {
          this.fail(`Invalid unicode escape \\${code}${hex}`, escapePos);
        }
        for (let i = 0; i < digits; i += 1) {
          this.advance();
        }
        value += String.fromCodePoint(point);
      } else {
        this.fail(`Invalid escape \\${code} in a string`, escapePos);
      }
    }
  }

  private number(pos: Position): Token {
    const start = this.offset;
    const rest = this.text.slice(this.offset);
    const hex = /^0x[0-9A-Fa-f]+/.exec(rest);
    const octal = /^0o[0-7]+/.exec(rest);
    const based = hex ?? octal;
    if (based) {
      this.offset += based[0].length;
      const value = parseInt(based[0].slice(2), hex ? 16 : 8);
      return this.checkedInteger(value, based[0], pos);
    }
    // Digits, then a fraction only when a digit follows the dot (`1..3` is a range).
    const decimal = /^(\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    const matched = decimal?.[0] ?? '';
    this.offset += matched.length;
    if (IDENT_PART.test(this.text[this.offset] ?? '')) {
      this.fail(`Invalid number ${JSON.stringify(matched + (this.text[this.offset] ?? ''))}`, pos);
    }
    const isFloat = decimal?.[2] !== undefined || decimal?.[3] !== undefined;
    const text = this.text.slice(start, this.offset);
    if (isFloat) {
      const value = Number(text);
      if (!Number.isFinite(value)) {
        this.fail(`The number ${text} is too large for a float`, pos);
      }
      return { kind: 'float', value, text, pos, end: this.offset };
    }
    return this.checkedInteger(Number(text), text, pos);
  }

  private checkedInteger(value: number, text: string, pos: Position): Token {
    if (!Number.isSafeInteger(value)) {
      this.fail(`The integer ${text} is too large (at most ${Number.MAX_SAFE_INTEGER})`, pos);
    }
    return { kind: 'integer', value, text, pos, end: this.offset };
  }
}
