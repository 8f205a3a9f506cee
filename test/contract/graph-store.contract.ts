import type { GraphStore } from '../../src/ports/graph-store';
import { bulkWriteCases } from './graph-store/bulk-writes';
import { commandLogCases } from './graph-store/command-log';
import { expansionCases } from './graph-store/expansion';
import { exportCases } from './graph-store/export';
import type { ContractContext } from './graph-store/fixtures';
import { isolationCases } from './graph-store/isolation';
import { filterCases } from './graph-store/filters';
import { listCases } from './graph-store/lists';
import { neighborhoodCases } from './graph-store/neighborhood';
import { ontologyCases } from './graph-store/ontology';
import { recordCases } from './graph-store/records';
import { transactionCases } from './graph-store/transactions';

/**
 * The behaviour every GraphStore adapter must show (docs/ontology.md).
 * `factory` creates a store and a cleanup; it is called once for the suite. Every test works
 * in workspaces of its own (random ids) and never assumes an empty database, so the suite
 * also runs against a shared server such as Neo4j.
 */
export function graphStoreContract(
  name: string,
  factory: () => Promise<{ store: GraphStore; cleanup: () => Promise<void> }>,
): void {
  describe(`GraphStore contract: ${name}`, () => {
    const ctx = {} as ContractContext;
    let cleanup: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const created = await factory();
      ctx.store = created.store;
      cleanup = created.cleanup;
    });
    afterAll(async () => {
      await cleanup?.();
    });

    describe('records', () => recordCases(ctx));
    describe('bulk writes', () => bulkWriteCases(ctx));
    describe('workspace isolation', () => isolationCases(ctx));
    describe('lists', () => listCases(ctx));
    describe('filters and cursors', () => filterCases(ctx));
    describe('neighborhood', () => neighborhoodCases(ctx));
    describe('expansion', () => expansionCases(ctx));
    describe('transactions', () => transactionCases(ctx));
    describe('command log', () => commandLogCases(ctx));
    describe('ontology', () => ontologyCases(ctx));
    describe('export records', () => exportCases(ctx));
  });
}
