import { compileFilter, type SqlFields } from '../../../../src/adapters/sqlite/filter-sql';
import { validateFilter } from '../../../../src/filters/validate';
import { rawFilterFromJson } from '../../../../src/filters/where-json';

const FIELDS: SqlFields = {
  own: { id: 'id', name: 'name', entityType: 'entity_type' },
  properties: 'properties',
  indexedKeys: new Set(['rpm', 'site']),
};

function sqlOf(json: unknown): string {
  return compileFilter(validateFilter('node', [rawFilterFromJson(json, 'where')]), FIELDS).sql;
}

const rpm = (op: string, value: number) => ({ field: 'properties.rpm', op, value });
const site = (op: string, value: string) => ({ field: 'properties.site', op, value });

/**
 * The type bound that keeps a one-sided property range on one value type (numbers sort
 * before text) must not stand beside a bound the filter gives itself: SQLite seeks with one
 * upper and one lower bound, and took the type bound, reading the open-ended range.
 */
describe('property ranges in SQL', () => {
  it('bounds a one-sided range by its type', () => {
    expect(sqlOf(rpm('gte', 100))).toContain(`json_extract(properties, '$.rpm') < ''`);
    expect(sqlOf(site('lt', 'm'))).toContain(`json_extract(properties, '$.site') >= ''`);
  });

  it('leaves the type bound out of a range the conjunction closes, however nested', () => {
    expect(sqlOf({ and: [rpm('gte', 100), rpm('lt', 200)] })).not.toContain(`< ''`);
    expect(
      sqlOf({
        and: [{ field: 'name', op: 'eq', value: 'x' }, { and: [rpm('gt', 1), rpm('lte', 2)] }],
      }),
    ).not.toContain(`< ''`);
    expect(sqlOf({ and: [site('gte', 'a'), site('lt', 'm')] })).not.toContain(`>= ''`);
  });

  it('keeps it when the other side is another key, another kind or only one arm of an OR', () => {
    expect(
      sqlOf({ and: [rpm('gte', 100), { field: 'properties.other', op: 'lt', value: 5 }] }),
    ).toContain(`< ''`);
    expect(
      sqlOf({ and: [rpm('gte', 100), { field: 'properties.rpm', op: 'lt', value: 'z' }] }),
    ).toContain(`< ''`);
    expect(sqlOf({ or: [rpm('gte', 100), rpm('lt', 200)] })).toContain(`< ''`);
  });
});
