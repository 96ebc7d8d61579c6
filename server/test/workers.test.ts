/**
 * API_WORKERS=2: the real server entry (`server/src/server.ts`) as a child process, which becomes a
 * cluster primary with two worker processes on one SQLite file and the external broker
 * (TEST_MQTT_URL). Everything goes over real HTTP connections.
 *
 * Which worker served a request is read from the operating system, not from the server: each test
 * connection is kept alive after its response, and /proc says which worker process holds the
 * server end of it (/proc/net/tcp gives the socket's inode, /proc/<pid>/fd who owns it).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKEN_MESSAGE } from '../src/modules/tickets/ticket.service.js';
import { DEMO, DEMO_PASSWORD } from './support/harness.js';
import { multipartBody, type UploadSignature, uploadFields } from './support/multipart.js';
import { alive, exited, type ServerProcess, serverEnv, spawnServer, startServer } from './support/server-process.js';
import { freshOrderNo } from './support/tickets.js';

const EXTERNAL_MQTT_URL = process.env.TEST_MQTT_URL || undefined;
const API_KEY = 'workers-test-integration-key';

// ---------------------------------------------------------------------------------------------
// Processes and connections, from /proc

/** Worker processes of a primary: its children running the worker entry (tsx also starts an esbuild child). */
function workerPids(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== primary) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/src/worker.ts')) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids.sort((a, b) => a - b);
}

async function waitFor<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const got = probe();
    if (got !== undefined) return got;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * For each open connection (by its client-side port), the process holding the server side of it:
 * the ESTABLISHED socket from `serverPort` to that client port in /proc/net/tcp, then the
 * process among `pids` with that socket inode among its file descriptors.
 */
function serverProcesses(serverPort: number, clientPorts: number[], pids: number[]): (number | undefined)[] {
  const inodeOf = new Map<number, string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = fs.existsSync(table) ? fs.readFileSync(table, 'utf8').trim().split('\n').slice(1) : [];
    for (const line of lines) {
      const [, local, remote, state, , , , , , inode] = line.trim().split(/\s+/);
      if (state !== '01' || !local || !remote || !inode) continue; // 01 = ESTABLISHED
      const localPort = Number.parseInt(local.split(':')[1]!, 16);
      const remotePort = Number.parseInt(remote.split(':')[1]!, 16);
      if (localPort === serverPort) inodeOf.set(remotePort, inode);
    }
  }
  const ownerOf = new Map<string, number>();
  for (const pid of pids) {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) ownerOf.set(m[1]!, pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return clientPorts.map((p) => {
    const inode = inodeOf.get(p);
    return inode === undefined ? undefined : ownerOf.get(inode);
  });
}

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response fields are read ad hoc
  json: { code: number; success: boolean; message: string; data: any };
  body: string;
}

/** One HTTP connection of its own, kept open after its responses (so /proc can tell who holds it). */
class Connection {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  localPort: number | undefined;

  constructor(private readonly port: number) {}

