import { neo4jTarget } from './neo4j';
import { qdrantTarget } from './qdrant';

/**
 * Jest's global set-up: says once, before any suite runs, which engines are absent and so
 * which contract suites will be skipped. Jest prints neither the names of skipped tests
 * (they carry the reason too) nor the console output of a suite whose every test is
 * skipped, unless run with --verbose; without this line a default run showed only
 * "8 skipped".
 */
export default function announceSkips(): void {
  const lines: string[] = [];
  const neo4j = neo4jTarget();
  if (!neo4j.available) {
    lines.push(`Neo4j contract suites will be skipped: ${neo4j.reason}`);
  }
  const qdrant = qdrantTarget();
  if (!qdrant.available) {
    lines.push(`Qdrant contract tests will be skipped: ${qdrant.reason}`);
  }
  if (lines.length > 0) {
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
