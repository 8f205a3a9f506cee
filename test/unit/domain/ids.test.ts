import { newTimeOrderedId } from '../../../src/domain/ids';
import { isUuid } from '../../../src/domain/workspace';

describe('newTimeOrderedId (UUID version 7)', () => {
  it('is a UUID with version 7 and the RFC variant, carrying the time', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0, 123);
    const id = newTimeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuid(id)).toBe(true);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by creation time and is unique within one millisecond', () => {
    const earlier = newTimeOrderedId(1_000);
    const later = newTimeOrderedId(1_001);
    expect(earlier < later).toBe(true);
    const same = new Set(Array.from({ length: 1000 }, () => newTimeOrderedId(5_000)));
    expect(same.size).toBe(1000);
  });
});
