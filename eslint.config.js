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

/** The server's business modules (server/src/modules/<m>), read afresh on every lint run. */
function serverModules() {
  try {
    return fs
      .readdirSync(path.join(root, 'server/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/**
 * The server's boundaries (docs/architecture.md): infrastructure and the shared domain import no
 * business module; a module reaches another only through its index.ts; the composition root
 * (server/src/*.ts) wires modules through their index.ts, routes and plugins.
 */
function serverZones() {
  const modules = `${root}/server/src/modules`;
  const zones = [
    {
      target: './server/src/{plugins,db,lib,config,domain}/**',
      from: [`${modules}/**`],
      message: 'Server: infrastructure (plugins, db, lib, config) and the shared domain (domain/) import no business module.',
    },
    {
      target: './server/src/*.ts',
      from: [`${modules}/*/**`],
      except: [`${modules}/*/index.ts`, `${modules}/*/*.routes.ts`, `${modules}/*/*.plugin.ts`],
      message: 'Server: the composition root uses a module through its index.ts, routes and plugins only.',
    },
  ];
  for (const m of serverModules()) {
    zones.push({
      target: `./server/src/modules/${m}/**`,
      from: [`${modules}/*/**`],
      except: [`${modules}/${m}/**`, `${modules}/*/index.ts`],
      message: `Server: module "${m}" may use another module only through its index.ts.`,
    });
  }
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

/** Convention 10: one module reads the SPA's environment. */
const importMetaEnv = {
  selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
  message: 'Convention 10: only src/shared/config/env.ts reads import.meta.env; import `env` from it.',
};

/**
 * The UI shows Asia/Shanghai time whatever the browser's zone (product.md §3). Every time the SPA
 * formats, parses or compares goes through the one time module; outside it, the date APIs that
 * read or write the browser's zone are refused: local getters and setters, `toLocale*String` and
 * `toDateString`/`toTimeString`, `Intl.DateTimeFormat`, `new Date(y, m, …)` (local fields) and
 * dayjs (whose `dayjs(x).format()` formats in the browser's zone). `new Date(iso)`, `Date.now()`,
 * `getTime()` and the UTC getters stay allowed: an instant has no zone.
 */
const TIME_MODULE = ['src/shared/lib/shanghai-time.ts', 'src/shared/lib/shanghai-time.test.ts'];
const TIME_MESSAGE =
  'Times are shown in Asia/Shanghai whatever the browser\'s zone: use the time module in @/shared/lib (formatTime, shanghaiDay, shanghaiHour, parseInstant…), not the browser\'s zone.';
const zoneDependentTime = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds|Milliseconds|Year|TimezoneOffset)$/]",
    message: `${TIME_MESSAGE} (Date's local getters and setters follow the browser's zone.)`,
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|toDateString|toTimeString)$/]",
    message: `${TIME_MESSAGE} (For numbers use Intl.NumberFormat or formatCents.)`,
  },
  {
    selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
    message: TIME_MESSAGE,
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length>1]",
    message: `${TIME_MESSAGE} (new Date(y, m, d…) reads its fields in the browser's zone.)`,
  },
  {
    selector: "ImportDeclaration[source.value=/^dayjs(\\/|$)/], ImportExpression[source.value=/^dayjs(\\/|$)/]",
    message: `${TIME_MESSAGE} (dayjs formats in the browser's zone.)`,
  },
];

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
  // The server: module boundaries and no import cycles (a cycle through an index.ts leaves a value
  // undefined while its module loads).
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.d.ts', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
          conditionNames: ['types', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Convention 10: one module per side reads the environment; everything else takes its typed config.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Convention 10: only server/src/config/env.ts reads process.env; take the typed AppConfig.' },
      ],
    },
  },
  // The SPA's `no-restricted-syntax` (one list per file: a later block replaces the rule's options).
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', importMetaEnv, ...zoneDependentTime] },
  },
  { files: ['src/shared/config/env.ts'], rules: { 'no-restricted-syntax': ['error', ...zoneDependentTime] } },
  { files: TIME_MODULE, rules: { 'no-restricted-syntax': ['error', importMetaEnv] } },
  // The date pickers' Chinese locale is registered here and nowhere else; it formats nothing.
  { files: ['src/shared/ui/day-picker/dates-provider.tsx'], rules: { 'no-restricted-syntax': ['error', importMetaEnv, ...zoneDependentTime.slice(0, -1)] } },
  // The server's modules: SQL only in repositories (docs/architecture.md). Routes parse, call a
  // service and answer; services hold the rules. The unit of work is the one place a transaction
  // opens; demo seeds are data scripts, like migrations.
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.repository.ts', 'server/src/modules/**/demo-seed.ts', 'server/src/modules/demo/demo-data.ts', 'server/src/modules/messages/unit-of-work.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]",
          message: 'Server: SQL lives in a `*.repository.ts` (a function taking db or a transaction first); routes and services call it.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Server: SQL lives in a `*.repository.ts` (a function taking db or a transaction first); routes and services call it.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Server: a change runs in the unit of work (`app.unitOfWork` / the `unitOfWork` dependency), which opens the transaction and sends its messages after the commit.',
        },
      ],
    },
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
