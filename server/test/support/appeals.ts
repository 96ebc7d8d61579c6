/**
 * Helpers of the appeal, deduction and settlement suites: a team world, tickets assigned to its
 * designer, and a snapshot of every table these changes write (to prove a refusal changed nothing).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { expectEnvelope, type TestApp } from './harness.js';
import { createPerson, createProduct, createTeam, firstShop, ingest, integration, order, type Person, type TicketView } from './tickets.js';

export interface World {
  product: number;
  shop: number;
  teamId: number;
  lead: Person;
  designer: Person;
  /** Same team, never holds the world's tickets. */
  mate: Person;
  otherTeamId: number;
  otherLead: Person;
}

/** A team with a lead and a designer who alone is qualified for a new product; another team with a lead. */
export async function createWorld(t: TestApp): Promise<World> {
  const product = await createProduct(t);
  const teamId = await createTeam(t);
  const otherTeamId = await createTeam(t);
  const [shop, lead, designer, mate, otherLead] = await Promise.all([
    firstShop(t),
    createPerson(t, { type: 0, teamId, online: 0 }),
    createPerson(t, { type: 1, teamId, products: [product], capacity: 1000 }),
    createPerson(t, { type: 1, teamId, products: [], capacity: 1000 }),
    createPerson(t, { type: 0, teamId: otherTeamId, online: 0 }),
  ]);
  return { product, shop, teamId, lead, designer, mate, otherTeamId, otherLead };
}

/** A new ticket of the world's team, system-assigned to its designer. */
export async function assignedTicket(t: TestApp, w: World, extra: Record<string, unknown> = {}): Promise<TicketView> {
  const { ticket } = await ingest(t, order(w.shop, w.product, { team_id: w.teamId, ...extra }));
  expect(ticket.designer_id).toBe(w.designer.code);
  return ticket;
}

export async function upstream(t: TestApp, orderNo: string, event: 'refund' | 'completion' | 'close' | 'factory_reject', reason = '') {
  return expectEnvelope(await integration(t).post(`/api/integration/orders/${orderNo}/status`, { event, reason }), 200).data;
}

export function externalId(): string {
  return `EXT-${randomBytes(6).toString('hex')}`;
}

export interface DeductionWire {
  deduction_id: number;
  ticket_id: number;
  source: string;
  amount_cents: number;
  appeal_type: string;
  can_appeal: boolean;
  appeal: { appeal_id: number; status: string } | null;
  [key: string]: unknown;
}

/** POST /api/integration/deductions (asserting 200). */
export async function upstreamDeduction(t: TestApp, orderNo: string, source: 'after_sales' | 'qc', amount: number, id = externalId()) {
  const res = await integration(t).post('/api/integration/deductions', { external_id: id, order_no: orderNo, source, amount_cents: amount, reason: '客户投诉印刷色差' });
  return expectEnvelope<{ created: boolean; deduction: DeductionWire }>(res, 200).data;
}

/** An object key under the designer's own appeal upload prefix. */
export function appealKey(code: string, name = '说明.png'): string {
  return `appeal/${code}/20261123/${randomBytes(6).toString('hex')}/${name}`;
}

const TABLES = ['appeals', 'appeal_events', 'ticket_events', 'messages', 'deductions', 'settlement_lines', 'settlements', 'drafts'] as const;

/** Row counts of every table an appeal or deduction writes, plus the state of the appeals, tickets and settlements. */
export async function snapshot(t: TestApp) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const appeals = await t.db.selectFrom('appeals').select(['id', 'status', 'approved_cents', 'reviewer_id', 'review_note']).orderBy('id').execute();
  const tickets = await t.db.selectFrom('tickets').select(['id', 'status', 'work_markers']).orderBy('id').execute();
  const settlements = await t.db.selectFrom('settlements').select(['id', 'status', 'net_cents', 'line_count']).orderBy('id').execute();
  const drafts = await t.db.selectFrom('drafts').select(['id', 'sync_status']).orderBy('id').execute();
  return { counts, appeals, tickets, settlements, drafts };
}

/** Every settlement's totals against the sums of its lines; returns how many settlements were checked. */
export async function expectSettlementsAddUp(t: TestApp): Promise<number> {
  const settlements = await t.db.selectFrom('settlements').selectAll().execute();
  const lines = await t.db.selectFrom('settlement_lines').selectAll().execute();
  for (const s of settlements) {
    const mine = lines.filter((l) => l.settlement_id === s.id);
    const sum = (kind: string) => mine.filter((l) => l.kind === kind).reduce((a, l) => a + Number(l.amount_cents), 0);
    const gross = sum('fee');
    const deduction = 0 - sum('deduction');
    const adjustment = sum('adjustment');
    const net = mine.reduce((a, l) => a + Number(l.amount_cents), 0);
    expect({ id: s.id, gross: Number(s.gross_cents), deduction: Number(s.deduction_cents), adjustment: Number(s.adjustment_cents), net: Number(s.net_cents), lines: Number(s.line_count) }).toEqual({
      id: s.id,
      gross,
      deduction,
      adjustment,
      net,
      lines: mine.length,
    });
    expect(Number(s.net_cents)).toBe(Number(s.gross_cents) - Number(s.deduction_cents) + Number(s.adjustment_cents));
    for (const l of mine) expect(l.designer_id).toBe(s.designer_id);
  }
  return settlements.length;
}
