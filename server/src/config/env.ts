import path from 'node:path';
import { z } from 'zod';

/**
 * The one place the server reads process.env. Everything else receives a typed AppConfig.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  MQTT_URL: z.string().optional(),
  MQTT_PUBLIC_URL: z.string().optional(),
  SEED_DEMO: boolish.default(true),
  SMS_SENDER: z.enum(['log']).default('log'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24 * 7),
  TRUST_PROXY: boolish.default(false),
  RATE_LIMIT_LOGIN_PER_PHONE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_CODE_PER_IP: z.coerce.number().int().positive().optional(),
  WEB_DIST: z.string().optional(),
});

export interface AppConfig {
  env: string;
  host: string;
  port: number;
  dataDir: string;
  /** `sqlite:<file>` / `sqlite::memory:` or a postgres:// URL */
  databaseUrl: string;
  mqttUrl?: string;
  mqttPublicUrl?: string;
  seedDemo: boolean;
  smsSender: 'log';
  logLevel: string;
  tokenTtlHours: number;
  trustProxy: boolean;
  webDist: string;
  /** Rate limits; tests may tighten or loosen them. */
  rateLimits: RateLimitConfig;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'app.db')}`,
    mqttUrl: e.MQTT_URL,
    mqttPublicUrl: e.MQTT_PUBLIC_URL,
    seedDemo: e.SEED_DEMO,
    smsSender: e.SMS_SENDER,
    logLevel: e.LOG_LEVEL,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(root, e.WEB_DIST ?? 'dist'),
    rateLimits: {
      ...defaultRateLimits,
      loginPerPhone: { ...defaultRateLimits.loginPerPhone, limit: e.RATE_LIMIT_LOGIN_PER_PHONE ?? defaultRateLimits.loginPerPhone.limit },
      loginPerIp: { ...defaultRateLimits.loginPerIp, limit: e.RATE_LIMIT_LOGIN_PER_IP ?? defaultRateLimits.loginPerIp.limit },
      codePerIp: { ...defaultRateLimits.codePerIp, limit: e.RATE_LIMIT_CODE_PER_IP ?? defaultRateLimits.codePerIp.limit },
    },
  };
}
