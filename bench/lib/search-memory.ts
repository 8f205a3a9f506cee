import fs from 'node:fs';
import { startBenchService, type BenchService, type ServiceEntry } from './service';

/** A process's memory as Linux reports it in /proc/<pid>/status. */
export interface ProcessMemory {
  /** Resident set now (VmRSS), MB. */
  rssMb: number;
  /** Highest resident set so far (VmHWM), MB. */
  peakMb: number;
  threads: number;
}

/** The process's memory now; null where /proc is not there (not Linux) or it has exited. */
export function processMemory(pid: number): ProcessMemory | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const field = (name: string): number | null => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status);
    return match ? Number(match[1]) : null;
  };
  const rssKb = field('VmRSS');
  const peakKb = field('VmHWM');
  const threads = field('Threads');
  if (rssKb === null || peakKb === null || threads === null) {
    return null;
  }
  return { rssMb: rssKb / 1024, peakMb: peakKb / 1024, threads };
}

/** What the service holds on an empty store: right after start, and after its first search. */
export interface EmptyStoreMemory {
  started: ProcessMemory | null;
  firstSearch: ProcessMemory | null;
  firstSearchMs: number;
}

/** Time for start-up work after /health answers (and the first search's) to settle. */
const SETTLE_MS = 2000;

/**
 * Starts the service on an empty store (only its bootstrap workspace) and reads its memory
 * after start and after one search: the first search loads the bundled model (a query
 * thread) and prepares the vector index, what every deployment pays before it has data.
 */
export async function emptyStoreMemory(options: {
  tmp: string;
  entry: ServiceEntry;
  dataDir: string;
}): Promise<EmptyStoreMemory> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const service = await startBenchService({
    tmp: options.tmp,
    name: 'empty',
    entry: options.entry,
    dataDir: options.dataDir,
  });
  try {
    await settle();
    const started = processMemory(service.pid);
    const start = performance.now();
    await firstSearch(service);
    const firstSearchMs = performance.now() - start;
    await settle();
    return { started, firstSearch: processMemory(service.pid), firstSearchMs };
  } finally {
    await service.stop();
  }
}

async function firstSearch(service: BenchService): Promise<void> {
  const res = await fetch(`${service.baseUrl}/api/rag/search`, {
    method: 'POST',
    headers: service.headers,
    body: JSON.stringify({ query: 'a machine that pushes liquid', topK: 10 }),
  });
  if (!res.ok) {
    throw new Error(`the first search answered ${res.status}: ${await res.text()}`);
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}
