/**
 * Issue #23, proof the project keeps: generated bad requests over the OpenAPI document, with a
 * fixed seed. For every operation the real app documents, fast-check derives requests from the
 * operation's own schemas (support/schema-arbitraries.ts) and sends them through the real app as
 * anonymous, as the demo team's lead, designer and part-time designer, and with the upstream's API
 * key where the operation takes one:
 *
 * - near-valid: a real object's id in the path and a body one step from valid (one field of the
 *   wrong type, out of range, too long, off its pattern or enum, or one required field missing);
 * - wild: JSON of any shape, malformed JSON, an empty body, a content type the route does not
 *   take, a body over the limit, a query value off its schema or repeated, a required query value
 *   missing, an id that is not a canonical decimal (`01`, `0x10`, `1e3`, `１２`, 400 digits, bad
 *   percent-encoding), an extra path segment.
 *
 * Every one of those must be refused: a 4xx (never a 5xx, never a 2xx), in the envelope
 * `{code, success: false, message, data: null}` with `code` equal to the status and a Chinese
 * message, and a 422 names at least one field (each with a Chinese message). The business tables
 * hold the same rows before and after each operation's batch (support/database-state.ts).
 *
 * Then hostile values the schemas accept (NUL and other control characters, bidi overrides,
 * astral characters, SQL and LIKE wildcards, the longest allowed text) go into every free-text
 * field and query: they may be taken, but never with a 5xx or outside the envelope.
 *
 * Answers that are not the envelope by design, and what they promise instead, are in NOT_ENVELOPE.
 *
 * A failure names the operation, the caller, fast-check's seed and path, and the shrunk request;
 * the seed of each batch is SEED mixed with the operation and caller, so one batch replays alone.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessDigest } from './support/database-state.js';
import { DEMO, dialects, expectEnvelope, type Res, type TestApp } from './support/harness.js';
import { type JsonSchema, type OpenApiDocument, type Operation, openApiDocument, operationsOf, operationUrl } from './support/openapi.js';
import { brokenStrings, hostileString, junkString, nearMisses, SchemaContext } from './support/schema-arbitraries.js';
import { API_KEY, demoPerson, type Person, useTicketApp } from './support/tickets.js';
import { DEMO_SHARE_TOKEN } from '../src/modules/templates/index.js';

const SEED = 23_0023;
const CHINESE = /[\u4e00-\u9fff]/;

/** Requests per operation and caller. Refusals are cheap: the anonymous ones stop at the 401. */
const RUNS = { anon: 8, caller: 24, hostile: 6 };

type Caller = 'anon' | 'lead' | 'designer' | 'partTimer' | 'apiKey';

/**
 * Operations whose refusals are not the envelope by design, and what each promises instead. Every
 * other operation answers every refusal in the envelope. Some answer a 200 outside it, which only
 * the hostile test meets: the exports (`/appeals/export`, `/settlements/{id}/export`,
 * `/team/expenses/{statement_id}/export`) a CSV or XLSX file, the broker hooks `{result}`.
 * Not in the document at all: `/api/docs` (the Swagger UI, HTML, and the document, plain JSON)
 * and the SPA's files; this suite reads the document and calls neither otherwise.
 */
const NOT_ENVELOPE: Record<string, string> = {
  'POST /oss': 'the local object store speaks like an OSS bucket: refusals are OSS XML errors (<Error><Code>…)',
  'GET /oss/{*}': 'the local object store: a missing or private object is an OSS XML error (NoSuchKey, AccessDenied…)',
};

/** A request; printed by fast-check as a line (a body over the limit is described, not printed). */
class Probe {
  constructor(
    readonly kind: string,
    readonly method: string,
    readonly url: string,
    readonly contentType: string | undefined,
    readonly payload: string | undefined,
    /** Bytes of a body over the limit, made when sent. */
    readonly oversize = 0,
    /** Answered by the local object store's own route (OSS XML), not the API's envelope. */
    readonly oss = false,
  ) {}

  [fc.toStringMethod](): string {
    const body = this.oversize ? `<${this.oversize} bytes>` : this.payload === undefined ? '' : JSON.stringify(this.payload.length > 300 ? `${this.payload.slice(0, 300)}…(${this.payload.length})` : this.payload);
    return `[${this.kind}] ${this.method} ${this.url}${this.contentType ? ` (${this.contentType})` : ''} ${body}`.trim();
  }
}

