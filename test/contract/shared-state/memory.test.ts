import { MemoryCounterStore } from '../../../src/adapters/memory/counter-store';
import { MemoryInvalidationBus } from '../../../src/adapters/memory/invalidation-bus';
import { MemoryLeaseStore } from '../../../src/adapters/memory/lease-store';
import { systemClock } from '../../../src/ports/clock';
import { counterStoreContract } from './counter-store.contract';
import { invalidationBusContract } from './invalidation-bus.contract';
import { leaseStoreContract } from './lease-store.contract';

const done = () => Promise.resolve();

counterStoreContract('memory', () =>
  Promise.resolve({ store: new MemoryCounterStore(systemClock), cleanup: done }),
);
leaseStoreContract('memory', () =>
  Promise.resolve({ store: new MemoryLeaseStore(), cleanup: done }),
);
invalidationBusContract(
  'memory',
  () =>
    Promise.resolve({
      bus: new MemoryInvalidationBus(),
      peer: new MemoryInvalidationBus(),
      cleanup: done,
    }),
  false,
);
