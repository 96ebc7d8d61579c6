import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place the server reads process.env. Everything else receives a typed AppConfig.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** API_WORKERS: a number of processes, or `auto` (one per CPU the process may use). */
export const MAX_API_WORKERS = 64;
const workerCount = z
  .string()
  .trim()
  .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_API_WORKERS), `an integer from 1 to ${MAX_API_WORKERS}, or auto`);

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  // PostgreSQL connections of this instance, shared out among its API workers.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  MQTT_URL: z.string().optional(),
  MQTT_PUBLIC_URL: z.string().optional(),
  // Processes serving the API on this machine (server/src/cluster.ts); set by the primary: a worker's index.
  API_WORKERS: workerCount.optional(),
  API_WORKER_INDEX: z.coerce.number().int().min(0).max(MAX_API_WORKERS - 1).optional(),
  SEED_DEMO: boolish.default(true),
  SMS_SENDER: z.enum(['log']).default('log'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  TRUST_PROXY: boolish.default(false),
  RATE_LIMIT_LOGIN_PER_PHONE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_CODE_PER_IP: z.coerce.number().int().positive().optional(),
  WEB_DIST: z.string().optional(),
  // Tickets: the upstream order system's API key(s) and the demo order simulator.
  INTEGRATION_API_KEY: z.string().optional(),
  SIMULATOR_RATE_PER_MIN: z.coerce.number().min(0).max(6000).default(0),
  // Appeals and settlements: how long after its event something may be appealed; the fee period.
  APPEAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  SETTLEMENT_PERIOD: z.enum(['week', 'month']).default('week'),
  // Object storage (product.md §8): a real Aliyun OSS bucket when the access key is set, else the local store.
  OSS_ACCESS_KEY_ID: z.string().optional(),
  OSS_ACCESS_KEY_SECRET: z.string().optional(),
  OSS_BUCKET: z.string().optional(),
  OSS_REGION: z.string().optional(),
  OSS_HOST: z.url().optional(),
  OSS_PUBLIC_URL: z.url().optional(),
  OSS_MAX_UPLOAD_MB: z.coerce.number().int().positive().max(5 * 1024).default(200),
  LOCAL_OSS_SECRET: z.string().min(16).optional(),
});

export interface AppConfig {
  env: string;
  host: string;
  port: number;
  dataDir: string;
  /** `sqlite:<file>` / `sqlite::memory:` or a postgres:// URL */
  databaseUrl: string;
  /**
   * PostgreSQL: pooled connections of this instance (DATABASE_POOL_SIZE). With API workers each
   * worker opens its share (`poolSizeOf`), so the database sees the same number either way.
   */
  databasePoolSize: number;
  mqttUrl?: string;
  mqttPublicUrl?: string;
  /**
   * API processes on this machine (API_WORKERS, `auto` resolved): 1 serves from this process; more
   * run a cluster primary and that many workers (server/src/cluster.ts), which needs `mqttUrl`.
   */
  apiWorkers: number;
  /** In a worker process of the cluster: its index (0 runs the once-per-deployment jobs). */
  workerIndex?: number;
  seedDemo: boolean;
  smsSender: 'log';
  logLevel: string;
  tokenTtlHours: number;
  trustProxy: boolean;
  webDist: string;
  /** Rate limits; tests may tighten or loosen them. */
  rateLimits: RateLimitConfig;
  /**
   * Keys the upstream order system sends in `x-api-key` (INTEGRATION_API_KEY, comma-separated to
   * rotate). None: the integration API answers 401 to everyone.
   */
  integrationApiKeys: string[];
  /** Demo order simulator: new orders per minute through the ingestion service (0 = off). */
  simulatorRatePerMin: number;
  /** Days after its event (deduction, fee, rejection, audit…) an appeal may be filed (APPEAL_WINDOW_DAYS). */
  appealWindowDays: number;
  /** Settlement period (SETTLEMENT_PERIOD): `week` Monday–Sunday or calendar `month`, Asia/Shanghai days. */
  settlementPeriod: 'week' | 'month';
  oss: OssConfig;
}

/**
 * Where uploads go. `aliyun`: the browser posts to a real bucket (`host`), signed with the env
 * credentials. `local`: the embedded store (plugins/object-store.ts) at `<request origin>/oss`,
 * files under `<DATA_DIR>/oss`, signed with LOCAL_OSS_SECRET or a random secret per start.
 */
