import { Counter, Histogram, type Registry } from 'prom-client';
import type { CypherEngineMetrics } from './engine';

/**
 * Cypher on the embedded store, on `/metrics` (docs/operations.md, "Metrics"): how queries
 * were answered (a query thread's in-memory copy of the graph, or SQL) and the copies read.
 */
export class CypherMetrics implements CypherEngineMetrics {
  private readonly answers: Counter<'by'>;
  private readonly reads: Histogram;

  constructor(registry: Registry) {
    this.answers = new Counter({
      name: 'cypher_answers_total',
      help: "Cypher queries answered on the embedded store, by what answered them (memory: a query thread's copy of the graph; sql).",
      labelNames: ['by'],
      registers: [registry],
    });
    this.reads = new Histogram({
      name: 'cypher_graph_copy_read_seconds',
      help: "Time a query thread took to read a copy of a workspace's graph into memory.",
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  answered(by: 'memory' | 'sql'): void {
    this.answers.inc({ by });
  }

  copyRead(seconds: number): void {
    this.reads.observe(seconds);
  }
}
