// A stand-in worker for server/test/worker-pool.test.ts: speaks the worker protocol of
// server/src/cluster.ts (ready with the port, close on shutdown) around a tiny HTTP server that
// answers with what the pool gave it. POOL_TEST_CRASH=1: exits with code 3 at once instead.
import http from 'node:http';

if (process.env.POOL_TEST_CRASH === '1') process.exit(3);

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      pid: process.pid,
      index: process.env.API_WORKER_INDEX,
      simulator: process.env.SIMULATOR_RATE_PER_MIN ?? null,
      shared: process.env.POOL_TEST_SHARED ?? null,
    }),
  );
});

process.on('message', (msg) => {
  if (msg?.type !== 'api-worker:shutdown') return;
  server.close(() => process.exit(0));
  server.closeAllConnections();
});

server.listen(0, '127.0.0.1', () => {
  process.send({ type: 'api-worker:ready', port: server.address().port });
});