  request(
    method: string,
    url: string,
    opts: { body?: unknown; raw?: { payload: Buffer; headers: Record<string, string> }; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const payload = opts.raw?.payload ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          agent: this.agent,
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
            ...opts.raw?.headers,
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString();
            const json = (res.headers['content-type'] ?? '').startsWith('application/json') ? (JSON.parse(body) as Reply['json']) : (null as never);
            resolve({ status: res.statusCode!, json, body });
          });
        },
      );
      req.on('socket', (socket) => {
        const note = () => (this.localPort = socket.localPort);
        if (socket.localPort) note();
        else socket.once('connect', note);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------

const title = EXTERNAL_MQTT_URL
  ? `API_WORKERS=2: one primary, two worker processes, one SQLite file, external broker ${EXTERNAL_MQTT_URL}`
  : 'API_WORKERS=2 — SKIPPED: TEST_MQTT_URL is not set; several workers need an external broker (e.g. TEST_MQTT_URL=mqtt://127.0.0.1:1883)';

describe.skipIf(!EXTERNAL_MQTT_URL)(title, () => {
  let dataDir: string;
  let server: ServerProcess;
  let workers: number[] = [];
  const seen = new Set<number>();
  const open: Connection[] = [];

  /** `n` new connections to the server. */
  const connections = (n: number) => {
    const made = Array.from({ length: n }, () => new Connection(server.port));
    open.push(...made);
    return made;
  };
  /** The worker process that held each connection (asserted to be one of the workers). */
  const heldBy = (conns: Connection[]) => {
    const owners = serverProcesses(
      server.port,
      conns.map((c) => c.localPort!),
      workers,
    );
    owners.forEach((pid, i) => expect(pid, `connection ${i} (client port ${conns[i]!.localPort}) is held by no worker`).toBeDefined());
    return owners as number[];
  };
  const closeAll = (conns: Connection[]) => conns.forEach((c) => c.close());

  const anon = () => new Connection(server.port);
  async function login(phone: string): Promise<string> {
    const c = anon();
    try {
      const res = await c.request('POST', '/api/user/login', { body: { phone, password: DEMO_PASSWORD } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.token as string;
    } finally {
      c.close();
    }
  }
  const orderBody = (shopId: number, productId: number, orderNo = freshOrderNo()) => ({
    order_no: orderNo,
    shop_id: shopId,
    product_id: productId,
    title: '彩盒设计｜多进程测试',
    requirements: '按附件排版',
    allowed_minutes: 480,
    fee_cents: 3500,
  });
  const db = () => new SQLite(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });

  let shopId: number;
  /** 彩盒: in the demo data no regular designer is qualified for it, so its orders land in the hall. */
  let hallProductId: number;
  let anyProductId: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-workers-'));
    server = await startServer(serverEnv(dataDir, { API_WORKERS: '2', MQTT_URL: EXTERNAL_MQTT_URL, INTEGRATION_API_KEY: API_KEY }));
    workers = await waitFor('two worker processes', () => {
      const pids = workerPids(server.child.pid!);
      return pids.length === 2 ? pids : undefined;
    });
    workers.forEach((p) => seen.add(p));

    const lead = await login(DEMO.lead);
    const c = anon();
    const products = await c.request('GET', '/api/designer-product/available-products?pageSize=99', { token: lead });
    const shops = await c.request('GET', '/api/user/shops', { token: lead });
    c.close();
    expect(products.status).toBe(200);
    expect(shops.status).toBe(200);
    const items = products.json.data.items as { product_id: number; name: string }[];
    hallProductId = items.find((p) => p.name === '彩盒')!.product_id;
    anyProductId = items[0]!.product_id;
    shopId = (shops.json.data.items as { shop_id: number }[])[0]!.shop_id;
  });

  afterAll(async () => {
    open.forEach((c) => c.close());
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    // Workers leave with their primary (cluster), but never outlive the test either way.
    for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints one banner, for two workers on one port', () => {
    expect(server.output().match(/Designer work platform is running/g)).toHaveLength(1);
    expect(server.output()).toContain('2 个工作进程 / 2 worker processes');
  });

  it('both workers serve, and a login token works on every request, over fresh connections', async () => {
    const token = await login(DEMO.designer);
    const conns = connections(12);
    for (const c of conns) {
      const res = await c.request('GET', '/api/user/profile', { token });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.phone).toBe(DEMO.designer);
    }
    const owners = heldBy(conns);
    expect(new Set(owners)).toEqual(new Set(workers));
    closeAll(conns);
  });

  it('an upload signed by one worker is accepted by the other (they share the local store secret)', async () => {
    const token = await login(DEMO.designer);
    const conns = connections(2);
    const signatures: UploadSignature[] = [];
    for (const c of conns) {
      const res = await c.request('GET', '/api/oss/get-signature?source=attachment', { token });
      expect(res.status, res.body).toBe(200);
      signatures.push(res.json.data as UploadSignature);
    }
    const [signer, uploader] = heldBy(conns);
    expect(signer).not.toBe(uploader);
    // Signed on the first connection's worker, sent through the second's.
    const sig = signatures[0]!;
    const key = `${sig.dir}notes.txt`;
    const form = multipartBody([...uploadFields(sig, key), ['file', { filename: 'notes.txt', content: '多进程上传', contentType: 'text/plain' }]]);
    const res = await conns[1]!.request('POST', '/oss', { raw: form });
    expect(res.status, res.body).toBe(204);
    expect(heldBy([conns[1]!])).toEqual([uploader]);
    closeAll(conns);
  });

  it('of 30 simultaneous grabs of one hall ticket through both workers, exactly one wins', async () => {
    const c = anon();
    const ingested = await c.request('POST', '/api/integration/orders', { body: orderBody(shopId, hallProductId), headers: { 'x-api-key': API_KEY } });
    c.close();
    expect(ingested.status, JSON.stringify(ingested.json)).toBe(200);
    const ticketId = ingested.json.data.ticket.ticket_id as number;
    expect(ingested.json.data.ticket.designer_id).toBeNull();
    const grabbers = [await login(DEMO.partTime2), await login(DEMO.partTime3)];
    // Both have room today, whatever the demo data's hall grabs left them (it depends on the hour).
    const w = new SQLite(path.join(dataDir, 'app.db'), { fileMustExist: true });
    try {
      w.pragma('busy_timeout = 5000');
      w.prepare('update designer_loads set assigned_today = 0 where designer_id in (select id from designers where phone in (?, ?))').run(DEMO.partTime2, DEMO.partTime3);
    } finally {
      w.close();
    }

    const conns = connections(30);
    const replies = await Promise.all(conns.map((conn, i) => conn.request('POST', `/api/order-hall/tickets/${ticketId}/grab`, { token: grabbers[i % 2] })));
    expect(new Set(heldBy(conns))).toEqual(new Set(workers));
    closeAll(conns);

    const won = replies.filter((r) => r.status === 200);
    expect(won, JSON.stringify(replies.filter((r) => r.status !== 409 && r.status !== 200).map((r) => r.json))).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(TAKEN_MESSAGE);
    }
    const d = db();
    try {
      const openAllocations = d.prepare('select designer_id from allocations where ticket_id = ? and ended_at is null').all(ticketId);
      expect(openAllocations).toHaveLength(1);
      const ticket = d.prepare('select current_allocation_id, designer_id from tickets where id = ?').get(ticketId) as { designer_id: number };
      expect(ticket.designer_id).toBe((openAllocations[0] as { designer_id: number }).designer_id);
    } finally {
      d.close();
    }
  });

  it('one order posted 20 times at once through both workers makes one ticket', async () => {
    const body = orderBody(shopId, anyProductId);
    const conns = connections(20);
    const replies = await Promise.all(conns.map((conn) => conn.request('POST', '/api/integration/orders', { body, headers: { 'x-api-key': API_KEY } })));
    expect(new Set(heldBy(conns))).toEqual(new Set(workers));
    closeAll(conns);

    for (const r of replies) expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(replies.filter((r) => r.json.data.created === true)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.json.data.ticket.ticket_id)).size).toBe(1);
    const d = db();
    try {
      expect(d.prepare('select count(*) as n from tickets where order_no = ?').get(body.order_no)).toEqual({ n: 1 });
    } finally {
      d.close();
    }
  });

  it('40 different orders at once through both workers all commit (no SQLITE_BUSY between the processes)', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => orderBody(shopId, i % 2 ? hallProductId : anyProductId));
    const conns = connections(40);
    const replies = await Promise.all(conns.map((conn, i) => conn.request('POST', '/api/integration/orders', { body: bodies[i], headers: { 'x-api-key': API_KEY } })));
    expect(new Set(heldBy(conns))).toEqual(new Set(workers));
    closeAll(conns);

    for (const r of replies) {
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data.created).toBe(true);
    }
    const d = db();
    try {
      const orderNos = bodies.map((b) => b.order_no);
      const row = d.prepare(`select count(*) as n from tickets where order_no in (${orderNos.map(() => '?').join(',')})`).get(...orderNos);
      expect(row).toEqual({ n: 40 });
    } finally {
      d.close();
    }
  });

  it('a worker that dies is replaced, and the new one serves', async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, 'SIGKILL');
    workers = await waitFor('a replacement worker', () => {
      const pids = workerPids(server.child.pid!);
      return pids.length === 2 && !pids.includes(victim) && pids.includes(survivor) ? pids : undefined;
    });
    workers.forEach((p) => seen.add(p));
    // The replacement is a child before it listens: wait until connections reach it too.
    const token = await login(DEMO.designer);
    const conns = connections(8);
    for (let round = 0; round < 50; round++) {
      for (const c of conns) expect((await c.request('GET', '/api/user/profile', { token })).status).toBe(200);
      if (new Set(heldBy(conns)).size === 2) break;
      closeAll(conns);
      conns.splice(0, conns.length, ...connections(8));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(new Set(heldBy(conns))).toEqual(new Set(workers));
    closeAll(conns);
    expect(server.output()).toMatch(/worker \d \(pid \d+\) exited unexpectedly \(signal SIGKILL\)/);
  });

  it('SIGTERM while an upload is half sent: the upload is still answered, then the primary closes every worker and exits 0', async () => {
    const before = workerPids(server.child.pid!);
    expect(before).toHaveLength(2);
    const token = await login(DEMO.designer);
    const signed = await anon().request('GET', '/api/oss/get-signature?source=attachment', { token });
    expect(signed.status, signed.body).toBe(200);
    const sig = signed.json.data as UploadSignature;
    const form = multipartBody([...uploadFields(sig, `${sig.dir}drain.txt`), ['file', { filename: 'drain.txt', content: '关停时仍在上传', contentType: 'text/plain' }]]);
    const head = Object.entries({ ...form.headers, 'content-length': String(form.payload.length) })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const half = Math.floor(form.payload.length / 2);
    socket.write(`POST /oss HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n`);
    socket.write(form.payload.subarray(0, half));
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    socket.write(form.payload.subarray(half));
    // The worker closes the connection once it has answered (it is shutting down).
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 204 /);
    const { code, signal } = await exited(server.child);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    for (const pid of before) expect(alive(pid), `worker ${pid} is still running`).toBe(false);
  });
});

describe('API_WORKERS=2 without MQTT_URL', () => {
  it('does not start: exits non-zero and says an external broker is needed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-workers-nobroker-'));
    try {
      const { child, output } = spawnServer(serverEnv(dataDir, { API_WORKERS: '2', INTEGRATION_API_KEY: API_KEY }));
      const { code } = await exited(child);
      expect(code).not.toBe(0);
      expect(output()).toContain('API_WORKERS: 2 worker processes need an external MQTT broker (MQTT_URL) or the Redis-shared embedded one (MQTT_CLUSTER_REDIS_URL)');
      expect(output()).toContain('需要外部 MQTT 服务');
      expect(output()).not.toContain('Designer work platform is running');
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
