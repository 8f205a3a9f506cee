import { createHash } from 'node:crypto';
import { InvalidCursorError } from '../../../src/errors';
import { decodeCursor, encodeCursor, listBinding } from '../../../src/filters/cursor';

const sort = [{ field: 'createdAt', direction: 'desc' as const }];
const position = {
  values: ['2026-11-28T06:00:00.000Z'],
  id: '0196b7a0-0000-7000-8000-000000000001',
};

describe('list cursors', () => {
  it('continue the list they were issued for, at the same position', () => {
    const binding = listBinding('node', undefined, sort);
    expect(decodeCursor(binding, encodeCursor(binding, position), 1)).toEqual(position);
  });

  it('are refused for another record kind, filter or sort', () => {
    const cursor = encodeCursor(listBinding('node', undefined, sort), position);
    const others = [
      listBinding('edge', undefined, sort),
      listBinding(
        'node',
        { field: { kind: 'own', name: 'name' }, op: 'eq', value: 'x', kind: 'text' },
        sort,
      ),
      listBinding('node', undefined, [{ field: 'createdAt', direction: 'asc' }]),
    ];
    for (const binding of others) {
      expect(() => decodeCursor(binding, cursor, 1)).toThrow(InvalidCursorError);
    }
  });

  it('issued before ties followed the last sort key (bound without that rule) are refused', () => {
    // The binding of those cursors: the kind, the filter and the sort, nothing else.
    const before = createHash('sha256')
      .update(JSON.stringify(['node', null, sort]))
      .digest()
      .toString('base64url');
    const cursor = encodeCursor(before, position);
    expect(decodeCursor(before, cursor, 1)).toEqual(position);
    expect(() => decodeCursor(listBinding('node', undefined, sort), cursor, 1)).toThrow(
      InvalidCursorError,
    );
  });
});
