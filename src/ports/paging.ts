/** A page request after validation: limit is already clamped to the route's maximum. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/** One page of results plus the total number of matching items. */
export interface Page<T> {
  items: T[];
  total: number;
}