export interface OssConfig {
  mode: 'aliyun' | 'local';
  accessKeyId: string;
  accessKeySecret: string;
  bucket: string;
  region: string;
  /** Upload endpoint of the bucket (aliyun only; the local store derives it from the request). */
  host?: string;
  /** Base URL objects are read from, when not `host` (a CDN, a custom domain). */
  publicUrl?: string;
  maxUploadBytes: number;
  /** Local store: directory holding the objects. */
  root: string;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  loginPerPhone: RateLimitRule;
  loginPerIp: RateLimitRule;
  codePerPhone: RateLimitRule;
  codePerIp: RateLimitRule;
}

export const defaultRateLimits: RateLimitConfig = {
  loginPerPhone: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  codePerPhone: { limit: 1, windowSeconds: 60 },
  codePerIp: { limit: 30, windowSeconds: 60 * 60 },
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(root, e.DATA_DIR);
  const apiWorkers = resolveWorkerCount(e.API_WORKERS);
  if (apiWorkers > 1 && !e.MQTT_URL) {
    throw new Error(
      [
        'Invalid environment:',
        `  API_WORKERS: ${apiWorkers} worker processes need an external MQTT broker (set MQTT_URL): the embedded broker lives in one process, so a browser connected to one worker would miss the messages another worker publishes.`,
        `  API_WORKERS：${apiWorkers} 个工作进程需要外部 MQTT 服务（请设置 MQTT_URL）：内置消息服务只在一个进程里，连到某个工作进程的浏览器会收不到其他工作进程发布的消息。`,
      ].join('\n'),
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'app.db')}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mqttUrl: e.MQTT_URL,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    apiWorkers,
    workerIndex: e.API_WORKER_INDEX,
    seedDemo: e.SEED_DEMO,
    smsSender: e.SMS_SENDER,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(root, e.WEB_DIST ?? 'dist'),
    integrationApiKeys: (e.INTEGRATION_API_KEY ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    simulatorRatePerMin: e.SIMULATOR_RATE_PER_MIN,
    appealWindowDays: e.APPEAL_WINDOW_DAYS,
    settlementPeriod: e.SETTLEMENT_PERIOD,
    rateLimits: {
      ...defaultRateLimits,
      loginPerPhone: { ...defaultRateLimits.loginPerPhone, limit: e.RATE_LIMIT_LOGIN_PER_PHONE ?? defaultRateLimits.loginPerPhone.limit },
      loginPerIp: { ...defaultRateLimits.loginPerIp, limit: e.RATE_LIMIT_LOGIN_PER_IP ?? defaultRateLimits.loginPerIp.limit },
      codePerIp: { ...defaultRateLimits.codePerIp, limit: e.RATE_LIMIT_CODE_PER_IP ?? defaultRateLimits.codePerIp.limit },
    },
    oss: ossConfig(e, dataDir),
  };
}

function resolveWorkerCount(value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'auto') return Math.min(MAX_API_WORKERS, os.availableParallelism());
  return Number(value);
}

function ossConfig(e: z.infer<typeof envSchema>, dataDir: string): OssConfig {
  const common = {
    publicUrl: e.OSS_PUBLIC_URL?.replace(/\/+$/, ''),
    maxUploadBytes: e.OSS_MAX_UPLOAD_MB * 1024 * 1024,
    root: path.join(dataDir, 'oss'),
  };
  if (!e.OSS_ACCESS_KEY_ID && !e.OSS_ACCESS_KEY_SECRET) {
    const accessKeySecret = e.LOCAL_OSS_SECRET ?? randomBytes(32).toString('hex');
    return { mode: 'local', accessKeyId: 'LOCAL', accessKeySecret, bucket: 'local', region: 'local', ...common };
  }
  const missing = ['OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_BUCKET', 'OSS_REGION'].filter((k) => !e[k as keyof typeof e]);
  if (missing.length) throw new Error(`Invalid environment:\n  ${missing.join(', ')}: required with OSS_ACCESS_KEY_ID (a real OSS bucket)`);
  const region = e.OSS_REGION!.replace(/^oss-/, '');
  return {
    mode: 'aliyun',
    accessKeyId: e.OSS_ACCESS_KEY_ID!,
    accessKeySecret: e.OSS_ACCESS_KEY_SECRET!,
    bucket: e.OSS_BUCKET!,
    region,
    host: (e.OSS_HOST ?? `https://${e.OSS_BUCKET}.oss-${region}.aliyuncs.com`).replace(/\/+$/, ''),
    ...common,
  };
}

/** The pooled connections one process opens: its share of the instance's, at least 2. */
export function poolSizeOf(config: Pick<AppConfig, 'databasePoolSize' | 'apiWorkers'>): number {
  return Math.max(2, Math.ceil(config.databasePoolSize / config.apiWorkers));
}
