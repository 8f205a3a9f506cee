import type { FeedEvent } from './feed-clients';
import type { ReceivedDelivery } from './webhook-receiver';

/**
 * What a writer that is killed under did, and the checks of the log against it: every
 * acknowledged change exactly once, nothing that failed, at most once what was in flight at
 * a kill (its outcome unknown), seqs 1..n without gaps, and each record created before
 * anything else about it.
 */

/** A change the writer sent: acknowledged (2xx), failed (an error answer), or in doubt. */
export type Outcome = 'acked' | 'failed' | 'doubt';

/** The changes of a run, each by the key its event carries. */
export class CrashLedger {
  /** node.created by node id. */
  readonly nodes = new Map<string, Outcome>();
  /** edge.created by edge id. */
  readonly edges = new Map<string, Outcome>();
  /** node.updated by the `rev` property each update sets (unique per update). */
  readonly updates = new Map<number, Outcome>();
  /** Error answers by HTTP status. */
  readonly failures = new Map<number, number>();
  /** Nodes whose creation was acknowledged (what updates and edges may name). */
  readonly ackedNodes: string[] = [];

  /** Records the outcome of one request's changes. */
  settle(
    changes: { nodes?: string[]; edges?: string[]; updates?: number[] },
    outcome: Outcome,
  ): void {
    changes.nodes?.forEach((id) => this.nodes.set(id, outcome));
    changes.edges?.forEach((id) => this.edges.set(id, outcome));
    changes.updates?.forEach((rev) => this.updates.set(rev, outcome));
    if (outcome === 'acked') {
      this.ackedNodes.push(...(changes.nodes ?? []));
    }
  }

  count(outcome: Outcome): number {
    let n = 0;
    for (const map of [this.nodes, this.edges, this.updates] as Map<unknown, Outcome>[]) {
      map.forEach((o) => (n += o === outcome ? 1 : 0));
    }
    return n;
  }
}

/** What the checks of the log found (every count should be 0 but `inDoubtPresent`). */
export interface LogCheck {
  events: number;
  gaps: number;
  ackedMissing: number;
  repeated: number;
  failedPresent: number;
  inDoubtPresent: number;
  inDoubtAbsent: number;
  unexpected: number;
  beforeCreate: number;
}

/** Checks the whole log (in seq order) against the ledger. */
export function checkLog(events: readonly FeedEvent[], ledger: CrashLedger): LogCheck {
  let gaps = 0;
  events.forEach((event, i) => {
    if (event.seq !== i + 1) {
      gaps += 1;
    }
  });
  const seen = { nodes: new Map<string, number>(), edges: new Map<string, number>() };
  const revs = new Map<number, number>();
  const createdAt = new Map<string, number>();
  let unexpected = 0;
  let beforeCreate = 0;
  const created = (id: string | undefined, seq: number) =>
    id !== undefined && (createdAt.get(id) ?? Infinity) < seq;
  for (const event of events) {
    const after = event.data.after;
    if (event.type === 'node.created') {
      seen.nodes.set(event.subject.id, (seen.nodes.get(event.subject.id) ?? 0) + 1);
      if (!createdAt.has(event.subject.id)) {
        createdAt.set(event.subject.id, event.seq);
      }
    } else if (event.type === 'edge.created') {
      seen.edges.set(event.subject.id, (seen.edges.get(event.subject.id) ?? 0) + 1);
      if (!created(after?.sourceId, event.seq) || !created(after?.targetId, event.seq)) {
        beforeCreate += 1;
      }
    } else if (event.type === 'node.updated') {
      const rev = (after?.properties as { rev?: number } | undefined)?.rev;
      if (rev === undefined) {
        unexpected += 1;
      } else {
        revs.set(rev, (revs.get(rev) ?? 0) + 1);
      }
      if (!created(event.subject.id, event.seq)) {
        beforeCreate += 1;
      }
    } else {
      unexpected += 1;
    }
  }
  const check: LogCheck = {
    events: events.length,
    gaps,
    ackedMissing: 0,
    repeated: 0,
    failedPresent: 0,
    inDoubtPresent: 0,
    inDoubtAbsent: 0,
    unexpected,
    beforeCreate,
  };
  const compare = <K>(expected: Map<K, Outcome>, found: Map<K, number>) => {
    for (const [key, outcome] of expected) {
      const n = found.get(key) ?? 0;
      if (n > 1) {
        check.repeated += 1;
      }
      if (outcome === 'acked' && n === 0) {
        check.ackedMissing += 1;
      } else if (outcome === 'failed' && n > 0) {
        check.failedPresent += 1;
      } else if (outcome === 'doubt') {
        check[n > 0 ? 'inDoubtPresent' : 'inDoubtAbsent'] += 1;
      }
    }
    for (const key of found.keys()) {
      if (!expected.has(key)) {
        check.unexpected += 1;
      }
    }
  };
  compare(ledger.nodes, seen.nodes);
  compare(ledger.edges, seen.edges);
  compare(ledger.updates, revs);
  return check;
}

/** What a webhook receiver got against the log. */
export interface DeliveryCheck {
  received: number;
  missing: number;
  duplicates: number;
  unknown: number;
  /** Events first received after a later one. */
  outOfOrder: number;
}

export function checkDeliveries(
  events: readonly FeedEvent[],
  deliveries: readonly ReceivedDelivery[],
): DeliveryCheck {
  const counts = new Map<string, number>();
  let outOfOrder = 0;
  let highest = 0;
  for (const d of deliveries) {
    const n = counts.get(d.webhookId) ?? 0;
    counts.set(d.webhookId, n + 1);
    if (n === 0) {
      if (d.seq < highest) {
        outOfOrder += 1;
      }
      highest = Math.max(highest, d.seq);
    }
  }
  const ids = new Set(events.map((e) => e.id));
  let duplicates = 0;
  let unknown = 0;
  for (const [id, n] of counts) {
    duplicates += n - 1;
    if (!ids.has(id)) {
      unknown += 1;
    }
  }
  return {
    received: deliveries.length,
    missing: events.filter((e) => !counts.has(e.id)).length,
    duplicates,
    unknown,
    outOfOrder,
  };
}
