import type { LiveDataSource } from '../domain/live-data';
import type { RecordFields } from './record-fields';

/**
 * The live data source of a stored record, shared by every engine: each engine only reads
 * its fields (`RecordFields`).
 */
export function readLiveDataSource(r: RecordFields): LiveDataSource {
  return {
    id: r.text('id'),
    name: r.text('name'),
    unit: r.optionalText('unit'),
    description: r.optionalText('description'),
    entityId: r.optionalText('entityId'),
    createdAt: r.time('createdAt'),
  };
}
