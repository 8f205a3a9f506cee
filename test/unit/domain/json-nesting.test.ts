import { commandSchema } from '../../../src/commands/schemas';
import {
  MAX_JSON_DEPTH,
  isNestedTooDeep,
  nestingIssue,
  pathNestedTooDeep,
} from '../../../src/domain/json-nesting';
import { documentNestedTooDeep } from '../../../src/graphql/request-nesting';

/** `levels` arrays nested in each other, built without recursion. */
function nestedArrays(levels: number): unknown {
  return JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
}

describe('the JSON nesting limit', () => {
  it('is 64 levels: 64 pass, 65 do not', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(isNestedTooDeep(nestedArrays(64))).toBe(false);
    expect(isNestedTooDeep(nestedArrays(65))).toBe(true);
    expect(isNestedTooDeep({ a: nestedArrays(63) })).toBe(false);
    expect(isNestedTooDeep({ a: nestedArrays(64) })).toBe(true);
    expect(isNestedTooDeep('not a container')).toBe(false);
    expect(isNestedTooDeep(null)).toBe(false);
  });

  it('checks values far deeper than a recursive walk can go', () => {
    const deep = nestedArrays(200_000);
    // What a validator or a hash that recurses would do with it (JSON.stringify did too
    // before Node 26; its serialiser no longer recurses).
    const recursiveDepth = (value: unknown): number =>
      Array.isArray(value) && value.length > 0 ? 1 + recursiveDepth(value[0]) : 1;
    expect(() => recursiveDepth(deep)).toThrow(RangeError);
    expect(isNestedTooDeep(deep)).toBe(true);
  });

  it('finds deep nesting anywhere, not only in the first branch', () => {
    const value = { a: [1, 2, { b: 'x' }], c: { d: [[], [nestedArrays(70)]] } };
    expect(pathNestedTooDeep(value)?.slice(0, 5)).toEqual(['c', 'd', 1, 0, 0]);
  });

  it('names the key that holds the deep value, not the run of indices under it', () => {
    const body = { type: 'CREATE_NODE', payload: { properties: { deep: nestedArrays(100) } } };
    expect(nestingIssue(body, 'body')).toEqual({
      path: 'body.payload.properties.deep',
      message: 'arrays and objects may be nested at most 64 levels deep',
    });
  });

  it('cuts the path of deeply nested objects after eight segments', () => {
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 100; i += 1) {
      value = { a: value };
    }
    expect(nestingIssue(value, 'body')?.path).toBe('body.a.a.a.a.a.a.a');
    expect(nestingIssue(nestedArrays(100), 'body')?.path).toBe('body');
    expect(nestingIssue({ a: 1 }, 'body')).toBeNull();
  });
});

describe('command validation of deeply nested property values', () => {
  it('reports the property instead of overflowing the stack while sizing it', () => {
    const result = commandSchema.safeParse({
      type: 'CREATE_NODE',
      payload: { entityType: 'T', name: 'n', properties: { deep: nestedArrays(100_000) } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['payload.properties.deep']);
  });
});

describe('the nesting of a GraphQL document', () => {
  const open = (n: number) => `{ a(x: ${'['.repeat(n)}${']'.repeat(n)}) }`;

  it('counts selection sets, arguments and list values', () => {
    expect(documentNestedTooDeep(open(62))).toBe(false); // 62 + the braces and parentheses
    expect(documentNestedTooDeep(open(63))).toBe(true);
  });

  it('ignores brackets in strings, block strings and comments', () => {
    const inString = `{ a(x: "${'['.repeat(100)}\\" ${'{'.repeat(100)}") }`;
    const inBlock = `{ a(x: """${'['.repeat(100)} \\""" ${'('.repeat(100)}""") }`;
    const inComment = `# ${'{'.repeat(100)}\n{ a }`;
    expect(documentNestedTooDeep(inString)).toBe(false);
    expect(documentNestedTooDeep(inBlock)).toBe(false);
    expect(documentNestedTooDeep(inComment)).toBe(false);
  });
});
