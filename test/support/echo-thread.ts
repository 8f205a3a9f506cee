/** A ThreadPool thread for tests: echoes, throws, or exits as asked. */
import { parentPort } from 'node:worker_threads';
import { serveRequests } from '../../src/workers/thread-pool';

export type EchoRequest = { echo: unknown } | { fail: string } | { exit: number };

if (parentPort) {
  serveRequests<EchoRequest, unknown>(parentPort, (request) => {
    if ('fail' in request) {
      throw new Error(request.fail);
    }
    if ('exit' in request) {
      process.exit(request.exit);
    }
    return request.echo;
  });
}
