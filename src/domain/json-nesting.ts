import type { ValidationIssue } from '../errors';

/**
 * How deeply arrays and objects may nest in any JSON the service accepts: request bodies,
 * GraphQL variables and documents, webhook payloads. `{}` is one level, `{"a": [1]}` two.
 * The API's own shapes need a handful of levels; the limit leaves room for deeply
 * structured webhook payloads while keeping every recursive walk of an accepted value
 * (hashing, validation, a driver's serialiser) far from the call stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/** Segments of an issue path shown before it is cut (a path may be 64 segments long). */
const MAX_PATH_SEGMENTS = 8;

interface Frame {
  value: object;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Frame | null = frame; at !== null && at.key !== null; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}

/**
 * Walks the entries of every array and object in `value` (its own first), with an explicit
 * stack, never by recursion, so a value nested thousands of levels deep (which JSON.parse
 * builds without trouble) cannot overflow the call stack here as it would in any recursive
 * walk. Returns the path to the first entry `wanted` accepts (given its key, its value and
 * the depth of the array or object holding it, 1 for `value`), or null; it descends into an
 * entry only once `wanted` has declined it. Paths are kept as parent links and spelled out
 * only for the entry found, so the walk stays linear however deep the value.
 */
export function findJsonEntry(
  value: unknown,
  wanted: (key: string | number, child: unknown, depth: number) => boolean,
): (string | number)[] | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const stack: Frame[] = [{ value, depth: 1, key: null, parent: null }];
  for (let parent = stack.pop(); parent !== undefined; parent = stack.pop()) {
    const container = parent.value as Record<string, unknown>;
    const keys: readonly (string | number)[] = Array.isArray(container)
      ? container.map((_item, index) => index)
      : Object.keys(container);
    for (const key of keys) {
      const child = container[key];
      if (wanted(key, child, parent.depth)) {
        return [...pathOf(parent), key];
      }
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: parent.depth + 1, key, parent });
      }
    }
  }
  return null;
}

/**
 * The path to the first array or object of `value` nested deeper than `maxDepth`, or null
 * when there is none; it never descends past `maxDepth` (see findJsonEntry).
 */
export function pathNestedTooDeep(
  value: unknown,
  maxDepth: number = MAX_JSON_DEPTH,
): (string | number)[] | null {
  return findJsonEntry(
    value,
    (_key, child, depth) => typeof child === 'object' && child !== null && depth + 1 > maxDepth,
  );
}

/** True when `value` nests arrays and objects deeper than `maxDepth`. */
export function isNestedTooDeep(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  return pathNestedTooDeep(value, maxDepth) !== null;
}

/**
 * The validation issue for a value nested too deeply, or null. Its `path` starts with
 * `root` and names where the deep nesting is: the keys leading to it, without the array
 * indices that follow the last key (so a property holding `[[[...]]]` is named by its key,
 * e.g. `body.payload.properties.tags`), cut after the first eight segments.
 */
export function nestingIssue(
  value: unknown,
  root: string,
  maxDepth: number = MAX_JSON_DEPTH,
): ValidationIssue | null {
  const found = pathNestedTooDeep(value, maxDepth);
  if (found === null) {
    return null;
  }
  let end = found.length;
  while (end > 0 && typeof found[end - 1] === 'number') {
    end -= 1;
  }
  const segments = [root, ...found.slice(0, end)].filter((s) => s !== '').map(String);
  return {
    path: segments.slice(0, MAX_PATH_SEGMENTS).join('.') || root,
    message: `arrays and objects may be nested at most ${maxDepth} levels deep`,
  };
}
