/**
 * The one place the SPA reads its environment. The server serves /app-config.js at run time, so
 * the same build can point at another API or broker; build-time VITE_* values are the fallback.
 */
interface RuntimeConfig {
  apiBase?: string;
  mqttUrl?: string | null;
}

declare global {
  interface Window {
    __APP_CONFIG__?: RuntimeConfig;
  }
}

const runtime: RuntimeConfig = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};

export const env = {
  apiBase: runtime.apiBase ?? import.meta.env.VITE_API_BASE ?? '/api',
  mqttUrl: runtime.mqttUrl ?? null,
  isDev: import.meta.env.DEV,
} as const;
