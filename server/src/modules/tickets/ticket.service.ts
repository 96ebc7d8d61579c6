/**
 * The tickets module's service, `app.tickets`: what each person may see of tickets (lists, detail,
 * panel counts, the order hall), and every change, composed from the services split by who acts:
 *
 * | file | who acts | what |
 * |---|---|---|
 * | `ingestion.service.ts` | the upstream system (integration API, simulator) | new orders, one per call or a batch |
 * | `upstream-events.service.ts` | the upstream system | status changes of orders, draft check results |
 * | `allocation.service.ts` | (used by all three) | the system's pick, capacity claims, opening an allocation |
 * | `lead-actions.service.ts` | a team lead | assign, transfer, urge, mark abnormal, close |
 * | `designer-actions.service.ts` | a designer | grab from the hall, submit drafts |
 *
 * Applications for a final review or a factory rejection and their decisions are the appeals
 * module's (`../appeals/application.service.ts`). Each change runs in one unit of work that also
 * writes its timeline event and its messages (product.md §6); the SQL is in the repositories.
 */
import type { Db, Dialect } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import type { MessageService, UnitOfWork } from '../messages/index.js';
import type { SettlementPeriod } from '../settlements/index.js';
import { parseDesignerCode } from '../../domain/designers.js';
import { createAllocator } from './allocation.service.js';
import { createDesignerActions } from './designer-actions.service.js';
import { createIngestionService } from './ingestion.service.js';
import { createLeadActions } from './lead-actions.service.js';
import { createUpstreamEvents } from './upstream-events.service.js';
import { canRead } from './ticket.model.js';
import { hallTickets, listTickets, panelCounts, ticketPages, type TicketScope } from './ticket-list.repository.js';
import { ticketTable } from './ticket-export.js';
import { findTicket, type TicketRow, ticketDetail } from './ticket.repository.js';
import type { ExportQuery, ListQuery, PanelCounts, TicketDetail, TicketItem } from './ticket.schemas.js';
import type { Table } from '../../lib/tabular-export.js';
import { today } from '../../domain/calendar.js';

export interface TicketServiceDeps {
  db: Db;
  dialect: Dialect;
  messages: MessageService;
  /** Runs each change and the messages it sends as one transaction (messages/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
  /** Settlement period of fee lines posted on completion (SETTLEMENT_PERIOD; default week). */
  settlementPeriod?: SettlementPeriod;
  /** The URL a stored file is read at (files' `objectReadUrl`: signed and short-lived for drafts and attachments). */
  readUrl: (keyOrUrl: string) => string;
}

export { TAKEN_MESSAGE } from './ticket-access.js';

export type TicketService = ReturnType<typeof createTicketService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every read and change of tickets goes through this service (routes, integration API, simulator, team bulk actions). */
    tickets: TicketService;
  }
}

/** Whose tickets "my tickets" are: a designer's current tickets; a lead's team (one designer of it with `designerId`), or the pool. */
export function scopeOf(me: Designer, query: Pick<ListQuery, 'scope'> & { designerIds?: readonly number[] } = { scope: 'team' }): TicketScope {
  if (me.designer_type !== 0) return { kind: 'designer', designerId: me.id };
  if (query.scope === 'pool') return { kind: 'pool' };
  if (me.team_id === null) return { kind: 'pool' };
  return { kind: 'team', teamId: me.team_id, designerIds: query.designerIds };
}

/** The designers a lead's list is narrowed to; an unknown code matches nobody (never "everyone"). */
function designerIdsOf(codes: readonly string[] | undefined): number[] | undefined {
  return codes?.length ? codes.map((c) => parseDesignerCode(c) ?? -1) : undefined;
}

/** Rows an export reads per statement, and at most in all (an Excel sheet holds 1,048,576 rows). */
export const EXPORT_PAGE_ROWS = 1_000;
export const EXPORT_MAX_ROWS = 1_000_000;