/** A matcher of a path template of the document (`{id}` one segment, `{*}` the rest). */
function templateOf(path: string): RegExp {
  const body = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part === '{*}' ? '.*' : part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** No lone surrogate: what a URL can carry (encodeURIComponent throws on one). */
const wellFormed = (v: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v);

/** Percent-encodings that are not UTF-8 or not percent-encodings, written raw into a URL. */
const RAW_BAD_ENCODINGS = ['%zz', '%ff%fe', '%C0%AF', '%E4%B8', '%'];

/** Content types no route under /api takes (JSON and, for routes with a body, text/plain are). */
const FOREIGN_TYPES = ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x', 'application/octet-stream', 'image/png', 'text/html', 'text/csv'];

/** Request bodies that are not JSON. */
const malformedJson = fc.oneof(
  fc.constantFrom('', ' ', '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'NaN', 'undefined', '{"a":1}}', '\u0000', '{"a":"\u0000', '{"a":01}', '{a:1}', '\ufeff\ufeff{}', '{"__proto__":'),
  junkString(30).filter((v) => {
    try {
      JSON.parse(v);
      return false;
    } catch {
      return true;
    }
  }),
);

function seedOf(...parts: string[]): number {
  return SEED ^ createHash('sha256').update(parts.join('|')).digest().readInt32BE(0);
}

describe.each(dialects)('generated bad requests over the OpenAPI document (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let doc: OpenApiDocument;
  let ops: Operation[];
  let ctx: SchemaContext;
  let templates: { key: string; re: RegExp }[];
  const people = {} as Record<'lead' | 'designer' | 'partTimer', Person>;
  /** A real value per path parameter (`<path>|<name>`): an object the demo team has. */
  const real = new Map<string, string>();

  beforeAll(async () => {
    doc = await openApiDocument(t.anon);
    ops = operationsOf(doc);
    ctx = new SchemaContext(doc.components?.schemas);
    templates = ops.map((o) => ({ key: o.key, re: templateOf(operationUrl(o)) }));
    people.lead = await demoPerson(t, DEMO.lead);
    people.designer = await demoPerson(t, DEMO.designer);
    people.partTimer = await demoPerson(t, DEMO.partTime2);
    await collectRealValues(t, people, real);
  });

  /** The callers of an operation: by its security scheme. */
  function callersOf(op: Operation): Caller[] {
    const schemes = (op.operation.security ?? []).flatMap((s) => Object.keys(s));
    if (schemes.includes('bearer')) return ['anon', 'lead', 'designer', 'partTimer'];
    if (schemes.includes('apiKey')) return ['anon', 'apiKey', 'designer'];
    return ['anon'];
  }

  function headersOf(caller: Caller): Record<string, string> {
    if (caller === 'anon') return {};
    if (caller === 'apiKey') return { 'x-api-key': API_KEY };
    return { authorization: `Bearer ${people[caller].token}` };
  }

  function send(caller: Caller, p: Probe): Promise<Res> {
    const headers: Record<string, string> = { ...headersOf(caller) };
    if (p.contentType !== undefined) headers['content-type'] = p.contentType;
    const payload = p.oversize ? `{"x":"${'a'.repeat(p.oversize)}"}` : p.payload;
    return t.inject({ method: p.method as 'GET', url: p.url, headers, ...(payload !== undefined ? { payload } : {}) });
  }

  const paramsOf = (op: Operation, where: 'path' | 'query') => (op.operation.parameters ?? []).filter((p) => p.in === where);
  const bodySchemaOf = (op: Operation): JsonSchema | undefined => op.operation.requestBody?.content['application/json']?.schema;

  function realValue(op: Operation, name: string): string {
    const v = real.get(`${op.path}|${name}`);
    if (v === undefined) throw new Error(`no real value for {${name}} of ${op.key}: add one to collectRealValues`);
    return v;
  }

  /** The URL with real values in the path, or `broken` (already encoded) in one parameter. */
  function urlOf(op: Operation, broken?: { name: string; encoded: string }, query = ''): string {
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (broken?.name === name ? broken.encoded : encodeURIComponent(realValue(op, name)).replaceAll('%2F', '/')));
    return `${operationUrl(op, path)}${query ? `?${query}` : ''}`;
  }

  /**
   * A parameter value that is not what its schema takes, encoded for a URL (or raw, bad
   * percent-encoding). A parameter the schema leaves free (`{type: string}`: a date range, a
   * statement's period, an object key) gets junk that names nothing, which the service refuses.
   */
  function brokenParam(schema: JsonSchema): fc.Arbitrary<string> {
    const breakable = ctx.breakableAsString(schema);
    const strings = breakable ? fc.oneof(brokenStrings(ctx.resolve(schema)), nearMisses).filter((v) => ctx.isBroken(schema, v)) : fc.oneof(nearMisses, junkString(20).filter((v) => v.length > 0));
    return fc.oneof({ weight: 4, arbitrary: strings.filter(wellFormed).map((v) => encodeURIComponent(v)) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BAD_ENCODINGS) });
  }

  /**
   * In a query, a bad percent-encoding is read leniently (kept as written): it breaks a value only
   * where the schema refuses the raw text, like an id's digits. Free text takes it.
   */
  function brokenQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
    const raw = RAW_BAD_ENCODINGS.filter((v) => ctx.isBroken(schema, v));
    const strings = fc.oneof(brokenStrings(ctx.resolve(schema)), nearMisses).filter((v) => ctx.isBroken(schema, v) && wellFormed(v));
    return raw.length ? fc.oneof({ weight: 4, arbitrary: strings.map((v) => encodeURIComponent(v)) }, { weight: 1, arbitrary: fc.constantFrom(...raw) }) : strings.map((v) => encodeURIComponent(v));
  }

  /** Every refused kind of request that fits the operation, near-valid ones weighted up. */
  function refusedRequests(op: Operation): fc.Arbitrary<Probe> {
    const { method } = op;
    const kinds: fc.WeightedArbitrary<Probe>[] = [];
    const body = bodySchemaOf(op);
    const json = (v: unknown) => JSON.stringify(v);
    const hasBody = method !== 'GET';
    const oss = NOT_ENVELOPE[op.key] !== undefined;

    if (body) {
      kinds.push({ weight: 6, arbitrary: ctx.nearlyValid(body).map((v) => new Probe('near-valid body', method, urlOf(op), 'application/json', json(v))) });
      kinds.push({ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).filter((v) => ctx.isBroken(body, v)).map((v) => new Probe('wild body', method, urlOf(op), 'application/json', json(v))) });
      kinds.push({ weight: 1, arbitrary: ctx.valid(body).map((v) => new Probe('valid body as text/plain', method, urlOf(op), 'text/plain', json(v))) });
    }
    if (hasBody && !oss) {
      kinds.push({ weight: 2, arbitrary: malformedJson.map((v) => new Probe('malformed JSON', method, urlOf(op), 'application/json', v)) });
      kinds.push({
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...FOREIGN_TYPES), body ? ctx.valid(body) : fc.constant({})).map(([type, v]) => new Probe('foreign content type', method, urlOf(op), type, json(v))),
      });
      kinds.push({ weight: 1, arbitrary: fc.constant(new Probe('body over the limit', method, urlOf(op), 'application/json', undefined, 1024 * 1024 + 100)) });
    }
    for (const param of paramsOf(op, 'path')) {
      kinds.push({ weight: 3, arbitrary: brokenParam(param.schema).map((encoded) => new Probe(`bad path {${param.name}}`, method, urlOf(op, { name: param.name, encoded }), body ? 'application/json' : undefined, body ? '{}' : undefined)) });
    }
    for (const param of paramsOf(op, 'query')) {
      const asQuery = (q: string) => new Probe(`bad query ${param.name}`, method, urlOf(op, undefined, q), undefined, undefined);
      if (ctx.breakableAsString(param.schema)) kinds.push({ weight: 2, arbitrary: brokenQueryValue(param.schema).map((v) => asQuery(`${param.name}=${v}`)) });
      else kinds.push({ weight: 2, arbitrary: fc.oneof(nearMisses, junkString(20).filter((v) => v.length > 0 && wellFormed(v))).map((v) => asQuery(`${param.name}=${encodeURIComponent(v)}`)) });
      // Twice: an array where one value is taken.
      kinds.push({ weight: 1, arbitrary: ctx.valid(param.schema).map((v) => asQuery(`${param.name}=${encodeURIComponent(String(v))}&${param.name}=${encodeURIComponent(String(v))}`)) });
      if (param.required) kinds.push({ weight: 1, arbitrary: fc.constant(new Probe(`missing query ${param.name}`, method, urlOf(op), undefined, undefined)) });
    }
    // An extra segment, unless the longer path is another route of the method (GET `/settlements`
    // + `/1`); under `/oss/{*}` it is still an object key, answered by the store.
    const own = templateOf(operationUrl(op));
    const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }).filter(wellFormed).map(encodeURIComponent), fc.constantFrom('x', '1', 'json', '%00', 'read', 'export'));
    kinds.push({
      weight: 1,
      arbitrary: fc
        // Up to three: one more segment under `/announcements` is an id. No dot segments: a URL
        // parser (inject's, a browser's) resolves `/mine/%2e%2e/1` to `/1` before any server sees it.
        .array(segment, { minLength: 1, maxLength: 3 })
        .map((more) => `${urlOf(op)}/${more.join('/')}`)
        .filter((url) => !templates.some((tpl) => tpl.key !== op.key && tpl.key.startsWith(`${method} `) && tpl.re.test(url)))
        .map((url) => new Probe('extra path segment', method, url, body ? 'application/json' : undefined, body ? json({}) : undefined, 0, oss && own.test(url))),
    });
    return fc.oneof(...kinds).map((p) => (oss && p.kind !== 'extra path segment' ? new Probe(p.kind, p.method, p.url, p.contentType, p.payload, p.oversize, true) : p));
  }

  /** Valid requests with hostile free text; undefined when the operation takes no free text. */
  function hostileRequests(op: Operation): fc.Arbitrary<Probe> | undefined {
    const body = bodySchemaOf(op);
    const texts = paramsOf(op, 'query').filter((p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.pattern && !p.schema.format);
    const kinds: fc.Arbitrary<Probe>[] = [];
    if (body) kinds.push(ctx.hostile(body).map((v) => new Probe('hostile body', op.method, urlOf(op), 'application/json', JSON.stringify(v))));
    for (const p of texts) {
      kinds.push(hostileString(p.schema.maxLength ?? 64).filter(wellFormed).map((v) => new Probe(`hostile query ${p.name}`, op.method, urlOf(op, undefined, `${p.name}=${encodeURIComponent(v)}`), undefined, undefined)));
    }
    return kinds.length ? fc.oneof(...kinds) : undefined;
  }

  /** What is wrong with an answer (undefined: nothing). */
  function problemOf(p: Probe, res: Res, refused: boolean): string | undefined {
    const s = res.statusCode;
    if (s >= 500) return `answered ${s}: ${res.body.slice(0, 300)}`;
    if (refused && (s < 400 || s >= 500)) return `a bad request was not refused: ${s} ${res.body.slice(0, 300)}`;
    if (p.oss) {
      if (s < 400) return undefined;
      if (!/^application\/xml/.test(String(res.headers['content-type']))) return `an object-store refusal that is not XML: ${res.headers['content-type']}`;
      return /^<\?xml[^>]*>\s*<Error>[\s\S]*<Code>\w+<\/Code>[\s\S]*<\/Error>/.test(res.body) ? undefined : `not an OSS XML error: ${res.body.slice(0, 300)}`;
    }
    if (s < 400) return undefined; // A taken hostile value: the route's own 200 (a file, {result}, or the envelope).
    // The broker hooks answer only the broker: without its shared secret (these probes carry none),
    // 401 with the bare `{result: "deny"}` an EMQX-style broker reads, never the envelope.
    if (/^\/api\/mqtt\/(auth|acl)(\?|$)/.test(p.url)) return s === 401 && res.body === '{"result":"deny"}' ? undefined : `a broker hook refusal that is not 401 {result: deny}: ${s} ${res.body.slice(0, 300)}`;
    if (!/^application\/json/.test(String(res.headers['content-type']))) return `a refusal that is not JSON (${res.headers['content-type']}): ${res.body.slice(0, 300)}`;
    let body: { code?: unknown; success?: unknown; message?: unknown; data?: unknown; error_fields?: { field?: unknown; message?: unknown }[] };
    try {
      body = JSON.parse(res.body) as typeof body;
    } catch {
      return `a refusal whose body is not JSON: ${res.body.slice(0, 300)}`;
    }
    if (body.code !== s || body.success !== false || body.data !== null || typeof body.message !== 'string') return `not the envelope of a ${s}: ${res.body.slice(0, 300)}`;
    if (!CHINESE.test(body.message)) return `a message without Chinese: ${res.body.slice(0, 300)}`;
    if (s === 422) {
      const fields = body.error_fields;
      if (!Array.isArray(fields) || fields.length === 0) return `a 422 without error_fields: ${res.body.slice(0, 300)}`;
      if (fields.some((f) => typeof f.field !== 'string' || typeof f.message !== 'string' || !CHINESE.test(f.message))) return `a 422 field without a Chinese message: ${res.body.slice(0, 300)}`;
    }
    return undefined;
  }

  /** Runs one property; a failure is returned (with seed, path and the shrunk request), not thrown. */
  async function run(op: Operation, caller: Caller, probes: fc.Arbitrary<Probe>, numRuns: number, refused: boolean, statuses: Map<number, number>): Promise<string | undefined> {
    const seed = seedOf(op.key, caller, refused ? 'refused' : 'hostile');
    const property = fc.asyncProperty(probes, async (p) => {
      const res = await send(caller, p);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problem = problemOf(p, res, refused);
      if (problem) throw new Error(problem);
    });
    try {
      await fc.assert(property, { seed, numRuns, endOnFailure: true });
      return undefined;
    } catch (err) {
      return `${op.key} as ${caller}: ${(err as Error).message}`;
    }
  }

  it('the document names every path parameter this suite fills with a real object, and each answers', async () => {
    const params = ops.flatMap((op) => paramsOf(op, 'path').map((p) => `${op.path}|${p.name}`));
    expect(params.length).toBeGreaterThan(20);
    expect(params.filter((k) => !real.has(k)), 'path parameters without a real value').toEqual([]);
    // The real values name real objects: the designer's own ticket reads 200 with it.
    const ticket = realValue(ops.find((o) => o.key === 'GET /tickets/{id}')!, 'id');
    expectEnvelope(await t.authed(people.designer.token).get(`/api/tickets/${ticket}`), 200);
  });

  it('a digest of the business tables sees a write, so an unchanged one means something', async () => {
    const before = await businessDigest(t.db);
    expectEnvelope(await people.designer.client.put('/api/user/update-time', { available_time: `工作日晚上 ${Date.now()}` }), 200);
    const after = await businessDigest(t.db);
    expect(after).not.toEqual(before);
    expect(Object.entries(after).filter(([table, d]) => before[table as keyof typeof before] !== d).map(([table]) => table)).toEqual(['designers']);
  });

  it('every operation refuses its bad requests with a 4xx in the envelope, and changes nothing', { timeout: 300_000 }, async () => {
    expect(ops.length).toBeGreaterThan(80);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of ops) {
      const before = await businessDigest(t.db);
      const arbitrary = refusedRequests(op);
      for (const caller of callersOf(op)) {
        const failure = await run(op, caller, arbitrary, caller === 'anon' ? RUNS.anon : RUNS.caller, true, statuses);
        if (failure) failures.push(failure);
      }
      const after = await businessDigest(t.db);
      const changed = Object.keys(after).filter((table) => after[table as keyof typeof after] !== before[table as keyof typeof before]);
      if (changed.length) failures.push(`${op.key}: refused requests changed ${changed.join(', ')}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    // The requests reached validation and the handlers, not only the 401 (and the mix is stable for this seed).
    expect(statuses.get(422) ?? 0).toBeGreaterThan(500);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(413) ?? 0).toBeGreaterThan(10);
  });

  it('hostile text the schemas accept is never a 5xx and always in the envelope', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let operations = 0;
    for (const op of ops) {
      const arbitrary = hostileRequests(op);
      if (!arbitrary) continue;
      operations += 1;
      for (const caller of callersOf(op).filter((c) => c !== 'anon' || callersOf(op).length === 1)) {
        const failure = await run(op, caller, arbitrary, RUNS.hostile, false, statuses);
        if (failure) failures.push(failure);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(operations).toBeGreaterThan(40);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  });
});

/** A real value for each path parameter of the document: objects of the demo team. */
async function collectRealValues(t: TestApp, people: Record<'lead' | 'designer' | 'partTimer', Person>, real: Map<string, string>) {
  const ticket = await t.db.selectFrom('tickets').select(['id', 'order_no']).where('designer_id', '=', people.designer.id).orderBy('id').executeTakeFirstOrThrow();
  const draft = await t.db.selectFrom('drafts').select('id').orderBy('id').executeTakeFirstOrThrow();
  const announcement = await t.db.selectFrom('announcements').select('id').orderBy('id').executeTakeFirstOrThrow();
  const appeal = await t.db.selectFrom('appeals').select('id').orderBy('id').executeTakeFirstOrThrow();
  const settlement = await t.db.selectFrom('settlements').select(['id', 'period_start']).where('designer_id', '=', people.designer.id).orderBy('id').executeTakeFirstOrThrow();
  const plan = await t.db.selectFrom('order_plans').select('id').orderBy('id').executeTakeFirstOrThrow();
  const request = await t.db.selectFrom('plan_change_requests').select('id').orderBy('id').executeTakeFirstOrThrow();
  const invite = expectEnvelope<{ id: number; code: string }>(await people.lead.client.post('/api/teams/invites', { expires_in_hours: 24, max_uses: 5 }), 200).data;
  const panelKey = expectEnvelope<{ id: number }>(await people.lead.client.post('/api/teams/panel-keys'), 200).data;
  // A comment of the designer on their ticket, written directly: posting it would send a message
  // whose publishing (and its outbox bookkeeping) could land during a later operation's digest.
  const comment = await t.db
    .insertInto('comments')
    .values({ subject_type: 'ticket', subject_id: ticket.id, team_id: null, author_id: people.designer.id, body: '生成请求用的评论', created_at: new Date().toISOString() })
    .returning('id as comment_id')
    .executeTakeFirstOrThrow();
  // A published demo template of the lead's (the whole team sees it) and the demo share link.
  const template = await t.db.selectFrom('templates').select('id').where('owner_id', '=', people.lead.id).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
  const share = await t.db.selectFrom('template_shares').select('id').orderBy('id').executeTakeFirstOrThrow();
  // An exam of the lead's team with a question and the designer's attempt in progress, written directly.
  const lead = await t.db.selectFrom('designers').select('team_id').where('id', '=', people.lead.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const exam = await t.db
    .insertInto('exams')
    .values({ team_id: lead.team_id!, title: '生成请求用的考试', pass_mark: 60, time_limit_minutes: 600, product_id: null, status: 'published', created_by: people.lead.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = await t.db
    .insertInto('exam_questions')
    .values({ exam_id: exam.id, kind: 'single', stem: '题目', options: JSON.stringify([{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }]), answer: '"A"', points: 5, position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attempt = await t.db
    .insertInto('exam_attempts')
    .values({
      exam_id: exam.id,
      designer_id: people.designer.id,
      started_at: now,
      deadline: new Date(Date.now() + 24 * 3600_000).toISOString(),
      total_points: 5,
      question_order: JSON.stringify([question.id]),
      option_order: JSON.stringify({ [question.id]: ['A', 'B'] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const course = await t.db
    .insertInto('courses')
    .values({ team_id: lead.team_id!, title: '生成请求用的课程', status: 'published', is_public: 1, created_by: people.lead.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lesson = await t.db.insertInto('course_lessons').values({ course_id: course.id, position: 1, kind: 'text', title: '课时', body: '正文', object_key: null }).returning('id').executeTakeFirstOrThrow();
  // A view of the lead's, shared with the team (the designer and the part-timer see it too).
  const view = expectEnvelope<{ view_id: number }>(
    await people.lead.client.post('/api/workbench/views', { list: 'my-tickets', name: '生成请求用的视图', filters: { status: '0' }, shared: true }),
    200,
  ).data;
  const values: Record<string, string | number> = {
    '/workbench/views/{id}|id': view.view_id,
    '/workbench/views/{id}/delete|id': view.view_id,
    '/template-shares/{id}/revoke|id': share.id,
    '/template-share/{token}|token': DEMO_SHARE_TOKEN,
    '/study/manage/courses/{id}|id': course.id,
    '/study/manage/courses/{id}/publish|id': course.id,
    '/study/manage/courses/{id}/unpublish|id': course.id,
    '/study/manage/courses/{id}/lessons|id': course.id,
    '/study/manage/courses/{id}/lesson-order|id': course.id,
    '/study/manage/lessons/{id}|id': lesson.id,
    '/study/manage/lessons/{id}/delete|id': lesson.id,
    '/study/courses/{id}|id': course.id,
    '/study/lessons/{id}/progress|id': lesson.id,
    '/study/public/courses/{id}|id': course.id,
    '/study/manage/exams/{id}|id': exam.id,
    '/study/manage/exams/{id}/publish|id': exam.id,
    '/study/manage/exams/{id}/unpublish|id': exam.id,
    '/study/manage/exams/{id}/questions|id': exam.id,
    '/study/manage/exams/{id}/questions/import|id': exam.id,
    '/study/manage/questions/{id}|id': question.id,
    '/study/manage/questions/{id}/delete|id': question.id,
    '/study/exams/{id}|id': exam.id,
    '/study/exams/{id}/attempts|id': exam.id,
    '/study/attempts/{id}|id': attempt.id,
    '/study/attempts/{id}/submit|id': attempt.id,
    '/study/attempts/{id}/answers/{questionId}|id': attempt.id,
    '/study/attempts/{id}/answers/{questionId}|questionId': question.id,
    '/study/public/exams/{id}|id': exam.id,
    '/study/public/exams/{id}/candidate|id': exam.id,
    '/study/public/candidate/attempts/{id}|id': attempt.id,
    '/study/public/candidate/attempts/{id}/submit|id': attempt.id,
    '/study/public/candidate/attempts/{id}/answers/{questionId}|id': attempt.id,
    '/study/public/candidate/attempts/{id}/answers/{questionId}|questionId': question.id,
    '/messages/announcements/{id}|id': announcement.id,
    '/messages/announcements/{id}/read|id': announcement.id,
    '/messages/announcements/{id}/withdraw|id': announcement.id,
    '/order-hall/tickets/{id}/grab|id': ticket.id,
    '/integration/orders/{order_no}/status|order_no': ticket.order_no,
    '/integration/drafts/{draft_id}/audit|draft_id': draft.id,
    '/appeals/{id}|id': appeal.id,
    '/appeals/{id}/review|id': appeal.id,
    '/appeals/{id}/comments|id': appeal.id,
    '/comments/{id}|id': comment.comment_id,
    '/comments/{id}/delete|id': comment.comment_id,
    '/settlements/{id}|id': settlement.id,
    '/settlements/{id}/export|id': settlement.id,
    '/settlements/{id}/confirm|id': settlement.id,
    '/settlements/{id}/pay|id': settlement.id,
    '/teams/invites/{id}/revoke|id': invite.id,
    '/teams/invites/{code}|code': invite.code,
    '/teams/invites/{code}/join|code': invite.code,
    '/teams/panel-keys/{id}/revoke|id': panelKey.id,
    '/team/designers/{designer_id}|designer_id': people.designer.code,
    '/team/expenses/{statement_id}|statement_id': settlement.period_start,
    '/team/expenses/{statement_id}/export|statement_id': settlement.period_start,
    '/order-plans/requests/{id}/review|id': request.id,
    '/order-plans/{id}|id': plan.id,
    '/order-plans/{id}/cells|id': plan.id,
    '/oss/{*}|*': `avatar/${people.designer.code}/20261126/abcdef012345/a.png`,
  };
  for (const [k, v] of Object.entries(values)) real.set(k, String(v));
  for (const suffix of ['', '/delete', '/curation', '/favourite', '/unfavourite', '/use', '/shares']) real.set(`/templates/{id}${suffix}|id`, String(template.id));
  // Every operation on one ticket: its detail, drafts, lead actions and applications.
  for (const suffix of ['', '/drafts', '/assign', '/transfer', '/urge', '/abnormal', '/close', '/final-review', '/factory-reject', '/final-review/review', '/factory-reject/review', '/deductions', '/comments']) {
    real.set(`/tickets/{id}${suffix}|id`, String(ticket.id));
  }
}
