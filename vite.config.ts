import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { ONBOARDING_OPEN_PATHS, PUBLIC_PATHS } from './src/shared/config/routes';
import { TOKEN_KEY } from './src/shared/config/constants';

/** Module ids of the SPA's own files whose path below src/ matches `pattern`. */
const src = normalizePath(fileURLToPath(new URL('./src/', import.meta.url)));
const inSrc = (pattern: string) => new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${pattern}`);

/**
 * index.html's first-paint frame (issue #19) decides from the URL alone whether to show itself: the
 * paths that render outside the app's layout and the token's storage key come from the SPA's own
 * config, so the page and the router cannot disagree.
 */
function bootShell(): Plugin {
  return {
    name: 'boot-shell',
    transformIndexHtml(html) {
      const outside = JSON.stringify([...PUBLIC_PATHS, ...ONBOARDING_OPEN_PATHS]);
      if (!html.includes('/*BOOT_OUTSIDE_LAYOUT*/ []') || !html.includes("localStorage.getItem('token')")) {
        throw new Error('index.html: the boot shell script changed; update vite.config.ts bootShell()');
      }
      return html
        .replace('/*BOOT_OUTSIDE_LAYOUT*/ []', outside)
        .replace("localStorage.getItem('token')", `localStorage.getItem(${JSON.stringify(TOKEN_KEY)})`);
    },
  };
}

/**
 * Every text file of the build, compressed once at build time at the highest levels (brotli 11,
 * gzip 9) next to itself (`x.js.br`, `x.js.gz`): the server sends those as they are (@fastify/static
 * `preCompressed`) instead of compressing each download again at a fast level (issue #19).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The modules only ever imported lazily (`import()`, never a static import), with the modules that
 * import them: a chunk group that captures by path must leave out its own lazy parts, or a dialog
 * the home loads on demand would travel with the home. Filled when the module graph is complete
 * (buildEnd), read when the chunks are made.
 */
function lazyModules(): Plugin & { importersOf(id: string): readonly string[] | undefined } {
  const lazy = new Map<string, readonly string[]>();
  return {
    name: 'lazy-modules',
    apply: 'build',
    buildStart() {
      lazy.clear(); // a watching build starts over from its new graph
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info && info.dynamicImporters.length > 0 && info.importers.length === 0) lazy.set(id, info.dynamicImporters);
      }
    },
    importersOf: (id) => lazy.get(id),
  };
}

const lazy = lazyModules();
const signedInFrame = inSrc('(widgets/app-layout|pages/home)/');
/** In the signed-in chunk: the layout's and the home's modules, but not what they load lazily themselves. */
function inSignedInChunk(id: string): boolean {
  if (!signedInFrame.test(id)) return false;
  const importers = lazy.importersOf(id);
  return !importers?.every((importer) => signedInFrame.test(importer));
}

export default defineConfig({
  plugins: [react(), bootShell(), precompress(), lazy],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/mqtt': { target: 'ws://localhost:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        /**
         * Slices are imported through their public index.ts, which re-exports the whole slice. The
         * SPA's TS modules only declare things, so the bundler may leave out the parts of a slice an
         * importer does not use instead of loading them with that importer (a lazy page's form would
         * otherwise ride along with the login page). The two modules that do run code on import are
         * the entry and shared/lib/form.ts (the zod locale). Stylesheets and packages keep the default.
         */
        moduleSideEffects: [
          { test: inSrc('app/main\\.tsx$'), sideEffects: true },
          { test: inSrc('shared/lib/form\\.ts$'), sideEffects: true },
          { test: inSrc('.*\\.tsx?$'), sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          /**
           * Everything the entry imports statically is needed before the first screen anyway: one
           * chunk instead of a dozen shared fragments compresses better and saves requests. Lazy
           * pages and other dynamic imports keep their own chunks.
           */
          groups: [
            { name: 'initial', tags: ['$initial'] },
            /**
             * Every signed-in page runs inside the layout, and a sign-in lands on the home: the
             * layout, the home page and what they import statically travel as one chunk. Left to
             * the automatic split they were ~70 small files, which HTTP/1.1 fetches six at a time
             * (issue #19: the signed-in home 77 → 6 files, Lighthouse mobile 61 → 68, desktop
             * 96 → 99, same session). Lazy parts of either (the ticket drawer, the welcome view,
             * the command palette) keep their own chunks: a capture by path alone took them in, and
             * the first visit of the home downloaded 249 KB of JavaScript (brotli) instead of 223.
             */
            { name: 'signed-in', test: inSignedInChunk },
          ],
        },
      },
    },
  },
});
