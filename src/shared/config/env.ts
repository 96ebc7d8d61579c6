/**
 * The one place the SPA reads its environment. The server writes the runtime configuration into
 * index.html (`<script id="app-config" type="application/json">`, server/src/lib/spa-page.ts), so
 * the same build can point at another API or broker without a request before the first paint;
 * build-time VITE_* values are the fallback (the dev server, a page without the block).
 */
interface RuntimeConfig {
  apiBase?: string;
  mqttUrl?: string | null;
}

function readRuntimeConfig(): RuntimeConfig {
  if (typeof document === 'undefined') return {};
  const text = document.getElementById('app-config')?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as RuntimeConfig) : {};
  } catch {
    return {};
  }
}

const runtime = readRuntimeConfig();

export const env = {
  apiBase: runtime.apiBase ?? import.meta.env.VITE_API_BASE ?? '/api',
  mqttUrl: runtime.mqttUrl ?? null,
  isDev: import.meta.env.DEV,
} as const;
