// Exam benchmark (issue #16): 500 concurrent attempts, each saving an answer every second for 2
// minutes, against the real server on SQLite and on PostgreSQL; then every attempt is read back
// and compared with the last acknowledged save of each of its questions.
//
//   npm run bench:study                                         both databases (PostgreSQL via TEST_DATABASE_URL or --pg)
//   node --import tsx bench/study-exam/run.ts --seconds 20      a shorter run
//   node --import tsx bench/study-exam/run.ts --dialects sqlite --attempts 100
//
// For each database the real server (server/src/server.ts, one process) runs on a fresh SQLite
// directory or a throwaway PostgreSQL database (dropped afterwards). This process writes the team,
// the designers and their sessions directly, then works through the API: the lead creates and
// publishes an exam of 20 single-choice questions, each designer starts an attempt, and each
// attempt's client saves one answer (a random question, a random option) every second, one
// request in flight per attempt (a taker waits for the answer before the next click). A save's
// latency is measured from the send to the answer. Afterwards every attempt is read back
// (GET /api/study/attempts/:id) and each saved answer compared with the last value the server
// acknowledged with 200: "lost" counts the acknowledged answers missing or different. A benchmark
// prints; it asserts nothing and always exits 0.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../server/src/db/database.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { insertDesigner } from '../../server/src/modules/user/designer.repository.js';
import { createCrashDatabase, type CrashDialect } from '../../server/test/support/crash-load.js';
import { exited, serverEnv, startServer } from '../../server/test/support/server-process.js';
import { CLK_TCK, processTicks } from '../lib/proc-cpu.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : fallback;
}

