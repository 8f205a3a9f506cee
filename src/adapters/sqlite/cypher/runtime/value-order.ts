/**
 * Cypher's order of values of any kind, as min() and max() take it over values known only
 * when the query runs (held as JSON text in SQL): a map before a list before a string
 * before a boolean before a number; lists item by item (a shorter list that is a prefix
 * first, null items last); strings by code point. A date or datetime among them is text
 * in JSON, and sorts as a string.
 */
export function compareValues(a: unknown, b: unknown): number {
  const [ra, rb] = [rank(a), rank(b)];
  if (ra !== rb) {
    return ra - rb;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      const order = compareValues(a[i], b[i]);
      if (order !== 0) {
        return order;
      }
    }
    return a.length - b.length;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a - b;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return Number(a) - Number(b);
  }
  if (typeof a === 'string' && typeof b === 'string') {
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }
  // Maps: by their JSON text, an order of some kind.
  const [ta, tb] = [JSON.stringify(a), JSON.stringify(b)];
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

function rank(value: unknown): number {
  if (value === null || value === undefined) {
    return 5;
  }
  if (Array.isArray(value)) {
    return 1;
  }
  switch (typeof value) {
    case 'object':
      return 0;
    case 'string':
      return 2;
    case 'boolean':
      return 3;
    default:
      return 4;
  }
}

/**
 * min() or max() of JSON texts, in Cypher's order: the JSON text of the least or greatest
 * value, nulls left out (null when there is no other value).
 */
export function extremeOf(kind: 'min' | 'max') {
  const sign = kind === 'min' ? 1 : -1;
  return {
    start: () => null as { text: string; value: unknown } | null,
    step: (best: { text: string; value: unknown } | null, json: unknown) => {
      if (typeof json !== 'string') {
        return best;
      }
      const value: unknown = JSON.parse(json);
      if (value === null) {
        return best;
      }
      return best === null || sign * compareValues(value, best.value) < 0
        ? { text: json, value }
        : best;
    },
    result: (best: { text: string; value: unknown } | null) => best?.text ?? null,
  };
}
