/**
 * The path to the first string (value or object key) of `value` that is not well-formed
 * Unicode, or null. JSON may spell an unpaired surrogate (`"\ud800"`), which no UTF-8 text
 * can hold: stored, it would come back as U+FFFD, not as what the client sent. Walks with an
 * explicit stack, never by recursion, so any nesting is safe.
 */
export function pathOfIllFormedText(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') {
    return wellFormed(value) ? null : [];
  }
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const stack: { value: object; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const container = entry.value as Record<string, unknown>;
    const keys: readonly (string | number)[] = Array.isArray(container)
      ? container.map((_item, index) => index)
      : Object.keys(container);
    for (const key of keys) {
      if (typeof key === 'string' && !wellFormed(key)) {
        return [...entry.path, key];
      }
      const child = container[key];
      if (typeof child === 'string') {
        if (!wellFormed(child)) {
          return [...entry.path, key];
        }
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, path: [...entry.path, key] });
      }
    }
  }
  return null;
}

/** A lone high surrogate, or a low one without its high one before it. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function wellFormed(text: string): boolean {
  return !UNPAIRED_SURROGATE.test(text);
}
