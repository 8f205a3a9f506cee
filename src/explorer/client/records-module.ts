/**
 * How the explorer recognises the API's records in a Cypher result (served as
 * /explorer/assets/explorer-records.js): a node record has `entityType`, a relationship is
 * an edge record (`type`, `sourceId`, `targetId`), a path is `{ nodes, relationships }`.
 * Lists and maps are searched for them at any depth, so `collect(n)`, `nodes(p)` and
 * `{ pump: n }` all reach the graph view.
 */
export const RECORDS_MODULE = `// Node, edge and path records inside result cells.

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNode(value) {
  return isObject(value) && typeof value.id === 'string' && typeof value.entityType === 'string';
}

export function isEdge(value) {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.sourceId === 'string' &&
    typeof value.targetId === 'string'
  );
}

export function isPath(value) {
  return isObject(value) && Array.isArray(value.nodes) && Array.isArray(value.relationships);
}

/** Every node and edge record in the rows, each once (by id), in order of appearance. */
export function collectRecords(rows) {
  const nodes = new Map();
  const edges = new Map();
  const visit = (value, depth) => {
    // Results are JSON, so there are no cycles; the bound only guards the page's stack.
    if (depth > 64 || value === null || typeof value !== 'object') {
      return;
    }
    if (isNode(value)) {
      nodes.set(value.id, value);
      return;
    }
    if (isEdge(value)) {
      edges.set(value.id, value);
      return;
    }
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) {
      visit(child, depth + 1);
    }
  };
  for (const row of rows) {
    visit(row, 0);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/** A short label for a node: its name, else its id. */
export function nodeLabel(node) {
  return typeof node.name === 'string' && node.name !== '' ? node.name : node.id;
}

/** How a cell reads in the table: records in Cypher's own notation, other values as JSON. */
export function cellText(value) {
  if (value === null || value === undefined) {
    return 'null';
  }
  if (isNode(value)) {
    return '(:' + value.entityType + ' ' + JSON.stringify(nodeLabel(value)) + ')';
  }
  if (isEdge(value)) {
    return '[:' + value.type + ']';
  }
  if (isPath(value)) {
    const parts = [];
    value.nodes.forEach((node, i) => {
      parts.push(isNode(node) ? cellText(node) : '()');
      const edge = value.relationships[i];
      if (edge !== undefined) {
        const forward = !isNode(node) || !isEdge(edge) || edge.sourceId === node.id;
        const type = isEdge(edge) ? cellText(edge) : '[]';
        parts.push(forward ? '-' + type + '->' : '<-' + type + '-');
      }
    });
    return parts.join('');
  }
  if (Array.isArray(value)) {
    return '[' + value.map(cellText).join(', ') + ']';
  }
  if (typeof value === 'object') {
    return (
      '{' +
      Object.entries(value)
        .map(([key, item]) => key + ': ' + cellText(item))
        .join(', ') +
      '}'
    );
  }
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
`;
