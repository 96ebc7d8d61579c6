import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { afterCompression } from './lib/encoded-answers.js';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import './lib/http.js';
import { inlineRuntimeConfig, pickEncoding, preparePage, type RuntimeConfig } from './lib/spa-page.js';
import authRoutes from './modules/auth/auth.routes.js';
import authPlugin from './modules/auth/auth.plugin.js';
import type { SmsSender } from './modules/auth/index.js';
import appealsPlugin from './modules/appeals/appeals.plugin.js';
import appealRoutes from './modules/appeals/appeal.routes.js';
import commentsPlugin from './modules/comments/comments.plugin.js';
import commentRoutes from './modules/comments/comment.routes.js';
import templatesPlugin from './modules/templates/templates.plugin.js';
import templateRoutes from './modules/templates/template.routes.js';
import studyPlugin from './modules/study/study.plugin.js';
import examRoutes from './modules/study/exam.routes.js';
import courseRoutes from './modules/study/course.routes.js';
import assignmentRoutes from './modules/study/assignment.routes.js';
import candidateRoutes from './modules/study/candidate.routes.js';
import applicationRoutes from './modules/appeals/application.routes.js';
import demoRoutes from './modules/demo/demo.routes.js';
import objectStorePlugin from './modules/files/object-store.routes.js';
import filesRoutes from './modules/files/files.routes.js';
import { brokerPolicy } from './modules/messages/index.js';
import messagesPlugin from './modules/messages/messages.plugin.js';
import messageRoutes from './modules/messages/message.routes.js';
import brokerAuthRoutes from './modules/messages/broker-auth.routes.js';
import onboardingRoutes from './modules/onboarding/onboarding.routes.js';
import settlementRoutes from './modules/settlements/settlement.routes.js';
import systemRoutes from './modules/system/system.routes.js';
import ticketsPlugin from './modules/tickets/tickets.plugin.js';
import ticketRoutes from './modules/tickets/ticket.routes.js';
import integrationRoutes from './modules/tickets/integration.routes.js';
import hallRoutes from './modules/tickets/hall.routes.js';
import inviteRoutes from './modules/team-management/invite.routes.js';
import dailyPanelRoutes from './modules/team-management/daily-panel.routes.js';
import teamManagementRoutes from './modules/team-management/team.routes.js';
import orderPlanRoutes from './modules/order-plans/plan.routes.js';
import userRoutes from './modules/user/user.routes.js';
import workbenchRoutes from './modules/workbench/workbench.routes.js';
import brokerPlugin from './plugins/broker.js';
import readinessPlugin from './plugins/readiness.js';
import dbPlugin from './plugins/db.js';
import drain from './plugins/drain.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import requestBodies from './plugins/request-bodies.js';
import requestLog from './plugins/request-log.js';
import requestQueue from './plugins/request-queue.js';
import securityHeaders, { inlineScriptHashes } from './plugins/security-headers.js';
import textInput from './plugins/text-input.js';
import noStore from './plugins/no-store.js';

export interface BuildOptions {
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL schema (tests run each suite in its own). */
  dbSchema?: string;
  sms?: SmsSender;
  /** Menu paths to serve (tests can release everything); defaults to shipped screens. */
  releasedMenu?: ReadonlySet<string>;
}

