import type { FunctionCall } from '../../../../cypher/ast';
import { CHECK_EVERY, held, type Eval, type MemoryRun, type Row } from './memory-run';
import { distinctKey, type MemoryValue } from './memory-values';

/** A projection item: a value of the row, or an aggregate over the rows. */
export interface ItemSpec {
  eval: Eval | null;
  aggregate: { call: FunctionCall; arg: Eval | null } | null;
}

interface Group {
  keys: Row;
  counts: number[];
  lists: MemoryValue[][];
  seen: Set<unknown>[];
}

/** A projection with aggregates: one row per distinct value of the other items. */
export class Aggregator {
  private readonly keyItems: number[];
  private readonly groups = new Map<unknown, Group>();
  private added = 0;
  /** Values held: groups, collected values and values seen by DISTINCT. */
  private holding = 0;

  /** The aggregate items: where, of what, and how. */
  private readonly aggregates: {
    index: number;
    arg: Eval | null;
    distinct: boolean;
    collect: boolean;
  }[];

  constructor(private readonly items: readonly ItemSpec[]) {
    this.keyItems = items.map((item, i) => (item.eval ? i : -1)).filter((i) => i >= 0);
    this.aggregates = items.flatMap((item, index) =>
      item.aggregate
        ? [
            {
              index,
              arg: item.aggregate.arg,
              distinct: item.aggregate.call.distinct,
              collect: item.aggregate.call.name === 'collect',
            },
          ]
        : [],
    );
  }

  add(row: Row, run: MemoryRun): void {
    if ((this.added += 1) % CHECK_EVERY === 0) {
      run.check();
    }
    const { items, keyItems } = this;
    let group: Group | undefined;
    if (keyItems.length === 1) {
      const value = items[keyItems[0]!]!.eval!(row, run);
      const key = distinctKey(value);
      group = this.groups.get(key);
      if (!group) {
        group = this.group([value]);
        this.groups.set(key, group);
        held((this.holding += 1), run);
      }
    } else {
      const keys = keyItems.map((i) => items[i]!.eval!(row, run));
      const key = keys.length === 0 ? null : JSON.stringify(keys);
      group = this.groups.get(key);
      if (!group) {
        group = this.group(keys);
        this.groups.set(key, group);
        held((this.holding += 1), run);
      }
    }
    for (const { index, arg, distinct, collect } of this.aggregates) {
      const value = arg ? arg(row, run) : true;
      if (value === null) {
        continue;
      }
      if (distinct) {
        const seen = group.seen[index]!;
        const seenKey = distinctKey(value);
        if (seen.has(seenKey)) {
          continue;
        }
        seen.add(seenKey);
        held((this.holding += 1), run);
      }
      group.counts[index]! += 1;
      if (collect) {
        group.lists[index]!.push(value);
        held((this.holding += 1), run);
      }
    }
  }

  /** The rows, groups in the order first seen; one row of empty aggregates without keys. */
  rows(): Row[] {
    if (this.groups.size === 0 && this.keyItems.length === 0) {
      this.groups.set(null, this.group([]));
    }
    const out: Row[] = [];
    for (const group of this.groups.values()) {
      let k = 0;
      out.push(
        this.items.map((item, i) => {
          if (item.eval) {
            return group.keys[k++]!;
          }
          return item.aggregate!.call.name === 'collect' ? group.lists[i]! : group.counts[i]!;
        }),
      );
    }
    return out;
  }

  private group(keys: Row): Group {
    return {
      keys,
      counts: this.items.map(() => 0),
      lists: this.items.map(() => []),
      seen: this.items.map(() => new Set<unknown>()),
    };
  }
}

/** The first of each set of equal rows. */
export function distinctRows(rows: readonly Row[]): Row[] {
  const seen = new Set<unknown>();
  return rows.filter((row) => {
    const key = JSON.stringify(row);
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}
