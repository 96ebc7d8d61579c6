import { buildApp } from './app.js';
import { WorkerPool } from './cluster.js';
import { type AppConfig, DEMO_INTEGRATION_API_KEY, loadConfig } from './config/env.js';
import { RedisUnavailableError } from './plugins/broker-cluster.js';
import { DatabaseOpenError, describeDatabase, migrateToLatest, openDatabase, waitForDatabase } from './db/database.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { seedDemoIfEmpty } from './modules/demo/index.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`配置有误，服务未启动 / Invalid configuration, the server did not start:\n${(err as Error).message}\n`);
  process.exit(1);
}

if (config.apiWorkers > 1) await runWorkers(config);
else await runSingle(config);

/** API_WORKERS=1: everything in this process. */
async function runSingle(config: AppConfig) {
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (err) {
    return refuseStart(config, err);
  }

  if (config.demoMode) {
    const seeded = await seedDemoIfEmpty(app.db, config.oss);
    if (seeded) app.log.info('demo data seeded');
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    if (signal === 'SIGTERM' && config.shutdownDelayMs > 0) {
      // Behind a load balancer: say not-ready first and keep serving until its health checks
      // have taken this instance out, so that no new request meets a closed listener.
      app.readiness.beginDrain();
      app.log.info(`${signal} received: not ready, closing in ${config.shutdownDelayMs} ms (SHUTDOWN_DELAY_MS)`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    app.log.info(`${signal} received: finishing in-flight requests and closing`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  printBanner(config, address && typeof address === 'object' ? address.port : config.port);
}

/**
 * API_WORKERS > 1: this process is the cluster primary (cluster.ts). It prepares the database once
 * (migrations, demo data), then forks the workers, which serve on the shared port, and prints the
 * banner when all of them listen.
 */
async function runWorkers(config: AppConfig) {
  const log = primaryLog(config.logLevel);

  let opened: ReturnType<typeof openDatabase> | undefined;
  try {
    opened = openDatabase({ url: config.databaseUrl, timeouts: config.databaseTimeouts, onConnectionError: (err) => log.warn(`database connection failed: ${err.message}`) });
    await waitForDatabase(opened.db, config.databaseTimeouts.startMs, ({ attempt, retryInMs, error }) =>
      log.warn(`waiting for the database ${describeDatabase(config.databaseUrl)} (${error}); attempt ${attempt}, next in ${retryInMs} ms, giving up after DATABASE_START_TIMEOUT_MS=${config.databaseTimeouts.startMs} ms`),
    );
  } catch (err) {
    await opened?.close().catch(() => undefined);
    return refuseStart(config, err);
  }
  try {
    const applied = await migrateToLatest(opened.db);
    if (applied.length) log.info(`database migrated: ${applied.join(', ')}`);
    if (config.demoMode && (await seedDemoIfEmpty(opened.db, config.oss))) log.info('demo data seeded');
  } finally {
    await opened.close();
  }

  // The local object store signs uploads with a secret that is random per start unless set: the
  // workers must share one, or an upload signed by one worker is refused by another.
  const env: Record<string, string> = config.oss.mode === 'local' ? { LOCAL_OSS_SECRET: config.oss.accessKeySecret } : {};
  const pool = new WorkerPool({
    count: config.apiWorkers,
    host: config.host,
    port: config.port,
    env,
    log,
    onGiveUp: () => {
      process.stderr.write('工作进程反复异常退出，服务已停止 / Workers keep dying: the server stopped\n');
      process.exit(1);
    },
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: closing the workers`);
    const clean = await pool.close();
    process.exit(clean ? 0 : 1);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let port: number;
  try {
    port = await pool.start();
  } catch (err) {
    if (closing) return; // a signal came first: shutdown() exits
    process.stderr.write(`工作进程无法启动，服务已停止 / The workers could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  log.info(`${config.apiWorkers} workers listening on port ${port}`);
  printBanner(config, port, config.apiWorkers);
}

/**
 * The database could not be opened or reached at start: a configuration error or an outage, said
 * in both languages with what to check, instead of a stack trace; exits 1.
 */
function refuseStart(config: AppConfig, err: unknown): never {
  if (err instanceof DatabaseOpenError) {
    process.stderr.write(`${err.message}\n服务未启动 / The server did not start.\n`);
  } else if (err instanceof RedisUnavailableError) {
    process.stderr.write(`${err.message}\n`);
  } else if (isDatabaseUnavailable(err)) {
    const seconds = config.databaseTimeouts.startMs / 1000;
    process.stderr.write(
      `数据库 ${describeDatabase(config.databaseUrl)} 在 ${seconds} 秒内无法连接，服务未启动 / The database ${describeDatabase(config.databaseUrl)} could not be reached within ${seconds} s (DATABASE_START_TIMEOUT_MS), the server did not start:\n  ${(err as Error).message || String(err)}\n`,
    );
  } else {
    throw err;
  }
  process.exit(1);
}

function printBanner(config: AppConfig, port: number, workers = 1) {
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const address = `http://${shown}:${port}`;
  const logins = config.demoMode
    ? [
        '演示模式：演示账号密码公开，验证码任何人都可读取，切勿对外开放（生产部署请设置 NODE_ENV=production）',
        'Demo mode: demo logins with a known password, SMS codes readable by anyone; never expose it (production: NODE_ENV=production)',
        '演示账号（密码均为 Demo@2026）:',
        '  13800000000  团队负责人',
        '  13800000001  设计师',
        '  13800000002  兼职设计师（类型2）',
        '  13800000003  兼职设计师（类型3）',
        '  13800000004  新设计师（引导进行中）',
        ...(config.integrationApiKeys.includes(DEMO_INTEGRATION_API_KEY)
          ? [`演示对接密钥（上游订单系统 x-api-key）：${DEMO_INTEGRATION_API_KEY} / Demo integration key (x-api-key)`]
          : []),
        ...(config.simulatorRatePerMin > 0
          ? [`演示订单模拟器：每分钟 ${config.simulatorRatePerMin} 个新订单（SIMULATOR_RATE_PER_MIN=0 关闭） / Demo order simulator: ${config.simulatorRatePerMin} orders/min`]
          : []),
      ].join('\n')
    : '';
  const processes = workers > 1 ? `  ${workers} 个工作进程 / ${workers} worker processes\n` : '';
  process.stdout.write(
    `\n设计师工作台已启动 / Designer work platform is running\n  ${address}\n  API docs: ${address}/api/docs\n${processes}${logins}\n\n`,
  );
}

/** The primary's log lines, in the shape of the workers' (pino JSON: level, time, pid, msg). */
function primaryLog(level: string) {
  const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
  const min = levels[level] ?? 30;
  const line = (n: number) => (msg: string) => {
    if (n >= min) process.stdout.write(`${JSON.stringify({ level: n, time: Date.now(), pid: process.pid, role: 'primary', msg })}\n`);
  };
  return { info: line(30), warn: line(40), error: line(50) };
}
