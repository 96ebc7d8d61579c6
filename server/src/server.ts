import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { seedDemoIfEmpty } from './db/seed.js';

const config = loadConfig();
const app = await buildApp({ config });

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(app.db);
  if (seeded) app.log.info('demo data seeded');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
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
const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
const address = `http://${shown}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`;
const logins = config.seedDemo
  ? [
      '演示账号（密码均为 Demo@2026）:',
      '  13800000000  团队负责人',
      '  13800000001  设计师',
      '  13800000002  兼职设计师（类型2）',
      '  13800000003  兼职设计师（类型3）',
      '  13800000004  新设计师（引导进行中）',
    ].join('\n')
  : '';
process.stdout.write(
  `\n设计师工作台已启动 / Designer work platform is running\n  ${address}\n  API docs: ${address}/api/docs\n${logins}\n\n`,
);
