import { findJsonEntry } from './json-nesting';

/**
 * The path to the first string (value or object key) of `value` that is not well-formed
 * Unicode, or null. JSON may spell an unpaired surrogate (`"\ud800"`), which no UTF-8 text
 * can hold: stored, it would come back as U+FFFD, not as what the client sent.
 */
export function pathOfIllFormedText(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') {
    return wellFormed(value) ? null : [];
  }
  return findJsonEntry(
    value,
    (key, child) =>
      (typeof key === 'string' && !wellFormed(key)) ||
      (typeof child === 'string' && !wellFormed(child)),
  );
}

/** A lone high surrogate, or a low one without its high one before it. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function wellFormed(text: string): boolean {
  return !UNPAIRED_SURROGATE.test(text);
}
