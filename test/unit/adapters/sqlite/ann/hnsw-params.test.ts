import { Index } from 'usearch';
import {
  createHnsw,
  DEFAULT_HNSW_PARAMS,
} from '../../../../../src/adapters/sqlite/ann/hnsw-params';

jest.mock('usearch', () => {
  const actual = jest.requireActual<typeof import('usearch')>('usearch');
  return { ...actual, Index: jest.fn() };
});

describe('createHnsw', () => {
  it('adds changes with expansionInsert, not the build expansion', () => {
    const params = {
      connectivity: 12,
      expansionAdd: 200,
      expansionInsert: 40,
      expansionSearch: 90,
    };
    createHnsw(8, params);
    expect(jest.mocked(Index)).toHaveBeenCalledWith(
      expect.objectContaining({
        dimensions: 8,
        connectivity: 12,
        expansion_add: 40,
        expansion_search: 90,
      }),
    );
  });

  it('builds with a wider expansion than it adds with by default', () => {
    expect(DEFAULT_HNSW_PARAMS.expansionAdd).toBeGreaterThan(DEFAULT_HNSW_PARAMS.expansionInsert);
  });
});
