/**
 * The workbench home (issue #18): every card's data in one answer, per the caller's role. Which
 * refresh area of the message contract refreshes which card is in the module README; the SPA
 * invalidates this one query on each of them.
 */
import type { OssConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { shanghaiDay, shanghaiDayStart, weekStartOf } from '../../domain/calendar.js';
import { designerCode, displayName } from '../../domain/designers.js';
import { isoAfter, nowMs } from '../../lib/time.js';
import { announcementImageUrls, listAnnouncements, myMessages, myUnread } from '../messages/index.js';
import { examsToQualify } from '../study/index.js';
import { roleOf } from '../system/index.js';
import { noticeCache } from '../../db/change-notices.js';
import { addDays } from '../../domain/calendar.js';
import { designerNames, nextWorkChange, productLoads, teamMembersToday, teamToday, weekPlanId, workCounts, type WorkScope, workTickets } from './home.repository.js';
import type { PreferenceService } from './preferences.service.js';
import { findPreferences } from './views.repository.js';
import { type HomeView, homeSchema, WORK_GROUPS, type WorkItem } from './workbench.schemas.js';
import { type KeptAnswer, keptAnswer } from '../../lib/encoded-answers.js';
import { ok } from '../../lib/http.js';

/** Rows per work group, latest messages, announcements and exams on the home. */
export const HOME_LIMITS = { workRows: 5, messages: 5, announcements: 5, exams: 5 } as const;
/** "Due soon" on the work card: owing a draft within this window. */
export const DUE_SOON_MS = 2 * 3600_000;

export interface HomeServiceDeps {
  db: Db;
  oss: OssConfig;
  preferences: PreferenceService;
}

export function createHomeService({ db, oss, preferences }: HomeServiceDeps) {
  const workScope = (me: Designer): WorkScope =>
    me.designer_type === 0 && me.team_id !== null ? { kind: 'team', teamId: me.team_id } : { kind: 'designer', designerId: me.id };

  async function work(me: Designer, now: string): Promise<HomeView['work']> {
    const scope = workScope(me);
    const soon = isoAfter(DUE_SOON_MS, Date.parse(now));
    const counts = await workCounts(db, scope, now, soon);
    const picked = await workTickets(db, scope, WORK_GROUPS.filter((g) => counts[g] > 0), now, soon, HOME_LIMITS.workRows);
    const names = await designerNames(db, [...picked.values()].flat().flatMap((r) => (r.designer_id === null ? [] : [r.designer_id])));
    const groups = WORK_GROUPS.map((key) => {
      const items: WorkItem[] = (picked.get(key) ?? []).map((r) => {
        const who = r.designer_id === null ? undefined : names.get(r.designer_id);
        return {
          ticket_id: r.id,
          allocation_id: r.current_allocation_id,
          order_no: r.order_no,
          title: r.title,
          product_id: r.product_id,
          status: r.status,
          stage: r.stage,
          order_markers: r.order_markers,
          work_markers: r.work_markers,
          allowed_minutes: r.allowed_minutes,
          started_at: r.started_at,
          due_at: r.due_at,
          designer_id: r.designer_id === null ? null : designerCode(r.designer_id),
          designer_name: who ? displayName(who) : null,
        };
      });
      return { key, count: counts[key], items };
    });
    return { scope: scope.kind === 'team' ? 'team' : 'mine', total: groups.reduce((s, g) => s + g.count, 0), groups };
  }

  async function project(me: Designer, day: string, overdue: number): Promise<HomeView['project']> {
    if (me.designer_type !== 0 || me.team_id === null) return null;
    const dayStart = shanghaiDayStart(day);
    const planId = await weekPlanId(db, me.team_id, weekStartOf(day));
    const [today, members] = await Promise.all([teamToday(db, me.team_id, dayStart), teamMembersToday(db, me.team_id, day, planId)]);
    return {
      day,
      plan_id: planId,
      tickets_in: today.ticketsIn,
      assigned: members.reduce((s, m) => s + m.assigned, 0),
      done: today.done,
      overdue,
      designers_online: members.filter((m) => m.online_ticket_status === 1).length,
      designers_planned: members.filter((m) => m.capacity > 0).length,
      designers: members.map((m) => ({
        designer_id: designerCode(m.id),
        name: displayName(m),
        online: m.online_ticket_status === 1,
        capacity_today: m.capacity,
        assigned_today: m.assigned,
      })),
    };
  }

  async function product(me: Designer, day: string): Promise<HomeView['product']> {
    const [products, exams] = await Promise.all([productLoads(db, me.id, shanghaiDayStart(day)), examsToQualify(db, me, HOME_LIMITS.exams)]);
    return { products, exams: exams.map((e) => ({ ...e, product_id: Number(e.product_id) })) };
  }

  async function message(me: Designer): Promise<HomeView['message']> {
    const [unread, latest] = await Promise.all([myUnread(db, me.id), myMessages(db, me.id, { is_read: 0 }, 1, HOME_LIMITS.messages)]);
    return { unread: unread.total, items: latest.items };
  }

  async function advert(me: Designer): Promise<HomeView['advert']> {
    const { rows } = await listAnnouncements(db, me, 1, HOME_LIMITS.announcements);
    return {
      items: rows.map((a) => ({
        announcement_id: a.id,
        title: a.title,
        published_at: a.published_at,
        is_read: Number(a.is_read),
        image_url: announcementImageUrls(oss, a).image_thumb_url,
      })),
    };
  }

  /**
   * The home of `me`: work, project (leads with a team), product, message, advert and fast cards.
   * A home is kept (db/change-notices.ts `homes`) until a table it reads changes, and never
   * past the moment it would read differently with no write: the next ticket of its work card to
   * fall due or come within the due-soon window (`nextWorkChange`), or the Shanghai midnight that
   * turns "today". A kept home keeps its `generated_at`. The answer is the whole envelope as JSON
   * text (and the bytes it went out as per encoding: lib/encoded-answers.ts), as the ticket list keeps
   * its pages: a lead's home is ~15 KB, and encoding it through zod and compressing it on every
   * request cost twice as much as reading it from memory (bench/tickets).
   */
  async function home(me: Designer): Promise<KeptAnswer> {
    const homes = noticeCache<KeptAnswer>(db, 'homes');
    const atMs = nowMs();
    const kept = homes?.get(String(me.id), atMs);
    if (kept) return kept;
    const begun = homes?.begin();
    const view = await readHome(me, atMs);
    // Held to the schema once, here, not at every answer (the route sends the text as it is).
    const answer = keptAnswer(ok(homeSchema.parse(view), '获取成功'));
    if (homes) {
      const now = view.generated_at;
      const next = await nextWorkChange(db, workScope(me), now, isoAfter(DUE_SOON_MS, Date.parse(now)), DUE_SOON_MS);
      const midnight = Date.parse(shanghaiDayStart(addDays(shanghaiDay(atMs), 1)));
      homes.put(begun!, String(me.id), me.id, answer, nowMs(), Math.min(midnight, next ?? midnight));
    }
    return answer;
  }

  async function readHome(me: Designer, atMs: number): Promise<HomeView> {
    const now = new Date(atMs).toISOString();
    const day = shanghaiDay(atMs);
    const workCard = await work(me, now);
    const overdue = workCard.groups.find((g) => g.key === 'overdue')!.count;
    const [projectCard, productCard, messageCard, advertCard, prefs] = await Promise.all([
      project(me, day, overdue),
      product(me, day),
      message(me),
      advert(me),
      findPreferences(db, me.id),
    ]);
    return {
      role: roleOf(me.designer_type),
      generated_at: now,
      work: workCard,
      project: projectCard,
      product: productCard,
      message: messageCard,
      advert: advertCard,
      fast: preferences.shortcutsOf(me, prefs?.shortcuts),
      welcome_pending: prefs?.welcome_pending === 1,
    };
  }

  return { home };
}

export type HomeService = ReturnType<typeof createHomeService>;
