import type { RecordFields } from '../../ports/record-fields';
import { fromDateTime, fromOptionalDateTime, toNumber } from './values';

/**
 * The fields of a node's properties (`properties(n)`) or of a record's columns
 * (`record.toObject()`), for the shared mappers of `ports/*-records.ts`. Instants are
 * DATETIMEs, lists are list properties; an absent property reads as null.
 */
export function nodeFields(stored: Record<string, unknown>): RecordFields {
  return {
    text: (name) => String(stored[name]),
    optionalText: (name) => {
      const value = stored[name];
      return typeof value === 'string' ? value : null;
    },
    number: (name) => toNumber(stored[name]),
    optionalNumber: (name) => {
      const value = stored[name];
      return value === null || value === undefined ? null : toNumber(value);
    },
    time: (name) => fromDateTime(stored[name]),
    optionalTime: (name) => fromOptionalDateTime(stored[name]),
    textList: (name) => {
      const value = stored[name];
      return Array.isArray(value) ? (value as string[]) : [];
    },
    flag: (name, absent) => {
      const value = stored[name];
      return typeof value === 'boolean' ? value : absent;
    },
  };
}
