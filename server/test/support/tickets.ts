/**
 * Helpers of the ticket suites: an app with an integration key, orders, and designers/products
 * made directly in the database (so a suite controls exactly who can get which ticket).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { insertDesigner } from '../../src/modules/user/designer.repository.js';
import { type AppOptions, type Client, type DialectName, expectEnvelope, freshPhone, type Res, type TestApp, useTestApp } from './harness.js';
import { designerCode } from '../../src/domain/designers.js';

export const API_KEY = 'test-integration-key-5f1c0b7a';

/** useTestApp with the integration API enabled (key API_KEY) and the demo data seeded. */
export function useTicketApp(dialect: DialectName, opts: AppOptions = {}): TestApp {
  return useTestApp(dialect, { ...opts, config: { integrationApiKeys: [API_KEY], ...opts.config } });
}

export function integration(t: TestApp): Client {
  return t.client({ headers: { 'x-api-key': API_KEY } });
}

let orderCounter = 0;
const orderPrefix = `T${randomBytes(3).toString('hex').toUpperCase()}`;

export function freshOrderNo(): string {
  orderCounter += 1;
  return `${orderPrefix}-${String(orderCounter).padStart(5, '0')}`;
}

export interface OrderBody {
  order_no: string;
  shop_id: number;
  product_id: number;
  title: string;
  allowed_minutes: number;
  fee_cents: number;
  [key: string]: unknown;
}

export async function firstShop(t: TestApp): Promise<number> {
  const s = await t.db.selectFrom('shops').select('id').orderBy('id').executeTakeFirstOrThrow();
  return s.id;
}

export function order(shopId: number, productId: number, extra: Partial<OrderBody> = {}): OrderBody {
  return {
    order_no: freshOrderNo(),
    shop_id: shopId,
    product_id: productId,
    title: '手提袋设计｜简约风｜张女士',
    requirements: '按附件排版',
    allowed_minutes: 480,
    fee_cents: 3500,
    ...extra,
  };
}

export interface TicketView {
  ticket_id: number;
  order_no: string;
  status: string;
  stage: string;
  designer_id: string | null;
  allocation_id: number | null;
  order_markers: string;
  work_markers: string;
  team_id: number | null;
  [key: string]: unknown;
}

/** POST /api/integration/orders, asserting 200; returns { created, ticket }. */
export async function ingest(t: TestApp, body: OrderBody): Promise<{ created: boolean; ticket: TicketView }> {
  const res = await integration(t).post('/api/integration/orders', body);
  return expectEnvelope<{ created: boolean; ticket: TicketView }>(res, 200).data;
}

export async function createProduct(t: TestApp, name = `测试产品${randomBytes(2).toString('hex')}`): Promise<number> {
  const p = await t.db.insertInto('products').values({ name, category: '测试' }).returning('id').executeTakeFirstOrThrow();
  return p.id;
}

