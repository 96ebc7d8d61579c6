/**
 * Saved views (issue #18): saved per list with the list endpoint's own filter schema, personal or
 * shared with the team by a lead, ownership (only the owner deletes; the owner or a lead of the
 * team edits a shared view; another team's view is 404), order, the default per list, each view's
 * live count; and the fast card's shortcuts and the colour scheme.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedTicket, createWorld, type World } from './support/appeals.js';
import { dialects, expectEnvelope, expectFieldErrors } from './support/harness.js';
import { createPerson, draftKey, type Person, useTicketApp } from './support/tickets.js';

interface ViewWire {
  view_id: number;
  list: string;
  name: string;
  filters: Record<string, string>;
  sort: { by: string; order: string } | null;
  columns: string[];
  shared: boolean;
  pinned: boolean;
  position: number;
  owner: { designer_id: string; name: string };
  mine: boolean;
  can_edit: boolean;
  can_delete: boolean;
  is_default: boolean;
  count: number;
}

describe.each(dialects)('workbench saved views (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let w: World;
  let partTimer: Person;
  let otherMember: Person;

  const create = async (who: Person, body: Record<string, unknown>) => expectEnvelope<ViewWire>(await who.client.post('/api/workbench/views', body), 200).data;
  const views = async (who: Person, list?: string) => expectEnvelope<ViewWire[]>(await who.client.get(`/api/workbench/views${list ? `?list=${list}` : ''}`), 200).data;
  const total = async (who: Person, query: string) => expectEnvelope<{ total: number }>(await who.client.get(`/api/tickets?${query}`), 200).data.total;

  beforeAll(async () => {
    w = await createWorld(t);
    partTimer = await createPerson(t, { type: 2, teamId: w.teamId, online: 0 });
    otherMember = await createPerson(t, { teamId: w.otherTeamId, online: 0 });
    for (let i = 0; i < 3; i++) await assignedTicket(t, w);
    const drafted = await assignedTicket(t, w);
    expectEnvelope(await w.designer.client.post(`/api/tickets/${drafted.ticket_id}/drafts`, { kind: 'first', files: [draftKey(w.designer.code)] }), 200);
  });

  it('a designer saves a view of My tickets; its count is the list’s own total, and follows new tickets', async () => {
    const v = await create(w.designer, {
      list: 'my-tickets',
      name: '待初稿',
      filters: { stage: 'waiting', status: '0,7' },
      sort: { by: 'updated_at', order: 'asc' },
      columns: ['order_no', 'title', 'due_at'],
      pinned: true,
    });
    expect(v).toMatchObject({ list: 'my-tickets', name: '待初稿', shared: false, pinned: true, mine: true, can_edit: true, can_delete: true, is_default: false });
    expect(v.owner.designer_id).toBe(w.designer.code);
    expect(v.count).toBe(await total(w.designer, 'stage=waiting&status=0,7'));
    expect(v.count).toBe(3);
    await assignedTicket(t, w);
    const again = (await views(w.designer, 'my-tickets')).find((x) => x.view_id === v.view_id)!;
    expect(again.count).toBe(4);
    // The same filters counted for the lead (the team's tickets) are the lead's own total.
    const leads = await create(w.lead, { list: 'my-tickets', name: '团队待初稿', filters: { stage: 'waiting' } });
    expect(leads.count).toBe(await total(w.lead, 'stage=waiting'));
  });

  it('filters, sort and columns are checked with the list’s own schema: 422 naming the field', async () => {
    const post = (body: Record<string, unknown>) => w.designer.client.post('/api/workbench/views', { list: 'my-tickets', name: '坏视图', ...body });
    expectFieldErrors(await post({ filters: { status: '9' } }), [['filters.status', '工单状态不正确']]);
    expectFieldErrors(await post({ filters: { color: 'red' } }), [['filters.color', '该列表不支持这个筛选条件']]);
    expectFieldErrors(await post({ filters: { page: '2' } }), [['filters.page', '该列表不支持这个筛选条件']]);
    expectFieldErrors(await post({ sort: { by: 'title', order: 'asc' } }), [['sort.by', '排序字段不正确']]);
    expectFieldErrors(await post({ sort: { by: 'created_at', order: 'up' } }), [['sort.order', '排序方向不正确']]);
    expectFieldErrors(await post({ columns: ['order_no', 'secret', 'order_no'] }), [
      ['columns.1', '该列表没有这一列'],
      ['columns.2', '列不能重复'],
    ]);
    expectFieldErrors(await post({ name: '  ' }), [['name', '请输入视图名称']]);
    expectFieldErrors(await post({ list: 'everything' }), [['list', '列表不正确']]);
    expectFieldErrors(await w.designer.client.post('/api/workbench/views', { list: 'appeals', name: '申诉', sort: { by: 'created_at', order: 'asc' } }), [
      ['sort', '该列表按固定顺序排列，不能设置排序'],
    ]);
    expectFieldErrors(await w.designer.client.post('/api/workbench/views', { list: 'appeals', name: '申诉', filters: { scope: 'review' } }), [
      ['filters.scope', '该列表不支持这个筛选条件'],
    ]);
    expectFieldErrors(await w.designer.client.post('/api/workbench/views', { list: 'deductions', name: '扣款', filters: { source: 'theft' } }), [
      ['filters.source', '扣款来源不正确'],
    ]);
    const ok = await create(w.designer, { list: 'deductions', name: '售后扣款', filters: { source: 'after_sales', from: '2026-11-01' } });
    expect(ok.count).toBe(0);
    expect(await t.db.selectFrom('saved_views').select('name').where('name', '=', '坏视图').execute()).toEqual([]);
  });

  it('only leads share, and use team orders and the review queue', async () => {
    expect(expectEnvelope(await w.designer.client.post('/api/workbench/views', { list: 'my-tickets', name: '想共享', shared: true }), 403).message).toBe('只有团队负责人可以共享视图');
    expect(expectEnvelope(await w.designer.client.post('/api/workbench/views', { list: 'team-orders', name: '团队' }), 403).message).toBe('只有团队负责人可以使用该列表');
    expectEnvelope(await w.designer.client.get('/api/workbench/views?list=review-queue'), 403);
    const queue = await create(w.lead, { list: 'review-queue', name: '待审核', filters: { status: 'pending' }, shared: true });
    expect(queue.shared).toBe(true);
    const orders = await create(w.lead, { list: 'team-orders', name: '设计师的单', filters: { designer_id: w.designer.code } });
    expect(orders.count).toBe(await total(w.lead, `designer_id=${w.designer.code}`));
    expect(orders.count).toBeGreaterThan(0);
    // A designer never sees the leads' lists, shared or not.
    expect((await views(w.designer)).map((v) => v.list)).not.toContain('review-queue');
  });

  it('a shared view: the team sees it with their own count; only a lead of the team edits it, only its owner deletes it; another team gets 404', async () => {
    const shared = await create(w.lead, { list: 'my-tickets', name: '团队共享：全部待处理', filters: { status: '0' }, shared: true, pinned: true });
    const seen = (await views(w.designer, 'my-tickets')).find((v) => v.view_id === shared.view_id)!;
    expect(seen).toMatchObject({ shared: true, mine: false, can_edit: false, can_delete: false });
    expect(seen.count).toBe(await total(w.designer, 'status=0'));
    expect((await views(w.mate, 'my-tickets')).find((v) => v.view_id === shared.view_id)!.count).toBe(0);
    expect((await views(partTimer)).map((v) => v.view_id)).toContain(shared.view_id);
    expect((await views(w.otherLead)).map((v) => v.view_id)).not.toContain(shared.view_id);
    expect((await views(otherMember)).map((v) => v.view_id)).not.toContain(shared.view_id);

    const edit = { name: '改名', filters: { status: '5' }, shared: true };
    expect(expectEnvelope(await w.designer.client.put(`/api/workbench/views/${shared.view_id}`, edit), 403).message).toBe('只能修改自己的视图');
    expect(expectEnvelope(await w.designer.client.post(`/api/workbench/views/${shared.view_id}/delete`), 403).message).toBe('只能删除自己的视图');
    expect(expectEnvelope(await w.otherLead.client.put(`/api/workbench/views/${shared.view_id}`, edit), 404).message).toBe('视图不存在');
    expectEnvelope(await w.otherLead.client.post(`/api/workbench/views/${shared.view_id}/delete`), 404);
    expectEnvelope(await otherMember.client.put(`/api/workbench/views/${shared.view_id}`, edit), 404);
    const stored = await t.db.selectFrom('saved_views').selectAll().where('id', '=', shared.view_id).executeTakeFirstOrThrow();
    expect(stored.name).toBe('团队共享：全部待处理');

    // A second lead of the team edits it (not deletes it); it stays the first lead's, in their team.
    const coLead = await createPerson(t, { type: 0, teamId: w.teamId, online: 0 });
    const edited = expectEnvelope<ViewWire>(await coLead.client.put(`/api/workbench/views/${shared.view_id}`, edit), 200).data;
    expect(edited).toMatchObject({ name: '改名', filters: { status: '5' }, shared: true, mine: false, can_edit: true, can_delete: false });
    expect(edited.owner.designer_id).toBe(w.lead.code);
    expectEnvelope(await coLead.client.post(`/api/workbench/views/${shared.view_id}/delete`), 403);
    expectEnvelope(await w.lead.client.post(`/api/workbench/views/${shared.view_id}/delete`), 200);
    expect((await views(w.designer)).map((v) => v.view_id)).not.toContain(shared.view_id);
    expectEnvelope(await w.lead.client.put(`/api/workbench/views/${shared.view_id}`, edit), 404);
  });

  it('a personal view is its owner’s alone: the lead and the team get 404', async () => {
    const mine = await create(w.designer, { list: 'appeals', name: '我的申诉', filters: { status: 'pending' } });
    expect(mine.count).toBe(0);
    for (const who of [w.lead, w.mate, w.otherLead]) {
      expectEnvelope(await who.client.put(`/api/workbench/views/${mine.view_id}`, { name: '别人的' }), 404);
      expectEnvelope(await who.client.post(`/api/workbench/views/${mine.view_id}/delete`), 404);
      expect((await views(who)).map((v) => v.view_id)).not.toContain(mine.view_id);
    }
    expectEnvelope(await t.anon.get('/api/workbench/views'), 401);
    const renamed = expectEnvelope<ViewWire>(await w.designer.client.put(`/api/workbench/views/${mine.view_id}`, { name: '我的待审申诉', filters: { status: 'pending' } }), 200).data;
    expect(renamed).toMatchObject({ name: '我的待审申诉', list: 'appeals' });
    // A name is unique per person and list.
    expect(expectEnvelope(await w.designer.client.post('/api/workbench/views', { list: 'appeals', name: '我的待审申诉' }), 409).message).toBe('已有同名视图，请换一个名称');
    expectEnvelope(await w.designer.client.post(`/api/workbench/views/${mine.view_id}/delete`), 200);
    expect(await t.db.selectFrom('saved_views').select('id').where('id', '=', mine.view_id).execute()).toEqual([]);
  });

  it('reorders my views of a list; the default view per list, and what deleting it does', async () => {
    const person = await createPerson(t, { teamId: w.teamId });
    const a = await create(person, { list: 'my-tickets', name: '甲' });
    const b = await create(person, { list: 'my-tickets', name: '乙' });
    const c = await create(person, { list: 'my-tickets', name: '丙' });
    expect([a, b, c].map((v) => v.position)).toEqual([1, 2, 3]);
    const ordered = expectEnvelope<ViewWire[]>(await person.client.put('/api/workbench/views/order', { list: 'my-tickets', view_ids: [c.view_id, a.view_id, b.view_id] }), 200).data;
    expect(ordered.filter((v) => v.mine).map((v) => v.name)).toEqual(['丙', '甲', '乙']);
    expectFieldErrors(await person.client.put('/api/workbench/views/order', { list: 'my-tickets', view_ids: [c.view_id, a.view_id] }), [['view_ids', '请提供该列表中自己的全部视图']]);
    expectFieldErrors(await person.client.put('/api/workbench/views/order', { list: 'my-tickets', view_ids: [c.view_id, a.view_id, a.view_id] }), [['view_ids', '视图不能重复']]);

    // The default may be my own view or the team's shared one; never another team's, nor another list's.
    const shared = await create(w.lead, { list: 'my-tickets', name: '共享默认', shared: true });
    expectEnvelope(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: shared.view_id }), 200);
    expect((await views(person, 'my-tickets')).filter((v) => v.is_default).map((v) => v.view_id)).toEqual([shared.view_id]);
    const foreign = await create(w.otherLead, { list: 'my-tickets', name: '别队共享', shared: true });
    expectEnvelope(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: foreign.view_id }), 404);
    const deductions = await create(person, { list: 'deductions', name: '扣款' });
    expectFieldErrors(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: deductions.view_id }), [['view_id', '该视图不属于这个列表']]);
    expectEnvelope(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: b.view_id }), 200);
    expect((await views(person, 'my-tickets')).filter((v) => v.is_default).map((v) => v.view_id)).toEqual([b.view_id]);
    expectEnvelope(await person.client.post(`/api/workbench/views/${b.view_id}/delete`), 200);
    expect((await views(person, 'my-tickets')).some((v) => v.is_default)).toBe(false);
    expect(await t.db.selectFrom('saved_view_defaults').selectAll().where('view_id', '=', b.view_id).execute()).toEqual([]);
    expectEnvelope(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: a.view_id }), 200);
    expectEnvelope(await person.client.put('/api/workbench/views/default', { list: 'my-tickets', view_id: null }), 200);
    expect((await views(person, 'my-tickets')).some((v) => v.is_default)).toBe(false);
  });

  it('at most 20 views per list and person', async () => {
    const person = await createPerson(t, { teamId: w.teamId });
    for (let i = 0; i < 20; i++) await create(person, { list: 'deductions', name: `视图${i}` });
    expect(expectEnvelope(await person.client.post('/api/workbench/views', { list: 'deductions', name: '第21个' }), 409).message).toBe('每个列表最多保存20个视图');
    await create(person, { list: 'appeals', name: '另一个列表' });
  });
});

describe.each(dialects)('workbench shortcuts and preferences (%s)', (dialect) => {
  const t = useTicketApp(dialect);
  let designer: Person;
  let lead: Person;

  interface ShortcutsWire {
    paths: string[];
    items: { path: string; title: string }[];
    is_default: boolean;
    available: { path: string; title: string }[];
  }

  beforeAll(async () => {
    designer = await createPerson(t);
    lead = await createPerson(t, { type: 0 });
  });

  it('shortcuts default to the menu’s top entries, are pinned in order from my menu only, at most 12', async () => {
    const first = expectEnvelope<ShortcutsWire>(await designer.client.get('/api/workbench/shortcuts'), 200).data;
    expect(first.is_default).toBe(true);
    expect(first.paths).toEqual(first.available.slice(0, 8).map((a) => a.path));
    expect(first.available.map((a) => a.path)).toContain('/order-management/index');
    expect(first.available.map((a) => a.path)).not.toContain('/team-management/dashboard');
    expect(first.available.some((a) => a.path.includes(':'))).toBe(false);

    const pinned = expectEnvelope<ShortcutsWire>(await designer.client.put('/api/workbench/shortcuts', { paths: ['/message-center/index', '/order-management/index'] }), 200).data;
    expect(pinned).toMatchObject({ paths: ['/message-center/index', '/order-management/index'], is_default: false });
    expect(pinned.items.map((i) => i.title)).toEqual(['消息中心', '我的工单']);
    expect(expectEnvelope<ShortcutsWire>(await designer.client.get('/api/workbench/shortcuts'), 200).data.paths).toEqual(['/message-center/index', '/order-management/index']);
    const home = expectEnvelope<{ fast: ShortcutsWire }>(await designer.client.get('/api/workbench/home'), 200).data;
    expect(home.fast.paths).toEqual(['/message-center/index', '/order-management/index']);

    expectFieldErrors(await designer.client.put('/api/workbench/shortcuts', { paths: ['/order-management/index', '/team-management/dashboard', '/nowhere'] }), [
      ['paths.1', '该菜单不存在或无权访问'],
      ['paths.2', '该菜单不存在或无权访问'],
    ]);
    expectFieldErrors(await designer.client.put('/api/workbench/shortcuts', { paths: ['/order-management/index', '/order-management/index'] }), [['paths.1', '快捷入口不能重复']]);
    expectFieldErrors(await designer.client.put('/api/workbench/shortcuts', { paths: Array.from({ length: 13 }, () => '/order-management/index') }), [['paths', '最多固定12个快捷入口']]);
    expectFieldErrors(await designer.client.put('/api/workbench/shortcuts', { paths: ['/order-fee/detail/:id'] }), [['paths.0', '该菜单不存在或无权访问']]);
    // The refusals changed nothing; an empty list goes back to the default.
    expect(expectEnvelope<ShortcutsWire>(await designer.client.get('/api/workbench/shortcuts'), 200).data.paths).toEqual(['/message-center/index', '/order-management/index']);
    expect(expectEnvelope<ShortcutsWire>(await designer.client.put('/api/workbench/shortcuts', { paths: [] }), 200).data.is_default).toBe(true);

    const leadPaths = expectEnvelope<ShortcutsWire>(await lead.client.put('/api/workbench/shortcuts', { paths: ['/team-management/dashboard'] }), 200).data;
    expect(leadPaths.items).toEqual([{ path: '/team-management/dashboard', title: '团队看板' }]);
  });

  it('the colour scheme: auto by default, kept per person, only auto/light/dark', async () => {
    expect(expectEnvelope(await designer.client.get('/api/workbench/preferences'), 200).data).toEqual({ color_scheme: 'auto' });
    expect(expectEnvelope(await designer.client.put('/api/workbench/preferences', { color_scheme: 'dark' }), 200).data).toEqual({ color_scheme: 'dark' });
    expect(expectEnvelope(await designer.client.get('/api/workbench/preferences'), 200).data).toEqual({ color_scheme: 'dark' });
    expect(expectEnvelope(await lead.client.get('/api/workbench/preferences'), 200).data).toEqual({ color_scheme: 'auto' });
    expectFieldErrors(await designer.client.put('/api/workbench/preferences', { color_scheme: 'blue' }), [['color_scheme', '配色只能是 auto、light 或 dark']]);
    // Pinning shortcuts keeps the scheme, and the scheme keeps the shortcuts.
    expectEnvelope(await designer.client.put('/api/workbench/shortcuts', { paths: ['/order-fee/index'] }), 200);
    expect(expectEnvelope(await designer.client.get('/api/workbench/preferences'), 200).data).toEqual({ color_scheme: 'dark' });
    expectEnvelope(await designer.client.put('/api/workbench/preferences', { color_scheme: 'light' }), 200);
    expect(expectEnvelope<ShortcutsWire>(await designer.client.get('/api/workbench/shortcuts'), 200).data.paths).toEqual(['/order-fee/index']);
    expectEnvelope(await t.anon.put('/api/workbench/preferences', { color_scheme: 'dark' }), 401);
  });
});
