import { format } from 'node:util';

/**
 * Skipping part of a contract suite, always with the reason: in the skipped test's title
 * (jest lists skipped tests only when verbose) and on a warning line before the suite runs.
 *
 * - `skipEngine`: the engine is not there on this run (no server): its whole run of a suite.
 * - `contractCases`: the engine runs the suite but not some of its cases, each named with
 *   the reason; the suite declares its cases with the function it returns instead of `it`.
 */

/** Declares the run of the `port` contract against `engine` as skipped, saying why. */
export function skipEngine(port: string, engine: string, reason: string): void {
  console.warn(`Skipping the ${port} contract against ${engine}: ${reason}`);
  describe(`${port} contract: ${engine}`, () => {
    it.skip(`runs against ${engine} (skipped: ${reason})`, () => undefined);
  });
}

/** Cases an engine does not run: the case's title (as `it` is given it) and the reason. */
export type CaseSkips = Readonly<Record<string, string>>;

/** The arguments a row of `each` gives a case: the row's items, or the row itself. */
type RowArgs<Row> = Row extends readonly unknown[] ? Row : [Row];

/** `it` (with `it.each`) for one engine's run of a suite, skipping the cases of `skips`. */
export interface ContractCases {
  (title: string, fn: jest.ProvidesCallback, timeout?: number): void;
  each: <Row>(
    table: readonly Row[],
  ) => (title: string, fn: (...args: RowArgs<Row>) => unknown, timeout?: number) => void;
}

/** `title` with its placeholders filled from `args`, one each, as jest's `each` fills them. */
function rowTitle(title: string, args: readonly unknown[]): string {
  let next = 0;
  return title.replace(/%([sdifjoO%])/g, (_match, kind: string) =>
    kind === '%' ? '%' : format(`%${kind}`, args[next++]),
  );
}

/**
 * `it` for `engine`'s run of a contract suite: a case whose title is in `skips` is declared
 * skipped, its reason in the title and printed. A title of `skips` that names no case fails
 * the run, so a renamed case cannot silently lose its skip. `it.each` rows are matched by
 * their title with its placeholders filled (`%s`, `%d`, `%j`, as `util.format` writes them).
 */
export function contractCases(engine: string, skips: CaseSkips = {}): ContractCases {
  const unused = new Set(Object.keys(skips));
  if (unused.size > 0) {
    afterAll(() => {
      if (unused.size > 0) {
        throw new Error(`skips for ${engine} name no case: ${[...unused].join('; ')}`);
      }
    });
  }
  const reasonFor = (title: string): string | undefined => {
    const reason = skips[title];
    if (reason !== undefined) {
      unused.delete(title);
      console.warn(`Skipping "${title}" on ${engine}: ${reason}`);
    }
    return reason;
  };
  const cases = (title: string, fn: jest.ProvidesCallback, timeout?: number) => {
    const reason = reasonFor(title);
    if (reason === undefined) {
      it(title, fn, timeout);
    } else {
      it.skip(`${title} (skipped on ${engine}: ${reason})`, fn, timeout);
    }
  };
  cases.each =
    <Row>(table: readonly Row[]) =>
    (title: string, fn: (...args: RowArgs<Row>) => unknown, timeout?: number) => {
      for (const row of table) {
        const args: unknown[] = Array.isArray(row) ? row : [row];
        const reason = reasonFor(rowTitle(title, args));
        // One row at a time, through jest's own `each`, so the titles are jest's.
        const declare = reason === undefined ? it.each : it.skip.each;
        const shown = reason === undefined ? title : `${title} (skipped on ${engine}: ${reason})`;
        (declare as (rows: Row[]) => (t: string, f: typeof fn, ms?: number) => void)([row])(
          shown,
          fn,
          timeout,
        );
      }
    };
  return cases;
}