/** The whole server as one Fastify instance: infrastructure plugins, then business modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Through process.stdout, as the start banner is: the banner stays after the start's log lines.
    logger: opts.logger ?? { level: config.logLevel, stream: process.stdout },
    // One line per request from plugins/request-log.ts (debug, or warn when failed or slow).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // Answers of Node's parser and of Fastify's router, in the envelope (plugins/errors.ts).
    clientErrorHandler,
    frameworkErrors,
    // Node's own deadline for a whole request is a last resort (a day: an upload may be large and
    // slow but moving); a body that stalls or trickles is cut by plugins/request-bodies.ts.
    requestTimeout: 24 * 60 * 60 * 1000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestQueue);
  await app.register(requestLog, { slowMs: config.slowRequestMs });
  // Before the broker and the database: its preClose lets requests in flight finish first.
  await app.register(drain);
  await app.register(errorsPlugin);
  await app.register(requestBodies);
  await app.register(textInput);
  await app.register(dbPlugin, { config, schema: opts.dbSchema });
  await app.register(authPlugin);
  await app.register(brokerPlugin, { mqttUrl: config.mqttUrl, clusterRedisUrl: config.mqttClusterRedisUrl, maxPending: config.mqttMaxPending, policy: brokerPolicy(app.db), recheckMs: config.brokerRecheckMs, startTimeoutMs: config.databaseTimeouts.startMs });
  await app.register(readinessPlugin);
  await app.register(messagesPlugin);
  await app.register(ticketsPlugin);
  await app.register(appealsPlugin);
  await app.register(commentsPlugin);
  await app.register(templatesPlugin);
  await app.register(studyPlugin);

  // A real OSS bucket: the SPA posts uploads to it and shows images from it (the local store is same-origin).
  const ossOrigins = [config.oss.host, config.oss.publicUrl].flatMap((u) => (u && config.oss.mode === 'aliyun' ? [new URL(u).origin] : []));
  const builtIndex = path.join(config.webDist, 'index.html');
  const inlineScripts = fs.existsSync(builtIndex) ? inlineScriptHashes(fs.readFileSync(builtIndex, 'utf8')) : [];
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's own inline script (the first-paint frame), by its hash.
        scriptSrc: ["'self'", ...inlineScripts],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...ossOrigins],
        fontSrc: ["'self'", 'data:'],
        // Sockets only to the broker: this origin ('self' covers its ws/wss, CSP Level 3) or MQTT_PUBLIC_URL's.
        connectSrc: ["'self'", ...brokerOrigins(config.mqttPublicUrl), ...ossOrigins],
        // The SPA's MQTT worker (a hashed file of its own); inside it mqtt.js uses plain timers, no blob worker.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  // Lists and details (a few KB to tens of KB) compress in one synchronous call: a zlib stream per
  // response costs more than the compression itself at that size (bench/tickets). API responses
  // take the fastest levels (gzip/deflate 1, brotli 1): on a 10 KB list page half the CPU of gzip 6
  // or brotli 4 for ~10% more bytes (~0.9 KB instead of ~0.8 KB). And gzip before brotli when the
  // browser takes both: at these levels gzip costs ~60% of brotli's CPU for the same bytes (a 15 KB
  // template page: 62 vs 106 µs, 3.3 vs 3.4 KB; bench/templates). Static files keep the defaults
  // (brotli first, precompressed at build time).
  const compressOptions = { threshold: 1024, syncThreshold: 64 * 1024 };
  const apiCompress = {
    ...compressOptions,
    encodings: ['gzip', 'deflate', 'br'] as ('gzip' | 'deflate' | 'br')[],
    zlibOptions: { level: 1 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  };
  // Added before the plugin, so it runs before the plugin's own onRoute hook reads `compress`.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = apiCompress;
  });
  await app.register(compress, { global: true, ...compressOptions });
  // After the plugin: routes that keep their answers see them compressed (lib/encoded-answers.ts).
  app.addHook('onRoute', afterCompression);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '设计师工作台 API',
        description:
          'Designer work platform API. Every response is `{code, success, message, data}`; validation errors are 422 with `error_fields`. Authenticate with `Authorization: Bearer <token>` from /api/user/login.',
        version: '0.1.0',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Integration API key of the upstream order system (INTEGRATION_API_KEY)' },
          candidate: { type: 'apiKey', in: 'header', name: 'x-candidate-token', description: 'A public exam candidate’s credential (POST /study/public/exams/{id}/candidate)' },
        },
      },
      tags: [
        { name: 'integration', description: 'For the upstream order system: orders in, status changes, draft audit results, after-sales and QC deductions. Header `x-api-key`.' },
        { name: 'appeals', description: 'A designer contests a fee, a rejection, a draft check, a deduction or a refused factory-reject application; a team lead decides.' },
        { name: 'deductions', description: 'Money taken from a designer for a ticket: after-sales and QC from upstream, review by a team lead.' },
        { name: 'comments', description: 'The conversation on a ticket or an appeal among the people who work on it: text, files, @mentions, edits within 5 minutes.' },
        { name: 'templates', description: 'The template library: reusable design assets (previews with thumbnails, source files), found by filters and Chinese partial-word search, curated by leads, starred, used for a ticket’s draft, and shared by a public link.' },
        { name: 'study', description: 'Courses and online exams (学习考试): leads author and assign; designers learn and take timed attempts, scored on the server; a pass can qualify for a product.' },
        { name: 'workbench', description: 'The workbench: the home’s cards in one request, saved views of the lists with live counts, the pinned shortcuts and the colour scheme.' },
        { name: 'settlements', description: 'Fees per designer per period: lines (fees, deductions, adjustments), totals, confirm and pay, export.' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // Personal data in nearly every answer: nothing under /api is cached but the public client configuration.
      await api.register(noStore, { publicRoutes: ['/api/system/config'] });
      await api.register(authRoutes, { sms: opts.sms });
      await api.register(userRoutes);
      await api.register(onboardingRoutes);
      await api.register(systemRoutes, { released: opts.releasedMenu });
      await api.register(messageRoutes);
      await api.register(brokerAuthRoutes);
      // Demo calls exist only in demo mode (never in production, config/env.ts): not registered at all
      // otherwise, so they answer 404 and are absent from the API document.
      if (config.demoMode) await api.register(demoRoutes, { smsInbox: config.sms.driver === 'log' && !opts.sms });
      await api.register(ticketRoutes);
      await api.register(applicationRoutes);
      await api.register(hallRoutes);
      await api.register(integrationRoutes);
      await api.register(appealRoutes);
      await api.register(commentRoutes);
      await api.register(templateRoutes);
      await api.register(examRoutes);
      await api.register(courseRoutes);
      await api.register(assignmentRoutes);
      await api.register(candidateRoutes);
      await api.register(settlementRoutes);
      await api.register(filesRoutes);
      await api.register(inviteRoutes);
      await api.register(dailyPanelRoutes);
      await api.register(teamManagementRoutes);
      await api.register(orderPlanRoutes);
      await api.register(workbenchRoutes, { released: opts.releasedMenu });
    },
    { prefix: '/api' },
  );

  if (config.oss.mode === 'local') await app.register(objectStorePlugin);

  registerWebApp(app, config);
  return app;
}

/**
 * The origin of the broker the SPA connects to, when it is not this server's `/mqtt`
 * (MQTT_PUBLIC_URL). None otherwise: 'self' already allows this origin's ws:/wss:.
 */
