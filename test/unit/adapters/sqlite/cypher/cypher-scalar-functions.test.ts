import {
  range,
  replace,
  side,
  split,
  substring,
  textToBoolean,
} from '../../../../../src/adapters/sqlite/cypher/runtime/scalar-functions';

/**
 * The corners of Cypher's string and list functions on the embedded store that the
 * contract corpus does not reach (docs/cypher.md, "Functions"): code points, empty
 * delimiters and searches, bounds.
 */
describe('Cypher scalar functions on SQLite', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(substring('a😀bc', 1, 2, 1)).toBe('😀b');
    expect(side('😀😀x', 1, 0)).toBe('😀');
    expect(side('x😀', 1, 1)).toBe('😀');
  });

  it('splits keeping empty strings, and into characters on an empty delimiter', () => {
    expect(split('a,,b,', ',')).toBe(JSON.stringify(['a', '', 'b', '']));
    expect(split(',', ',')).toBe(JSON.stringify(['', '']));
    expect(split('abc', '')).toBe(JSON.stringify(['a', 'b', 'c']));
    // As Neo4j: an empty text is one empty string, also on an empty delimiter.
    expect(split('', '')).toBe(JSON.stringify(['']));
    expect(split('', ',')).toBe(JSON.stringify(['']));
    expect(split('abc', null)).toBeNull();
  });

  it('replaces every occurrence; an empty search surrounds each character', () => {
    expect(replace('banana', 'an', 'AN')).toBe('bANANa');
    expect(replace('ab', '', '-')).toBe('-a-b-');
    expect(replace('', '', '-')).toBe('-');
  });

  it('answers null for out-of-range bounds and a step of 0', () => {
    expect(substring('abc', -1, null, 0)).toBeNull();
    expect(substring('abc', 1, -1, 1)).toBeNull();
    expect(substring('abc', 5, null, 0)).toBe('');
    expect(range(1, 3, 0)).toBeNull();
    expect(range(1, 3, 1.5)).toBeNull();
    expect(range(3, 1, 1)).toBe('[]');
    expect(() => range(1, 1_000_001, 1)).toThrow(/would make 1000001 items/);
  });

  it('reads booleans from text trimmed and in any case', () => {
    expect([' True ', 'FALSE', 'yes', '', 1].map(textToBoolean)).toEqual([1, 0, null, null, null]);
  });
});
