import zlib from 'node:zlib';

/**
 * index.html as the server sends it (issue #19): the SPA's runtime configuration written into the
 * page itself, in the JSON block the build leaves for it, instead of a render-blocking
 * `<script src="/app-config.js">` request before anything can paint. The page is prepared once per
 * process (the configuration does not change while it runs), compressed once at the highest levels.
 */

/** What the SPA reads at start (src/shared/config/env.ts). */
export interface RuntimeConfig {
  apiBase: string;
  mqttUrl: string | null;
}

/** The block index.html carries for the configuration; the build keeps it as it is. */
export const CONFIG_BLOCK = '<script id="app-config" type="application/json">{}</script>';

/**
 * The page with `runtime` in its configuration block. JSON in HTML: `<` is escaped so that no value
 * can close the script element. Null when the page has no such block (an older build).
 */
export function inlineRuntimeConfig(html: string, runtime: RuntimeConfig): string | null {
  if (!html.includes(CONFIG_BLOCK)) return null;
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return html.replace(CONFIG_BLOCK, () => CONFIG_BLOCK.replace('{}', json));
}

export interface PreparedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function preparePage(html: string): PreparedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none.
 * An encoding the client refuses by `;q=0` (or refuses with `*;q=0` without naming it) is never chosen.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}
