/**
 * V8 flags the service runs with: `npm start`, the Dockerfile's CMD and every process the
 * benchmarks start (a test keeps the three in step). A 32 MB semi-space lets the many
 * short-lived objects of a request die in fewer young-generation scavenges: CREATE_NODE over
 * HTTP went from 1,480 to 1,739 commands/s (medians of 3 rounds, bench/history/ontology.md) for
 * about 64 MB more young-generation memory at peak.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
