// A stand-in worker for server/test/worker-pool.test.ts: speaks the worker protocol of
// server/src/cluster.ts (ready, serve the connections the primary hands over, close on shutdown)
// around a tiny HTTP server that answers with what the pool gave it. POOL_TEST_CRASH=1: exits
// with code 3 at once instead.
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
const handed = new Set();

process.on('message', (msg, socket) => {
  if (msg?.type === 'api-worker:connection' && socket) {
    handed.add(socket);
    socket.once('close', () => handed.delete(socket));
    server.emit('connection', socket);
    socket.resume();
  }
  if (msg?.type === 'api-worker:shutdown') {
    for (const s of handed) s.destroy();
    process.exit(0);
  }
});

process.send({ type: 'api-worker:ready' });
