import type { GraphNode } from '../domain/graph';

/**
 * Longest text embedded per node. The default model reads a few hundred words at most;
 * longer property values would only cost time (properties may reach 64 KB).
 */
export const MAX_NODE_TEXT = 2000;

/** `TemperatureSensor` -> `Temperature Sensor`, `work_order` -> `work order`. */
function words(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/**
 * What is embedded for a node (docs/search.md): its entity type, its name and its
 * string properties (string arrays joined), as `Type: name. key: value. ...`, keys in
 * alphabetical order so equal nodes give equal texts. Numbers and booleans are left out:
 * they carry no meaning a sentence embedding could match.
 */
export function nodeText(node: GraphNode): string {
  const parts = [`${words(node.entityType)}: ${node.name}`];
  for (const key of Object.keys(node.properties).sort()) {
    const value = node.properties[key];
    if (typeof value === 'string' && value.trim() !== '') {
      parts.push(`${words(key)}: ${value}`);
    } else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => typeof v === 'string')
    ) {
      parts.push(`${words(key)}: ${value.join(', ')}`);
    }
  }
  const text = parts.join('. ');
  return text.length > MAX_NODE_TEXT ? text.slice(0, MAX_NODE_TEXT) : text;
}
