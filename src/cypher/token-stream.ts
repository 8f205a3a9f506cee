import {
  CypherLimitError,
  CypherSyntaxError,
  CypherUnsupportedError,
  type Position,
} from './errors';
import type { Token } from './lexer';

/** A cursor over the tokens, with the helpers every part of the parser uses. */
export class TokenStream {
  protected index = 0;
  /** How deep the expression being parsed is nested (bounded by `maxNesting`). */
  private depth = 0;

  constructor(
    protected readonly tokens: readonly Token[],
    protected readonly source: string,
    private readonly maxNesting: number,
  ) {}

  protected peek(ahead = 0): Token {
    const token = this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
    if (!token) {
      throw new Error('token stream without eof');
    }
    return token;
  }

  protected take(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') {
      this.index += 1;
    }
    return token;
  }

  /** End offset of the last token taken (for the text of a projection item). */
  protected lastEnd(): number {
    return this.index === 0 ? 0 : (this.tokens[this.index - 1]?.end ?? 0);
  }

  /** True when the next token is the (unquoted, case-insensitive) keyword. */
  protected isKeyword(word: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'ident' && !token.quoted && token.text.toUpperCase() === word;
  }

  protected isSymbol(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return token.kind === 'symbol' && token.text === text;
  }

  protected acceptKeyword(word: string): boolean {
    if (this.isKeyword(word)) {
      this.take();
      return true;
    }
    return false;
  }

  protected acceptSymbol(text: string): boolean {
    if (this.isSymbol(text)) {
      this.take();
      return true;
    }
    return false;
  }

  protected expectKeyword(word: string): Token {
    if (!this.isKeyword(word)) {
      this.fail(`Expected ${word}`);
    }
    return this.take();
  }

  protected expectSymbol(text: string): Token {
    if (!this.isSymbol(text)) {
      this.fail(`Expected '${text}'`);
    }
    return this.take();
  }

  /** A variable, label, key or function name (quoted or not). */
  protected expectName(what: string): { name: string; pos: Position; quoted: boolean } {
    const token = this.peek();
    if (token.kind !== 'ident') {
      this.fail(`Expected ${what}`);
    }
    this.take();
    return { name: token.text, pos: token.pos, quoted: token.quoted };
  }

  /** Throws a syntax error at the next token, saying what was found there. */
  protected fail(message: string, token: Token = this.peek()): never {
    throw new CypherSyntaxError(`${message}, found ${describe(token)}`, token.pos);
  }

  protected unsupported(construct: string, message: string, pos: Position): never {
    throw new CypherUnsupportedError(construct, message, pos);
  }

  /** Runs `parse` one nesting level deeper; past `maxNesting` the query is refused. */
  protected nested<T>(pos: Position, parse: () => T): T {
    this.depth += 1;
    if (this.depth > this.maxNesting) {
      throw new CypherLimitError(
        'nesting',
        this.maxNesting,
        `The query nests expressions more than ${this.maxNesting} levels deep`,
        pos,
      );
    }
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  /** Runs `parse`; if it throws a syntax error, puts the cursor back and returns null. */
  protected attempt<T>(parse: () => T): T | null {
    const start = this.index;
    try {
      return parse();
    } catch (error) {
      if (error instanceof CypherSyntaxError) {
        this.index = start;
        return null;
      }
      throw error;
    }
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'the end of the query';
    case 'ident':
      return token.quoted ? `\`${token.text}\`` : `'${token.text}'`;
    case 'string':
      return 'a string';
    case 'param':
      return `$${token.name}`;
    case 'integer':
    case 'float':
      return token.text;
    case 'symbol':
      return `'${token.text}'`;
  }
}
