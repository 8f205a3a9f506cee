import type { ValidationIssue } from '../../../src/errors';
import { compilePropertyCheck } from '../../../src/ontology/property-checks';
import { MAX_PATTERN_WORK, variableRepetitions } from '../../../src/ontology/safe-pattern';

const issuesOf = (pattern: string, value: unknown): ValidationIssue[] => {
  const check = compilePropertyCheck({ type: 'string[]', pattern });
  const out: ValidationIssue[] = [];
  check(value as never, 'properties.a', out);
  return out;
};

describe('a pattern over the items of a string array', () => {
  it('counts the variable repetitions of a safe pattern', () => {
    expect(variableRepetitions('^P-[0-9]{4}$')).toBe(0);
    expect(variableRepetitions('x.*')).toBe(1);
    expect(variableRepetitions('.*.*x')).toBe(2);
    expect(variableRepetitions('[A-Z]+-[0-9]+')).toBe(2);
  });

  it('refuses, as one issue, an array whose text would take too long to match', () => {
    const long = 'a'.repeat(1000);
    // Two variable repetitions cost the square of each item's length: five such items
    // pass the budget (four fit).
    expect(5 * 1000 * 1000).toBeGreaterThan(MAX_PATTERN_WORK);
    expect(issuesOf('.*.*x', Array(5).fill(`${long}x`))).toEqual([
      { path: 'properties.a', message: expect.stringContaining('holds too much text') },
    ]);
    expect(issuesOf('.*.*x', Array(4).fill(`${long}x`))).toEqual([]);
    expect(issuesOf('.*.*x', [...Array(3).fill(`${long}x`), 'no'])).toEqual([
      { path: 'properties.a.3', message: 'must match the pattern .*.*x' },
    ]);
    // Many short items are cheap, and so is a pattern that matches in linear time.
    expect(issuesOf('.*.*x', Array(64).fill('abcx'))).toEqual([]);
    expect(issuesOf('[a-z]+', Array(60).fill(long))).toEqual([]);
  });
});
