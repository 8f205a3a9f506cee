import { INLINE_OFFSET, walksManyRecords } from '../../../../src/adapters/sqlite/list-threads';
import type { Condition, Filter } from '../../../../src/filters/model';

describe('walksManyRecords (which pages run in a list thread)', () => {
  const indexed = new Set(['rpm']);
  const page = (offset: number, after = false) => ({
    limit: 51,
    offset,
    ...(after ? { after: { values: [], id: 'x' } } : {}),
  });
  const prop = (key: string, op: Condition['op'] = 'gt'): Condition => ({
    field: { kind: 'property', key },
    op,
    value: 1,
    kind: 'number',
  });
  const own = (op: Condition['op']): Condition => ({
    field: { kind: 'own', name: 'name' },
    op,
    value: 'Feed',
    kind: 'text',
  });

  it('sends offsets past INLINE_OFFSET there, and nothing shallower or by cursor', () => {
    expect(walksManyRecords(undefined, page(INLINE_OFFSET), indexed)).toBe(false);
    expect(walksManyRecords(undefined, page(INLINE_OFFSET + 1), indexed)).toBe(true);
    expect(walksManyRecords(undefined, page(0, true), indexed)).toBe(false);
  });

  it('sends filters no index serves there, at any depth of AND/OR groups', () => {
    const cases: [Filter, boolean][] = [
      [prop('rpm'), false],
      [own('startsWith'), false],
      [prop('site'), true],
      [own('contains'), true],
      [prop('rpm', 'contains'), true],
      [{ and: [prop('rpm'), own('eq')] }, false],
      [{ and: [prop('rpm'), { or: [own('eq'), prop('site', 'exists')] }] }, true],
    ];
    for (const [filter, walks] of cases) {
      expect(walksManyRecords(filter, page(0), indexed)).toBe(walks);
    }
  });
});
