import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place the server reads process.env. Everything else receives a typed AppConfig.
 * It stays whole (over 400 lines) on purpose: every variable, its check, its default and the
 * production refusals in one file is what makes "which settings exist" a one-file question.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) URL' });

/** What a verification code is for; each has its own SMS template with a provider. */
export const SMS_SCENES = ['register', 'login', 'reset_password', 'change_phone', 'bank_info', 'exam_candidate'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];
export const SMS_DRIVERS = ['log', 'aliyun', 'webhook'] as const;

/** API_WORKERS: a number of processes, or `auto` (one per CPU the process may use). */
export const MAX_API_WORKERS = 64;
const workerCount = z
  .string()
  .trim()
  .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_API_WORKERS), `an integer from 1 to ${MAX_API_WORKERS}, or auto`);

const envSchema = z.object({
  // `production` refuses demo mode and the log SMS sender (productionChecks below).
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  // PostgreSQL connections of this instance, shared out among its API workers.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // Faults (docs/deploy.md): how long start waits for an unreachable database; how long a statement
  // may run, wait for a lock, or wait for a pooled connection before the call answers 503.
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  // External broker: messages waiting for its acknowledgement at most; beyond, the outbox relay re-publishes.
  MQTT_MAX_PENDING: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  MQTT_URL: z.string().optional(),
  MQTT_PUBLIC_URL: z.string().optional(),
  // Several instances, each with its embedded broker, sharing messages and sessions through Redis.
  MQTT_CLUSTER_REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  // The secret an external broker sends to /api/mqtt/* (header x-broker-secret); unset, those calls are refused.
  MQTT_HOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  // On SIGTERM: how long /api/system/ready answers 503 before the listener closes (load balancer drain).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  // Processes serving the API on this machine (server/src/cluster.ts); set by the primary: a worker's index.
  API_WORKERS: workerCount.optional(),
  API_WORKER_INDEX: z.coerce.number().int().min(0).max(MAX_API_WORKERS - 1).optional(),
  // Demo mode: demo data, demo logins and the /api/demo/* calls. Default on, except in production.
  DEMO_MODE: boolish.optional(),
  SEED_DEMO: z.string().optional(),
  // SMS delivery (modules/auth/sms): `log` outside production, else a real provider.
  SMS_SENDER: z.enum(SMS_DRIVERS).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  SMS_ALIYUN_SIGN_NAME: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_REGISTER: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_LOGIN: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_CHANGE_PHONE: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_BANK_INFO: z.string().trim().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_EXAM_CANDIDATE: z.string().trim().min(1).optional(),
  SMS_ALIYUN_ENDPOINT: httpUrl.default('https://dysmsapi.aliyuncs.com'),
  SMS_ALIYUN_REGION: z.string().trim().min(1).default('cn-hangzhou'),
  SMS_WEBHOOK_URL: httpUrl.optional(),
  SMS_WEBHOOK_SECRET: z.string().min(32, { error: 'at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  BROKER_RECHECK_SECONDS: z.coerce.number().positive().default(15),
  TRUST_PROXY: boolish.default(false),
  RATE_LIMIT_LOGIN_PER_PHONE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_CODE_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_ACCOUNT_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_PUBLIC_PER_IP: z.coerce.number().int().positive().optional(),
  WEB_DIST: z.string().optional(),
  // Tickets: the upstream order system's API key(s) and the demo order simulator.
  INTEGRATION_API_KEY: z.string().optional(),
  SIMULATOR_RATE_PER_MIN: z.coerce.number().min(0).max(6000).optional(),
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
  /** NODE_ENV=production: demo mode and the log SMS sender are refused at start-up. */
  production: boolean;
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
  /** How the server meets a database that is away or slow (docs/deploy.md, *Faults*). */
  databaseTimeouts: DatabaseTimeouts;
  mqttUrl?: string;
  /** External broker: unacknowledged publishes held in memory at most (MQTT_MAX_PENDING). */
  mqttMaxPending: number;
  mqttPublicUrl?: string;
  /**
   * MQTT_CLUSTER_REDIS_URL: each instance keeps its embedded broker at `/mqtt`, and the brokers share
   * messages (mqemitter-redis) and sessions (aedes-persistence-redis) through this Redis.
   */
  mqttClusterRedisUrl?: string;
  /** MQTT_HOOK_SECRET: what an external broker's HTTP hooks must send; unset, the hooks refuse all. */
  mqttHookSecret?: string;
  /** SHUTDOWN_DELAY_MS: on SIGTERM, not-ready for this long before the listener closes. */
  shutdownDelayMs: number;
  /**
   * API processes on this machine (API_WORKERS, `auto` resolved): 1 serves from this process; more
   * run a cluster primary and that many workers (server/src/cluster.ts), which needs `mqttUrl`.
   */
  apiWorkers: number;
  /** In a worker process of the cluster: its index (0 runs the once-per-deployment jobs). */
  workerIndex?: number;
  /**
   * Demo mode (DEMO_MODE): demo data in an empty database, the demo logins and the `/api/demo/*`
   * calls (the log sender's SMS inbox among them). Never in production.
   */
  demoMode: boolean;
  sms: SmsConfig;
  logLevel: string;
  /** A request answered after this many milliseconds is logged at warn (the others at debug). */
  slowRequestMs: number;
  tokenTtlHours: number;
  /**
   * How often the embedded broker re-checks the sessions of its open connections and closes those
   * that ended (expired, revoked elsewhere, account disabled).
   */
  brokerRecheckMs: number;
  trustProxy: boolean;
  webDist: string;
  /** Rate limits; tests may tighten or loosen them. */
  rateLimits: RateLimitConfig;
  /**
   * Keys the upstream order system sends in `x-api-key` (INTEGRATION_API_KEY, comma-separated to
   * rotate). None: the integration API answers 401 to everyone, except that a demo deployment
   * accepts DEMO_INTEGRATION_API_KEY.
   */
  integrationApiKeys: string[];
  /**
   * Demo order simulator: new orders per minute through the ingestion service (0 = off). Unset, a
   * demo start runs it at DEMO_SIMULATOR_RATE_PER_MIN so the screens move; otherwise off.
   */
  simulatorRatePerMin: number;
  /** Days after its event (deduction, fee, rejection, audit…) an appeal may be filed (APPEAL_WINDOW_DAYS). */
  appealWindowDays: number;
  /** Settlement period (SETTLEMENT_PERIOD): `week` Monday–Sunday or calendar `month`, Asia/Shanghai days. */
  settlementPeriod: 'week' | 'month';
  oss: OssConfig;
}

export interface DatabaseTimeouts {
  /** DATABASE_START_TIMEOUT_MS: start retries an unreachable database this long, with backoff (0: once). */
  startMs: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer. */
  statementMs: number;
  /** DATABASE_LOCK_TIMEOUT_MS: a statement waits this long for a lock (PostgreSQL lock_timeout, SQLite busy_timeout). */
  lockMs: number;
  /** DATABASE_ACQUIRE_TIMEOUT_MS: PostgreSQL: a call waits this long for a pooled connection. */
  acquireMs: number;
}

/**
 * Where uploads go. `aliyun`: the browser posts to a real bucket (`host`), signed with the env
 * credentials. `local`: the embedded store (modules/files/object-store.routes.ts) at `<request origin>/oss`,
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

/**
 * How verification codes reach a phone (SMS_SENDER). `log`: the server log and the sms_outbox
 * table, readable through the demo inbox in demo mode; never in production. `aliyun`: Aliyun SMS
 * (Dysmsapi SendSms), one template per scene with a `code` variable. `webhook`: a signed JSON POST
 * to the operator's own endpoint, for any other provider.
 */
export type SmsConfig =
  | { driver: 'log' }
  | {
      driver: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templates: Record<SmsScene, string>;
      endpoint: string;
      region: string;
      timeoutMs: number;
    }
  | { driver: 'webhook'; url: string; secret: string; timeoutMs: number };

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitConfig {
  loginPerPhone: RateLimitRule;
  loginPerIp: RateLimitRule;
  codePerPhone: RateLimitRule;
  codePerIp: RateLimitRule;
  /** Wrong SMS codes per phone, across every code and scene (register, login, reset, phone, bank). */
  wrongCodesPerPhone: RateLimitRule;
  /** `PUT /user/password` attempts per account: the same rule as login per phone. */
  passwordChangePerAccount: RateLimitRule;
  /** Register and reset-password calls per IP (each phone's codes are capped by `wrongCodesPerPhone`). */
  accountPerIp: RateLimitRule;
  /** Every other call that needs no token (invite links, the daily panel, the object store, config), per IP. */
  publicPerIp: RateLimitRule;
  /** The external broker's auth hook, per MQTT client's designer (every call comes from the broker's address). */
  brokerHookPerClient: RateLimitRule;
}

/**
 * The upstream system's key a demo deployment accepts when INTEGRATION_API_KEY is unset: as public
 * as the demo logins (printed in the start banner), so an order can be sent into a demo with curl
 * and the e2e suites can run against any demo deployment. Never in production (no demo mode there).
 */
export const DEMO_INTEGRATION_API_KEY = 'demo-integration-key';

function integrationKeys(value: string | undefined, demoMode: boolean): string[] {
  const keys = (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return keys.length === 0 && demoMode ? [DEMO_INTEGRATION_API_KEY] : keys;
}

/** The demo simulator's rate when SIMULATOR_RATE_PER_MIN is unset: a few orders a minute. */
export const DEMO_SIMULATOR_RATE_PER_MIN = 3;

export const defaultRateLimits: RateLimitConfig = {
  loginPerPhone: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  codePerPhone: { limit: 1, windowSeconds: 60 },
  codePerIp: { limit: 30, windowSeconds: 60 * 60 },
  wrongCodesPerPhone: { limit: 10, windowSeconds: 60 * 60 },
  passwordChangePerAccount: { limit: 10, windowSeconds: 15 * 60 },
  accountPerIp: { limit: 30, windowSeconds: 60 * 60 },
  publicPerIp: { limit: 600, windowSeconds: 60 },
  brokerHookPerClient: { limit: 120, windowSeconds: 60 },
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoMode = e.DEMO_MODE ?? !production;
  const sms = smsConfig(e, production);
  const refused = productionChecks(e, production, demoMode, sms);
  if (refused.length) throw new Error(['Invalid environment:', ...refused].join('\n'));
  const dataDir = path.resolve(root, e.DATA_DIR);
  const apiWorkers = resolveWorkerCount(e.API_WORKERS);
  if (e.MQTT_URL && e.MQTT_CLUSTER_REDIS_URL) {
    throw new Error(
      [
        'Invalid environment:',
        '  MQTT_URL and MQTT_CLUSTER_REDIS_URL: set one. MQTT_URL sends messages through an external broker; MQTT_CLUSTER_REDIS_URL keeps the embedded broker and shares it through Redis.',
        '  MQTT_URL 与 MQTT_CLUSTER_REDIS_URL 只能设置一个：前者使用外部 MQTT 服务，后者使用内置消息服务并通过 Redis 在多个实例间共享。',
      ].join('\n'),
    );
  }
  if (apiWorkers > 1 && !e.MQTT_URL && !e.MQTT_CLUSTER_REDIS_URL) {
    throw new Error(
      [
        'Invalid environment:',
        `  API_WORKERS: ${apiWorkers} worker processes need an external MQTT broker (MQTT_URL) or the Redis-shared embedded one (MQTT_CLUSTER_REDIS_URL): an embedded broker alone lives in one process, so a browser connected to one worker would miss the messages another worker publishes.`,
        `  API_WORKERS：${apiWorkers} 个工作进程需要外部 MQTT 服务（MQTT_URL）或通过 Redis 共享的内置消息服务（MQTT_CLUSTER_REDIS_URL）：单独的内置消息服务只在一个进程里，连到某个工作进程的浏览器会收不到其他工作进程发布的消息。`,
      ].join('\n'),
    );
  }
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'app.db')}`,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      startMs: e.DATABASE_START_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    mqttUrl: e.MQTT_URL,
    mqttMaxPending: e.MQTT_MAX_PENDING,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    mqttClusterRedisUrl: e.MQTT_CLUSTER_REDIS_URL,
    mqttHookSecret: e.MQTT_HOOK_SECRET,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    apiWorkers,
    workerIndex: e.API_WORKER_INDEX,
    demoMode,
    sms,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.LOG_SLOW_REQUEST_MS,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    brokerRecheckMs: e.BROKER_RECHECK_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(root, e.WEB_DIST ?? 'dist'),
    integrationApiKeys: integrationKeys(e.INTEGRATION_API_KEY, demoMode),
    simulatorRatePerMin: e.SIMULATOR_RATE_PER_MIN ?? (demoMode ? DEMO_SIMULATOR_RATE_PER_MIN : 0),
    appealWindowDays: e.APPEAL_WINDOW_DAYS,
    settlementPeriod: e.SETTLEMENT_PERIOD,
    rateLimits: {
      ...defaultRateLimits,
      loginPerPhone: { ...defaultRateLimits.loginPerPhone, limit: e.RATE_LIMIT_LOGIN_PER_PHONE ?? defaultRateLimits.loginPerPhone.limit },
      loginPerIp: { ...defaultRateLimits.loginPerIp, limit: e.RATE_LIMIT_LOGIN_PER_IP ?? defaultRateLimits.loginPerIp.limit },
      codePerIp: { ...defaultRateLimits.codePerIp, limit: e.RATE_LIMIT_CODE_PER_IP ?? defaultRateLimits.codePerIp.limit },
      accountPerIp: { ...defaultRateLimits.accountPerIp, limit: e.RATE_LIMIT_ACCOUNT_PER_IP ?? defaultRateLimits.accountPerIp.limit },
      publicPerIp: { ...defaultRateLimits.publicPerIp, limit: e.RATE_LIMIT_PUBLIC_PER_IP ?? defaultRateLimits.publicPerIp.limit },
    },
    oss: ossConfig(e, dataDir),
  };
}

type Env = z.infer<typeof envSchema>;

/** Each line bilingual and naming the variable to set: a start-up refusal is read by an operator. */
function productionChecks(e: Env, production: boolean, demoMode: boolean, sms: SmsConfig): string[] {
  const refused: string[] = [];
  if (e.SEED_DEMO !== undefined) {
    refused.push(
      '  SEED_DEMO: replaced by DEMO_MODE (demo data, demo logins and the /api/demo/* calls); set DEMO_MODE instead and remove SEED_DEMO.',
      '  SEED_DEMO：已由 DEMO_MODE 取代（演示数据、演示账号和 /api/demo/* 接口），请改设 DEMO_MODE 并删除 SEED_DEMO。',
    );
  }
  if (production && demoMode) {
    refused.push(
      '  DEMO_MODE: demo mode is refused in production (NODE_ENV=production): it seeds logins with a known password and serves /api/demo/*. Set DEMO_MODE=false.',
      '  DEMO_MODE：生产环境（NODE_ENV=production）不允许演示模式：它会创建密码公开的演示账号并开放 /api/demo/* 接口。请设置 DEMO_MODE=false。',
    );
  }
  if (production && sms.driver === 'log') {
    refused.push(
      e.SMS_SENDER === 'log'
        ? '  SMS_SENDER: `log` is refused in production (NODE_ENV=production): codes would never reach a phone. Set SMS_SENDER=aliyun or SMS_SENDER=webhook.'
        : '  SMS_SENDER: required in production (NODE_ENV=production). Set SMS_SENDER=aliyun or SMS_SENDER=webhook (see docs/deploy.md).',
      e.SMS_SENDER === 'log'
        ? '  SMS_SENDER：生产环境（NODE_ENV=production）不允许 `log`：验证码不会发到手机上。请设置 SMS_SENDER=aliyun 或 SMS_SENDER=webhook。'
        : '  SMS_SENDER：生产环境（NODE_ENV=production）必须设置。请设置 SMS_SENDER=aliyun 或 SMS_SENDER=webhook（见 docs/deploy.md）。',
    );
  }
  return refused;
}

const TEMPLATE_VARIABLES: Record<SmsScene, keyof Env> = {
  register: 'SMS_ALIYUN_TEMPLATE_REGISTER',
  login: 'SMS_ALIYUN_TEMPLATE_LOGIN',
  reset_password: 'SMS_ALIYUN_TEMPLATE_RESET_PASSWORD',
  change_phone: 'SMS_ALIYUN_TEMPLATE_CHANGE_PHONE',
  bank_info: 'SMS_ALIYUN_TEMPLATE_BANK_INFO',
  exam_candidate: 'SMS_ALIYUN_TEMPLATE_EXAM_CANDIDATE',
};

function smsConfig(e: Env, production: boolean): SmsConfig {
  const driver = e.SMS_SENDER ?? 'log';
  if (driver === 'aliyun') {
    const missing = (['SMS_ALIYUN_ACCESS_KEY_ID', 'SMS_ALIYUN_ACCESS_KEY_SECRET', 'SMS_ALIYUN_SIGN_NAME'] as const).filter((k) => !e[k]);
    const templates = Object.fromEntries(SMS_SCENES.map((scene) => [scene, (e[TEMPLATE_VARIABLES[scene]] as string | undefined) ?? e.SMS_ALIYUN_TEMPLATE_CODE])) as Record<SmsScene, string | undefined>;
    const noTemplate = SMS_SCENES.filter((scene) => !templates[scene]).map((scene) => TEMPLATE_VARIABLES[scene]);
    const lines = [
      ...(missing.length ? [`  ${missing.join(', ')}: required with SMS_SENDER=aliyun / 使用阿里云短信时必须设置`] : []),
      ...(noTemplate.length
        ? [`  ${noTemplate.join(', ')}: a template code per scene, or SMS_ALIYUN_TEMPLATE_CODE for all of them / 每种用途需要一个短信模板编号，或用 SMS_ALIYUN_TEMPLATE_CODE 统一设置`]
        : []),
    ];
    if (lines.length) throw new Error(['Invalid environment:', ...lines].join('\n'));
    return {
      driver,
      accessKeyId: e.SMS_ALIYUN_ACCESS_KEY_ID!,
      accessKeySecret: e.SMS_ALIYUN_ACCESS_KEY_SECRET!,
      signName: e.SMS_ALIYUN_SIGN_NAME!,
      templates: templates as Record<SmsScene, string>,
      endpoint: e.SMS_ALIYUN_ENDPOINT.replace(/\/+$/, ''),
      region: e.SMS_ALIYUN_REGION,
      timeoutMs: e.SMS_TIMEOUT_MS,
    };
  }
  if (driver === 'webhook') {
    const missing = (['SMS_WEBHOOK_URL', 'SMS_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length) throw new Error(`Invalid environment:\n  ${missing.join(', ')}: required with SMS_SENDER=webhook / 使用 webhook 发送短信时必须设置`);
    if (production && new URL(e.SMS_WEBHOOK_URL!).protocol !== 'https:' && !isLoopback(e.SMS_WEBHOOK_URL!)) {
      throw new Error(
        'Invalid environment:\n  SMS_WEBHOOK_URL: must be https in production (codes travel in it), or a loopback address / 生产环境必须使用 https（验证码在请求中传输），或本机地址',
      );
    }
    return { driver, url: e.SMS_WEBHOOK_URL!, secret: e.SMS_WEBHOOK_SECRET!, timeoutMs: e.SMS_TIMEOUT_MS };
  }
  return { driver: 'log' };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

function resolveWorkerCount(value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'auto') return Math.min(MAX_API_WORKERS, os.availableParallelism());
  return Number(value);
}

function ossConfig(e: Env, dataDir: string): OssConfig {
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
