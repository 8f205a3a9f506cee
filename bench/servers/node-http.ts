/**
 * The `node-http` calibration variant: plain node:http answering the same JSON as
 * GET /api/me, serialised per request with the same Content-Type as Express's res.json.
 *
 * Env: PORT, BENCH_DATA, BENCH_REQUEST_ID (see bare-express.ts).
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const data: unknown = JSON.parse(process.env.BENCH_DATA ?? 'null');
const requestId = process.env.BENCH_REQUEST_ID ?? 'req_00000000000000000000';

http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/api/me') {
      const body = JSON.stringify({ success: true, data, requestId });
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
      return;
    }
    res.writeHead(404).end();
  })
  .listen(port, '127.0.0.1');

// Exit normally on SIGTERM so that --cpu-prof can write its profile.
process.on('SIGTERM', () => process.exit(0));
