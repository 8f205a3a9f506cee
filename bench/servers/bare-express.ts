/**
 * The `bare` variant: Express 5 with one route and no middleware, answering the exact bytes
 * the real GET /api/me answers. App settings match src/app.ts (no ETag, no X-Powered-By,
 * simple query parser) so the comparison isolates the middleware stack, not settings.
 *
 * Env: PORT; BENCH_DATA (the `data` of /api/me as JSON); BENCH_REQUEST_ID (a request id of
 * the real length, sent verbatim: generating ids is the stack's work, not the route's).
 */
import express from 'express';

const port = Number(process.env.PORT);
const data: unknown = JSON.parse(process.env.BENCH_DATA ?? 'null');
const requestId = process.env.BENCH_REQUEST_ID ?? 'req_00000000000000000000';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.set('query parser', 'simple');
app.get('/api/me', (_req, res) => {
  res.status(200).json({ success: true, data, requestId });
});
app.listen(port, '127.0.0.1');

// Exit normally on SIGTERM so that --cpu-prof can write its profile.
process.on('SIGTERM', () => process.exit(0));