export async function createTeam(t: TestApp, name = `测试团队${randomBytes(2).toString('hex')}`): Promise<number> {
  const team = await t.db.insertInto('teams').values({ name, lead_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  return team.id;
}

export interface Person {
  id: number;
  code: string;
  phone: string;
  token: string;
  client: Client;
}

export interface PersonOptions {
  type?: number;
  teamId?: number | null;
  products?: number[];
  online?: 0 | 1;
  capacity?: number;
  step?: number;
  active?: 0 | 1;
  name?: string;
}

/** A designer row made directly (no scrypt), qualified for `products`, with a live token. */
export async function createPerson(t: TestApp, o: PersonOptions = {}): Promise<Person> {
  const phone = freshPhone();
  const type = o.type ?? 1;
  const d = await insertDesigner(t.db, {
    phone,
    password_hash: 'x',
    designer_type: type,
    real_name: o.name ?? `设计师${phone.slice(-4)}`,
    current_registration_step: o.step ?? 6,
    team_id: o.teamId === undefined ? null : o.teamId,
    team_role: type === 0 ? 'lead' : 'member',
    online_ticket_status: o.online ?? 1,
    daily_capacity: o.capacity ?? 20,
    account_status: o.active ?? 1,
  });
  if (o.products?.length) {
    await t.db.insertInto('designer_products').values(o.products.map((product_id) => ({ designer_id: d.id, product_id }))).execute();
  }
  const token = await t.sessionFor(phone);
  return { id: d.id, code: designerCode(d.id), phone, token, client: t.authed(token) };
}

export async function demoPerson(t: TestApp, phone: string): Promise<Person> {
  const d = await t.db.selectFrom('designers').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  const token = await t.sessionFor(phone);
  return { id: d.id, code: designerCode(d.id), phone, token, client: t.authed(token) };
}

export interface StoredMessage {
  id: number;
  designer_id: number;
  message_type: number;
  title: string;
  info: { ticket_id?: number; allocation_id?: number };
}

/** Messages stored for a ticket (ext_json.info.ticket_id), oldest first. */
export async function ticketMessages(t: TestApp, ticketId: number): Promise<StoredMessage[]> {
  const rows = await t.db.selectFrom('messages').select(['id', 'designer_id', 'message_type', 'title', 'ext_json']).orderBy('id').execute();
  return rows
    .map((r) => ({ ...r, info: (JSON.parse(r.ext_json) as { info: StoredMessage['info'] }).info }))
    .filter((m) => m.info.ticket_id === ticketId)
    .map(({ ext_json: _e, ...m }) => m);
}

export async function ticketEvents(t: TestApp, ticketId: number) {
  return t.db.selectFrom('ticket_events').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute();
}

export async function openAllocations(t: TestApp, ticketId: number) {
  return t.db.selectFrom('allocations').selectAll().where('ticket_id', '=', ticketId).where('ended_at', 'is', null).execute();
}

export async function tableCount(t: TestApp, table: 'tickets' | 'allocations' | 'ticket_events' | 'drafts' | 'messages' | 'designer_loads'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A draft object key under the designer's own upload prefix (as the files module signs it). */
export function draftKey(code: string, name = 'design.pdf'): string {
  return `draft/${code}/20261123/${randomBytes(6).toString('hex')}/${name}`;
}

export function expectConflict(res: Res, message?: string | RegExp) {
  const body = expectEnvelope<null>(res, 409);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/**
 * Every risk of a manual assignment confirmed (issue #24 safe assignment): for tests about
 * something else, whose targets may be offline, full or not qualified for the product.
 */
export const CONFIRM_ALL = ['offline', 'over_capacity', 'unqualified'];

/** The order numbers `refuseOrdersAtInsert` makes the database refuse start with this. */
export const REFUSED_PREFIX = 'REFUSE-';

/**
 * Plants a trigger that makes the database itself refuse to insert a ticket whose order number
 * starts with REFUSED_PREFIX, as a constraint would, for a test of what a failing write leaves
 * behind. Returns the function that takes it out again.
 */
export async function refuseOrdersAtInsert(t: TestApp, dialect: DialectName): Promise<() => Promise<void>> {
  const like = `${REFUSED_PREFIX}%`;
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_test_order before insert on tickets when new.order_no like ${sql.lit(like)} begin select raise(abort, 'refused by the test'); end`.execute(t.db);
    return async () => void (await sql`drop trigger refuse_test_order`.execute(t.db));
  }
  await sql`create function refuse_test_order() returns trigger language plpgsql as $$ begin if new.order_no like ${sql.lit(like)} then raise exception 'refused by the test'; end if; return new; end $$`.execute(t.db);
  await sql`create trigger refuse_test_order before insert on tickets for each row execute function refuse_test_order()`.execute(t.db);
  return async () => {
    await sql`drop trigger refuse_test_order on tickets`.execute(t.db);
    await sql`drop function refuse_test_order()`.execute(t.db);
  };
}
