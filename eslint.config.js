// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');

/**
 * Feature-Sliced Design layers, highest first (conventions.md §1–2). A layer may import only the
 * layers after it in this list.
 */
const layers = ['app', 'pages', 'widgets', 'features', 'entities', 'shared'];
/** Layers made of slices (app and shared are made of segments). */
const slicedLayers = ['pages', 'widgets', 'features', 'entities'];

/** The slices that exist now; the config is read afresh on every lint run. */
function slicesOf(layer) {
  try {
    return fs
      .readdirSync(path.join(src, layer), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/** Zones for `import-x/no-restricted-paths`; they apply to resolved files, so alias and relative imports alike. */
function fsdZones() {
  const zones = [];

  // 1. A layer imports only the layers below it.
  layers.forEach((layer, i) => {
    const above = layers.slice(0, i);
    if (above.length === 0) return;
    zones.push({
      target: `./src/${layer}`,
      from: above.map((l) => `./src/${l}`),
      message: `FSD: "${layer}" may import only layers below it (${layers.slice(i + 1).join(', ') || 'nothing: it is the lowest layer'}).`,
    });
  });

  // 2. No imports between slices of one layer; entities may use another entity's `@x/<self>` file.
  for (const layer of slicedLayers) {
    const slices = slicesOf(layer);
    for (const slice of slices) {
      const except = [`./${slice}`];
      if (layer === 'entities') {
        for (const other of slices) {
          if (other === slice) continue;
          except.push(`./${other}/@x/${slice}.ts`, `./${other}/@x/${slice}.tsx`, `./${other}/@x/${slice}`);
        }
      }
      zones.push({
        target: `./src/${layer}/${slice}`,
        from: `./src/${layer}`,
        except,
        message:
          layer === 'entities'
            ? `FSD: entity "${slice}" may not import other entities, except through their "@x/${slice}" file.`
            : `FSD: slice "${layer}/${slice}" may not import another slice of "${layer}".`,
      });
    }
  }

  // 3. From higher layers, a slice is reached only through its public index.ts.
  slicedLayers.forEach((layer) => {
    const i = layers.indexOf(layer);
    const above = layers.slice(0, i);
    zones.push({
      target: `./src/{${above.join(',')}}/**`,
      from: [`${src}/${layer}/*/**`],
      except: [`${src}/${layer}/*/index.{ts,tsx}`],
      message: `FSD: import a "${layer}" slice through its public index.ts (@/${layer}/<slice>), not its inner files.`,
    });
  });

  return zones;
}

/** The same layer rules on the `@/` alias, checked without resolving (`no-restricted-imports`). */
function aliasRules(layer) {
  const i = layers.indexOf(layer);
  const above = layers.slice(0, i);
  const patterns = [];
  if (above.length > 0) {
    patterns.push({
      regex: `^@/(${above.join('|')})(/|$)`,
      message: `FSD: "${layer}" may import only layers below it.`,
    });
  }
  if (slicedLayers.includes(layer)) {
    patterns.push(
      layer === 'entities'
        ? {
            regex: '^@/entities/(?![^/]+/@x/[^/]+$)',
            message:
              'FSD: inside a slice import relatively; other entities only through "@/entities/<other>/@x/<this>".',
          }
        : {
            regex: `^@/${layer}(/|$)`,
            message: `FSD: inside a slice import relatively; slices of "${layer}" may not import each other.`,
          },
    );
  }
  // Public API: nothing reaches past a slice's index.ts (shared has segments; entities' @x files
  // are for other entities only, and the rule above covers the entities layer).
  if (layer !== 'entities') {
    patterns.push({
      regex: `^@/(${slicedLayers.join('|')})/[^/]+/.+`,
      message: 'FSD: import a slice through its public index.ts (@/<layer>/<slice>), not its inner files.',
    });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'playwright-report/',
      'test-results/',
      'data/',
      'coverage/',
      'src/**/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  // Node side: server, e2e, scripts, benchmarks, config files.
  {
    files: ['server/**', 'e2e/**', 'scripts/**', 'bench/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Migrations take `Kysely<any>` on purpose: they are frozen and must not follow today's types (conventions §14).
  {
    files: ['server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // The SPA: hooks rules, browser globals, FSD layers and cycles.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '@': [src] },
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'browser', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: fsdZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  ...layers.map((layer) => ({ files: [`src/${layer}/**/*.{ts,tsx}`], rules: aliasRules(layer) })),
);