export function brokerOrigins(mqttPublicUrl: string | undefined): string[] {
  if (!mqttPublicUrl) return [];
  try {
    const url = new URL(mqttPublicUrl);
    if (!['ws:', 'wss:'].includes(url.protocol)) return [];
    return [`${url.protocol}//${url.host}`];
  } catch {
    return [];
  }
}

/**
 * Serves the built SPA: index.html with the runtime configuration written into it (never cached,
 * so a deployment's new build and config reach the next visit), the hashed assets cached for a year.
 */
function registerWebApp(app: FastifyInstance, config: AppConfig) {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`SPA build not found at ${config.webDist}; serving the API only`);
    return;
  }
  const runtime: RuntimeConfig = { apiBase: '/api', mqttUrl: config.mqttPublicUrl ?? null };
  const built = fs.readFileSync(indexFile, 'utf8');
  const inlined = inlineRuntimeConfig(built, runtime);
  if (inlined === null) app.log.warn(`${indexFile} has no runtime configuration block; the SPA falls back to its build-time defaults`);
  const page = preparePage(inlined ?? built);
  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity);
  };
  // Already compressed here: the compress plugin leaves these alone.
  app.get('/', { schema: { hide: true }, compress: false }, sendPage);
  app.get('/index.html', { schema: { hide: true }, compress: false }, sendPage);

  app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: false,
    // index.html is the page above, with its configuration; the static files are everything else.
    index: false,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    // The build writes x.br and x.gz beside each text file (vite.config.ts precompress): sent as they are.
    preCompressed: true,
    // Our own Cache-Control below; `send`'s (max-age=0) would replace it.
    cacheControl: false,
    setHeaders(res, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // One URL, several encodings: a shared cache (a CDN) keeps them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
