import type { GraphStore } from '../../../src/ports/graph-store';
import { bulkWriteCases } from './bulk-writes';
import { commandLogCases } from './command-log';
import { expansionCases } from './expansion';
import { exportCases } from './export';
import type { ContractContext } from './fixtures';
import { isolationCases } from './isolation';
import { filterCases } from './filters';
import { listCases } from './lists';
import { neighborhoodCases } from './neighborhood';
import { ontologyCases } from './ontology';
import { recordCases } from './records';
import { transactionCases } from './transactions';

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
