/**
 * Team expense statements: the members' settlements of a period rolled up (totals = sums of the
 * members), newest period first, with detail and CSV / XLSX export (a row per member + a total).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, createTeam, type Person, useTicketApp } from './support/tickets.js';

describe.each(dialects)('team expenses (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let lead: Person;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    const team = await createTeam(t);
    const other = await createTeam(t);
    lead = await createPerson(t, { type: 0, teamId: team });
    a = await createPerson(t, { teamId: team, name: '费用甲' });
    b = await createPerson(t, { teamId: team, name: '费用乙' });
    const x = await createPerson(t, { teamId: other, name: '别队' });
    const now = new Date().toISOString();
    const settle = (who: Person, teamId: number, start: string, end: string, status: string, gross: number, deduction: number, adjustment: number, lines: number) =>
      t.db
        .insertInto('settlements')
        .values({
          designer_id: who.id,
          team_id: teamId,
          period_start: start,
          period_end: end,
          status,
          gross_cents: gross,
          deduction_cents: deduction,
          adjustment_cents: adjustment,
          net_cents: gross - deduction + adjustment,
          line_count: lines,
          confirmed_at: status === 'open' ? null : now,
          paid_at: status === 'paid' ? now : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await settle(a, team, '2026-11-02', '2026-11-08', 'open', 12_345, 500, 200, 5);
    await settle(b, team, '2026-11-02', '2026-11-08', 'confirmed', 8_000, 1_000, 0, 3);
    await settle(a, team, '2026-10-26', '2026-11-01', 'paid', 10_000, 0, -150, 2);
    await settle(x, other, '2026-11-02', '2026-11-08', 'open', 99_999, 0, 0, 1);
  });

  it('lists statements newest first with totals equal to the sums of the members', async () => {
    const body = expectEnvelope(await lead.client.get('/api/team/expenses'), 200);
    expect(body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.data.items).toEqual([
      {
        statement_id: '2026-11-02',
        period_start: '2026-11-02',
        period_end: '2026-11-08',
        member_count: 2,
        gross_cents: 20_345,
        deduction_cents: 1_500,
        adjustment_cents: 200,
        net_cents: 19_045,
        status_counts: { open: 1, confirmed: 1, paid: 0 },
      },
      {
        statement_id: '2026-10-26',
        period_start: '2026-10-26',
        period_end: '2026-11-01',
        member_count: 1,
        gross_cents: 10_000,
        deduction_cents: 0,
        adjustment_cents: -150,
        net_cents: 9_850,
        status_counts: { open: 0, confirmed: 0, paid: 1 },
      },
    ]);
  });

  it('shows a statement with every member’s settlement', async () => {
    const body = expectEnvelope(await lead.client.get('/api/team/expenses/2026-11-02'), 200);
    expect(body.data.net_cents).toBe(19_045);
    expect(body.data.members.map((m: { designer_id: string; designer_name: string; net_cents: number; status: string }) => [m.designer_id, m.designer_name, m.net_cents, m.status])).toEqual([
      [a.code, '费用甲', 12_045, 'open'],
      [b.code, '费用乙', 7_000, 'confirmed'],
    ]);
    const sum = (k: 'gross_cents' | 'deduction_cents' | 'adjustment_cents' | 'net_cents') => body.data.members.reduce((s: number, m: Record<string, number>) => s + m[k]!, 0);
    for (const k of ['gross_cents', 'deduction_cents', 'adjustment_cents', 'net_cents'] as const) expect(body.data[k]).toBe(sum(k));
    expectEnvelope(await lead.client.get('/api/team/expenses/2026-11-09'), 404);
    expectFieldErrors(await lead.client.get('/api/team/expenses/2026-13-01'), [['statement_id', '日期格式应为YYYY-MM-DD']]);
  });

  it('shows a member only their own share of a statement, and 404 where they have none', async () => {
    const lead_ = expectEnvelope(await lead.client.get('/api/team/expenses/2026-11-02'), 200);
    expect(lead_.data.scope).toBe('team');
    const own = expectEnvelope(await b.client.get('/api/team/expenses/2026-11-02'), 200);
    expect(own.data).toMatchObject({
      statement_id: '2026-11-02',
      period_end: '2026-11-08',
      scope: 'own',
      member_count: 1,
      gross_cents: 8_000,
      deduction_cents: 1_000,
      adjustment_cents: 0,
      net_cents: 7_000,
      status_counts: { open: 0, confirmed: 1, paid: 0 },
    });
    expect(own.data.members.map((m: { designer_id: string }) => m.designer_id)).toEqual([b.code]);
    expect(JSON.stringify(own.data)).not.toContain('费用甲');
    // b had no settlement in the week before; a's week is not b's to read.
    expectEnvelope(await b.client.get('/api/team/expenses/2026-10-26'), 404);
    // The export stays with the lead.
    expectEnvelope(await b.client.get('/api/team/expenses/2026-11-02/export?format=csv'), 403);
  });

  it('exports CSV with a row per member and a total row matching the statement; XLSX as a workbook', async () => {
    const res = await lead.client.get('/api/team/expenses/2026-11-02/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('实发（元）');
    expect(lines[1]).toContain(a.code);
    expect(lines[2]).toContain(b.code);
    expect(lines[3]!.split(',')).toEqual(['合计', '2人', '2026-11-02', '2026-11-08', '', '203.45', '15.00', '2.00', '190.45', '8']);
    const xlsx = await lead.client.get('/api/team/expenses/2026-11-02/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expectFieldErrors(await lead.client.get('/api/team/expenses/2026-11-02/export?format=pdf'), [['format', '导出格式只能是 csv 或 xlsx']]);
  });
});