const SECONDS = Number(arg('seconds', '120'));
const ATTEMPTS = Number(arg('attempts', '500'));
const QUESTIONS = 20;
const OPTIONS = ['A', 'B', 'C', 'D'];
const PG_URL = arg('pg', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '');
const DIALECTS = arg('dialects', 'sqlite,postgres')
  .split(',')
  .map((d) => (d === 'pg' ? 'postgres' : d)) as CrashDialect[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Taker {
  token: string;
  attemptId: number;
  questionIds: number[];
  /** The last value the server acknowledged (200) per question. */
  acked: Map<number, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads answer fields ad hoc
async function call(base: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** `n` at a time over `items`. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function runOn(dialect: CrashDialect) {
  if (dialect === 'postgres' && !PG_URL) {
    console.log('\n== postgres: SKIPPED (no --pg, BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const database = await createCrashDatabase(dialect, PG_URL || undefined);
  const server = await startServer(
    serverEnv(database.dataDir, {
      DATABASE_URL: database.url,
      DEMO_MODE: 'false',
      SMS_SENDER: 'log',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PUBLIC_PER_IP: '100000000',
      RATE_LIMIT_LOGIN_PER_IP: '1000000',
      RATE_LIMIT_ACCOUNT_PER_IP: '1000000',
    }),
  );
  const { db, close } = openDatabase({ url: database.url });
  try {
    // -- the team, the lead, the designers and their sessions (written directly) --
    const team = await db.insertInto('teams').values({ name: '考试压测团队', lead_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const person = async (i: number, type: number) => {
      const phone = `139${String(70_000_000 + i).padStart(8, '0')}`;
      const d = await insertDesigner(db, { phone, password_hash: 'x', designer_type: type, real_name: `压测${i}`, current_registration_step: 6, team_id: team.id, team_role: type === 0 ? 'lead' : 'member', account_status: 1 });
      return (await createSession(db, d.id, 24, { ip: '127.0.0.1', userAgent: 'bench' })).token;
    };
    const lead = await person(0, 0);
    const tokens: string[] = [];
    for (let i = 1; i <= ATTEMPTS; i++) tokens.push(await person(i, 1));

    // -- the exam, through the API --
    const exam = await call(server.base, lead, 'POST', '/api/study/manage/exams', { title: '压测考试', pass_mark: 60, time_limit_minutes: 600, attempts_allowed: 0 });
    if (exam.status !== 200) throw new Error(`create exam: ${exam.status} ${JSON.stringify(exam.json)}`);
    const examId = exam.json.data.exam_id as number;
    const questions = Array.from({ length: QUESTIONS }, (_, i) => ({ kind: 'single', stem: `第${i + 1}题：印前检查要点`, options: ['甲', '乙', '丙', '丁'], answer: OPTIONS[i % 4], points: 5 }));
    if ((await call(server.base, lead, 'POST', `/api/study/manage/exams/${examId}/questions`, { questions })).status !== 200) throw new Error('add questions');
    if ((await call(server.base, lead, 'POST', `/api/study/manage/exams/${examId}/publish`, {})).status !== 200) throw new Error('publish');
    const takers: Taker[] = [];
    await pool(tokens, 20, async (token) => {
      const a = await call(server.base, token, 'POST', `/api/study/exams/${examId}/attempts`, {});
      if (a.status !== 200) throw new Error(`start: ${a.status} ${JSON.stringify(a.json)}`);
      takers.push({ token, attemptId: a.json.data.attempt_id, questionIds: a.json.data.questions.map((q: { question_id: number }) => q.question_id), acked: new Map() });
    });

    // -- the load: every attempt saves an answer every second --
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = (processTicks(server.child.pid!) ?? NaN) / CLK_TCK;
    const began = performance.now();
    const until = began + SECONDS * 1000;
    await Promise.all(
      takers.map(async (taker, k) => {
        // Spread the first clicks over the first second.
        let due = began + (k / takers.length) * 1000;
        while (due < until) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const q = taker.questionIds[Math.floor(Math.random() * taker.questionIds.length)]!;
          const value = OPTIONS[Math.floor(Math.random() * OPTIONS.length)]!;
          const t0 = performance.now();
          let status: string;
          try {
            const r = await call(server.base, taker.token, 'PUT', `/api/study/attempts/${taker.attemptId}/answers/${q}`, { answer: value });
            status = String(r.status);
            if (r.status === 200) taker.acked.set(q, value);
          } catch (err) {
            status = `network: ${(err as Error).message}`;
          }
          latencies.push(performance.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          due += 1000;
          if (due < performance.now()) due = performance.now();
        }
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = (processTicks(server.child.pid!) ?? NaN) / CLK_TCK - serverCpuBefore;
    const loadAfter = load();

    // -- every attempt read back --
    let lost = 0;
    let checked = 0;
    let extra = 0;
    await pool(takers, 20, async (taker) => {
      const r = await call(server.base, taker.token, 'GET', `/api/study/attempts/${taker.attemptId}`);
      if (r.status !== 200) {
        lost += taker.acked.size;
        return;
      }
      const saved = new Map<number, string>((r.json.data.answers as { question_id: number; answer: string }[]).map((a) => [a.question_id, a.answer]));
      for (const [q, v] of taker.acked) {
        checked++;
        if (saved.get(q) !== v) lost++;
      }
      for (const q of saved.keys()) if (!taker.acked.has(q)) extra++;
    });

    const sorted = [...latencies].sort((a, b) => a - b);
    const errors = [...statuses].filter(([s]) => s !== '200').reduce((n, [, c]) => n + c, 0);
    console.log(`\n== ${dialect}: ${takers.length} attempts × 1 save/s for ${SECONDS} s (one server process; client and server on this machine, ${os.cpus().length} cores)`);
    console.log(`  saves            ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)}/s`);
    console.log(`  save latency     p50 ${pct(sorted, 50).toFixed(1)} ms   p99 ${pct(sorted, 99).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms   (target p99 < 50 ms)`);
    console.log(`  errors           ${errors}   statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`  read back        ${checked} acknowledged answers checked, lost ${lost} (target 0), unacknowledged rows ${extra}`);
    console.log(
      `  server CPU       ${((serverCpu / elapsed) * 100).toFixed(0)}% of a core = ${((serverCpu * 1000) / latencies.length).toFixed(2)} ms per save (the server's own cost, whatever else runs on the machine)`,
    );
    console.log(`  load average     before ${loadBefore}   after ${loadAfter}   (bench client CPU ${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)}% of a core)`);
  } finally {
    await close();
    server.child.kill('SIGTERM');
    await exited(server.child);
    await database.drop();
  }
}

console.log(`study-exam bench: ${ATTEMPTS} attempts, ${SECONDS} s, databases ${DIALECTS.join(', ')}; load average now ${load()}`);
for (const d of DIALECTS) await runOn(d);
process.exit(0);
