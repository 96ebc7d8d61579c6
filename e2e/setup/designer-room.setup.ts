import { authHeaders, type DemoRole, expect, okData, test as setup } from '../fixtures';

/**
 * Runs once before every suite (the `setup` project): the suites send dozens of product-1 orders
 * to the demo designer in one day, the only online regular designer qualified for it. With the
 * demo plan's 20 a day and the demo tickets already assigned today, the system assigned nobody by
 * the evening, and a suite asserting a system assignment failed or passed with the time of day
 * and the order suites ran in. The lead raises the designer's plan cell for today to the maximum
 * (200) here, before any suite starts, so no suite races another over it.
 */
setup('the demo designer and part-timers have room for today’s e2e orders', async ({ api, demoSession }) => {
  const lead = await demoSession('lead');
  const idOf = async (role: DemoRole) => {
    const session = await demoSession(role);
    return (await okData<{ designer_id: string }>(await api.get('/api/user/profile', { headers: authHeaders(session.token) }))).designer_id;
  };
  const me = { designer_id: await idOf('designer') };
  // The part-time designers too: the demo data's hall grabs of today fill their day by the evening,
  // and the hall race refuses a grab past the day's limit.
  const partTimers = [await idOf('partTime'), await idOf('partTime3')];
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const d = new Date(`${today}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);

  const created = await api.post('/api/order-plans', { headers: authHeaders(lead.token), data: { week_start: monday } });
  expect([200, 409]).toContain(created.status());
  const plans = await okData<{ items: { plan_id: number; week_start: string }[] }>(
    await api.get('/api/order-plans', { headers: authHeaders(lead.token), params: { pageSize: 100 } }),
  );
  const plan = plans.items.find((p) => p.week_start === monday);
  expect(plan, 'this week’s plan exists').toBeTruthy();
  const saved = await okData<{ rows: { designer_id: string; cells: { day: string; capacity: number }[] }[] }>(
    await api.put(`/api/order-plans/${plan!.plan_id}/cells`, {
      headers: authHeaders(lead.token),
      data: { cells: [me.designer_id, ...partTimers].map((designer_id) => ({ designer_id, day: today, capacity: 200 })) },
    }),
  );
  for (const id of [me.designer_id, ...partTimers]) {
    const cell = saved.rows.find((r) => r.designer_id === id)?.cells.find((c) => c.day === today);
    expect(cell?.capacity, `today's capacity of ${id}`).toBe(200);
  }
});
