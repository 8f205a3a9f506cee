/**
 * The graph view (served as /explorer/assets/explorer-graph.js): the node and edge records
 * of a result drawn with Cytoscape (canvas, no inline styles), laid out with its built-in
 * force-directed layout. A click (tap) on a node asks the page to expand it; what comes
 * back is merged in around that node. Relationships whose two ends are not both in the
 * view are left out (a result that returns `r` alone has nothing to hang it on).
 */
export const GRAPH_MODULE = `// The graph view of a result.
import cytoscape from 'cytoscape';
import { nodeLabel } from './explorer-records.js';

/** A stable colour per entity type, so the same type looks the same in every result. */
function typeColour(entityType) {
  let hash = 0;
  for (let i = 0; i < entityType.length; i++) {
    hash = (hash * 31 + entityType.charCodeAt(i)) >>> 0;
  }
  return 'hsl(' + (hash % 360) + ', 55%, 48%)';
}

/** The zoom a new layout is shown at, at most (the analyst may zoom in further). */
const MAX_FIT_ZOOM = 1.5;

const STYLE = [
  {
    selector: 'node',
    style: {
      'background-color': 'data(colour)',
      label: 'data(label)',
      'font-size': 10,
      'text-valign': 'bottom',
      'text-margin-y': 3,
      width: 22,
      height: 22,
    },
  },
  { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#1f2937' } },
  {
    selector: 'edge',
    style: {
      width: 1.5,
      'line-color': '#9ca3af',
      'target-arrow-color': '#9ca3af',
      'target-arrow-shape': 'triangle',
      'curve-style': 'bezier',
      label: 'data(label)',
      'font-size': 8,
      'text-rotation': 'autorotate',
      color: '#4b5563',
    },
  },
];

function nodeElement(node) {
  return {
    group: 'nodes',
    data: {
      id: node.id,
      label: nodeLabel(node),
      entityType: node.entityType,
      colour: typeColour(node.entityType),
      record: node,
    },
  };
}

function edgeElement(edge) {
  return {
    group: 'edges',
    data: {
      id: 'edge:' + edge.id,
      source: edge.sourceId,
      target: edge.targetId,
      label: edge.type,
      record: edge,
    },
  };
}

/** The graph view inside container; onExpand(nodeId) is called when a node is clicked. */
export class GraphView {
  constructor(container, summary, onExpand) {
    this.summary = summary;
    this.cy = cytoscape({
      container,
      style: STYLE,
      elements: [],
      minZoom: 0.1,
      maxZoom: 4,
      wheelSensitivity: 0.3,
    });
    this.cy.on('tap', 'node', (event) => onExpand(event.target.id(), event.target.data('label')));
    this.update();
  }

  /** Shows exactly these records (a new result). */
  show(nodes, edges) {
    this.cy.elements().remove();
    this.merge(nodes, edges, null);
  }

  /**
   * Adds records not shown yet; new nodes start at the position of aroundId (the node
   * that was expanded) and the layout settles them from there. Returns how many nodes and
   * relationships were new.
   */
  merge(nodes, edges, aroundId) {
    const around = aroundId === null ? null : this.cy.getElementById(aroundId);
    const origin = around && around.nonempty() ? around.position() : null;
    const added = { nodes: 0, edges: 0 };
    this.cy.batch(() => {
      for (const node of nodes) {
        if (this.cy.getElementById(node.id).empty()) {
          const element = nodeElement(node);
          if (origin) {
            element.position = { x: origin.x, y: origin.y };
          }
          this.cy.add(element);
          added.nodes += 1;
        }
      }
      for (const edge of edges) {
        const id = 'edge:' + edge.id;
        const ends = this.cy.getElementById(edge.sourceId).nonempty() &&
          this.cy.getElementById(edge.targetId).nonempty();
        if (ends && this.cy.getElementById(id).empty()) {
          this.cy.add(edgeElement(edge));
          added.edges += 1;
        }
      }
    });
    this.layout(origin !== null);
    this.update();
    return added;
  }

  layout(keepPositions) {
    if (this.cy.nodes().empty()) {
      return;
    }
    this.cy
      .layout({
        name: 'cose',
        animate: false,
        randomize: !keepPositions,
        fit: true,
        padding: 24,
        nodeDimensionsIncludeLabels: true,
      })
      .run();
    // Fitting a handful of nodes would blow them up to the maximum zoom.
    if (this.cy.zoom() > MAX_FIT_ZOOM) {
      this.cy.zoom(MAX_FIT_ZOOM);
      this.cy.center();
    }
  }

  /** Writes the counts under the view (and on the container, for scripts). */
  update() {
    const nodes = this.cy.nodes().length;
    const edges = this.cy.edges().length;
    this.summary.textContent =
      nodes === 0
        ? 'No nodes or relationships in this result.'
        : nodes + (nodes === 1 ? ' node, ' : ' nodes, ') + edges +
          (edges === 1 ? ' relationship' : ' relationships') + '. Click a node to expand it.';
    this.summary.dataset.nodes = String(nodes);
    this.summary.dataset.edges = String(edges);
  }
}
`;