export function createTicketService({ db, dialect, messages, unitOfWork, settlementPeriod = 'week', readUrl }: TicketServiceDeps) {
  const allocator = createAllocator({ dialect });

  /** One page of my tickets (a lead: the team's, one designer's, or the pool), filtered and sorted. */
  async function list(me: Designer, q: ListQuery): Promise<{ items: TicketItem[]; total: number }> {
    // An unknown designer code matches nobody (never "everyone").
    const designerIds = designerIdsOf(q.designer_id);
    return listTickets(db, {
      scope: { ...scopeOf(me, { scope: q.scope, designerIds }), view: q.view },
      filters: q,
      sortBy: q.sort_by,
      sortOrder: q.sort_order,
      page: q.page,
      pageSize: q.pageSize,
      now: nowIso(),
      knownDesigners: [me],
    });
  }

  /**
   * The list as a file: the same scope (a designer's own tickets, a lead's team, one designer of
   * it, or the pool), filters and order as `list`, every page, read page by page while it is
   * written. Named by whose list it is and the Asia/Shanghai day.
   */
  function exportList(me: Designer, q: ExportQuery): { baseName: string; table: Table } {
    const designerIds = designerIdsOf(q.designer_id);
    const scope: TicketScope = { ...scopeOf(me, { scope: q.scope, designerIds }), view: q.view };
    const title = scope.kind === 'designer' ? '我的工单' : scope.kind === 'pool' ? '待分配工单' : '团队工单';
    const pages = ticketPages(db, {
      scope,
      filters: q,
      sortBy: q.sort_by,
      sortOrder: q.sort_order,
      now: nowIso(),
      pageSize: EXPORT_PAGE_ROWS,
      limit: EXPORT_MAX_ROWS,
      knownDesigners: [me],
    });
    return { baseName: `${title}-${today()}`, table: ticketTable(title, pages) };
  }

  /** The top panel counts over my tickets; "due" means within the next 24 hours. */
  function counts(me: Designer): Promise<PanelCounts> {
    const now = nowIso();
    return panelCounts(db, scopeOf(me), now, isoAfter(24 * 3600_000, Date.parse(now)));
  }

  /**
   * A ticket's detail; 404 for a ticket the caller may not see. Its files come with read URLs,
   * signed only here, for someone who may see the ticket now (its current designer, its team's
   * lead): a designer who loses the ticket gets no new ones, and the last expire within minutes.
   */
  async function detail(me: Designer, ticketId: number): Promise<TicketDetail> {
    const t: TicketRow | undefined = await findTicket(db, ticketId);
    if (!t || !canRead(me, t)) throw notFound('工单不存在');
    const stored = await ticketDetail(db, t, [me]);
    return {
      ...stored,
      attachments: stored.attachments.map((a) => ({ ...a, read_url: readUrl(a.url) })),
      drafts: stored.drafts.map((d) => ({ ...d, read_urls: d.files.map(readUrl) })),
    };
  }

  /** The order hall: unassigned open tickets of my products, of my team or of none, oldest first. */
  function hall(me: Designer, page: number, pageSize: number): Promise<{ items: TicketItem[]; total: number }> {
    return hallTickets(db, me, page, pageSize);
  }

  return {
    list,
    exportList,
    counts,
    detail,
    hall,
    ...createIngestionService({ db, dialect, messages, unitOfWork, allocator }),
    ...createUpstreamEvents({ db, unitOfWork, settlementPeriod }),
    ...createLeadActions({ db, unitOfWork, allocator }),
    ...createDesignerActions({ db, unitOfWork, allocator }),
    /** Exposed for tests and the bench: the system's ranking of designers for a ticket. */
    systemCandidates: (ticket: Pick<TicketRow, 'product_id' | 'team_id'>, limit = 10) => allocator.systemCandidates(db, ticket, nowIso(), limit),
  };
}
