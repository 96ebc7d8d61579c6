/**
 * Every endpoint the SPA calls, with the schema objects (the SPA's own exports, not copies) its
 * answer's `data` must match. Keyed `METHOD path` as in spa-calls.ts (`:param` for each path
 * parameter, no `/api` prefix); each schema under the name the SPA's call passes it by.
 *
 * spa-contract.test.ts holds this table to the source: a call in src/ missing here, with another
 * schema, or an entry here no call uses any more, fails it. A new SPA call therefore needs a line
 * here and a request in the test's scenario.
 */
import type * as z from 'zod/mini';
import { appealDecisionResultSchema } from '@/entities/appeal/api/appeal.queries';
import { appealDetailSchema, appealPageSchema, appealSchema } from '@/entities/appeal/model/appeal.schema';
import { commentSchema, commentThreadSchema } from '@/entities/comment/model/comment.schema';
import { deductionPageSchema, deductionSchema } from '@/entities/deduction/model/deduction.schema';
import { dictEntryListSchema } from '@/entities/dict/model/dict.schema';
import { menuTreeSchema } from '@/entities/menu/model/menu.schema';
import {
  announcementPageSchema,
  announcementSchema,
  markReadResultSchema,
  messagePageSchema,
  messageTypeListSchema,
  publishResultSchema,
  unreadSchema,
  withdrawResultSchema,
} from '@/entities/message/model/message.schema';
import { orientationSchema } from '@/entities/onboarding/model/orientation.schema';
import { preferencesSchema } from '@/entities/preference/model/preference.schema';
import { homeSchema, shortcutsSchema, welcomeDoneSchema } from '@/entities/workbench/model/workbench.schema';
import { myPlanSchema, planDetailSchema, planPageSchema, planRequestSchema } from '@/entities/order-plan/model/order-plan.schema';
import { availableProductPageSchema } from '@/entities/product/model/product.schema';
import { settlementDetailSchema, settlementPageSchema, settlementSchema } from '@/entities/settlement/model/settlement.schema';
import {
  createdPanelKeySchema,
  dailyPanelSchema,
  inviteInfoSchema,
  joinResultSchema,
  panelKeyListSchema,
  teamInviteListSchema,
  teamInviteSchema,
} from '@/entities/team/model/team.schema';
import { dailyDetailSchema, teamBoardSchema } from '@/entities/team-board/model/team-board.schema';
import { allocationRulesSchema } from '@/entities/team-designer/model/allocation-rules.schema';
import { teamDesignerDetailSchema, teamDesignerPageSchema, teamDesignerSchema } from '@/entities/team-designer/model/team-designer.schema';
import { expenseStatementDetailSchema, expenseStatementPageSchema } from '@/entities/team-expense/model/team-expense.schema';
import {
  draftSchema,
  panelCountsSchema,
  shopListSchema,
  ticketDetailSchema,
  ticketItemSchema,
  ticketPageSchema,
} from '@/entities/ticket/model/ticket.schema';
import {
  createdShareSchema,
  favouriteResultSchema,
  sharedTemplateSchema,
  templateDetailSchema,
  templateFacetsSchema,
  templatePageSchema,
  templateShareListSchema,
  templateShareSchema,
  templateUsedSchema,
} from '@/entities/template/model/template.schema';
import { bankInfoSchema, loginResultSchema, phoneChangeResultSchema, profileSchema, verifyCodeResultSchema } from '@/entities/user/model/user.schema';
import { bulkResultSchema } from '@/features/bulk-assign/model/bulk-result.schema';
import { assignCandidatesSchema } from '@/entities/ticket/model/assign-candidates';
import { uploadSignatureSchema } from '@/features/upload-file/model/upload.schema';
import {
  assignResultSchema,
  managedCourseListSchema,
  managedCourseSchema,
  managedExamListSchema,
  managedExamSchema,
  studyResultsSchema,
} from '@/entities/study-admin/model/study-admin.schema';
import {
  attemptSchema,
  candidateStateSchema,
  candidateVerifiedSchema,
  courseDetailSchema,
  courseListSchema,
  examCardSchema,
  examListSchema,
  progressResultSchema,
  publicExamSchema,
  savedAnswerSchema,
} from '@/entities/study/model/study.schema';
import { savedViewListAnswerSchema, savedViewSchema } from '@/entities/saved-view/model/saved-view.schema';
import { noDataSchema } from '@/shared/api/schemas';

export type ResponseSchema = z.ZodMiniType;

export const SPA_ENDPOINTS: Record<string, Record<string, ResponseSchema>> = {
  // user and auth
  'POST user/verify-code': { verifyCodeResultSchema },
  'POST user/register': { loginResultSchema },
  'POST user/login': { loginResultSchema },
  'POST user/reset-password': { noDataSchema },
  'POST user/logout': { noDataSchema },
  'POST user/logout-all': { noDataSchema },
  'PUT user/password': { noDataSchema },
  'PUT user/phone': { phoneChangeResultSchema },
  'GET user/profile': { profileSchema },
  'PUT user/basic-info': { profileSchema },
  'GET user/bank-info': { bankInfoSchema },
  'PUT user/bank-info': { bankInfoSchema },
  'PUT user/update-time': { profileSchema },
  'PUT user/online-status': { profileSchema },
  'GET workbench/preferences': { preferencesSchema },
  'PUT workbench/preferences': { preferencesSchema },
  'GET workbench/home': { homeSchema },
  'GET workbench/shortcuts': { shortcutsSchema },
  'PUT workbench/shortcuts': { shortcutsSchema },
  'POST workbench/welcome/done': { welcomeDoneSchema },
  'GET user/shops': { shopListSchema },
  'GET designer-product/available-products': { availableProductPageSchema },

  // onboarding, system, files
  'GET onboarding/orientation': { orientationSchema },
  'PUT onboarding/registration-step': { profileSchema },
  'GET system/menus': { menuTreeSchema },
  'GET system/dicts': { dictEntryListSchema },
  'GET oss/get-signature': { uploadSignatureSchema },

  // messages and announcements
  'GET messages/types': { messageTypeListSchema },
  'GET messages/messages': { messagePageSchema },
  'GET messages/messages/unread': { unreadSchema },
  'POST messages/messages/read': { markReadResultSchema },
  'GET messages/announcements': { announcementPageSchema },
  'GET messages/announcements/:param': { announcementSchema },
  'POST messages/announcements/:param/read': { noDataSchema },
  'POST messages/announcements': { publishResultSchema },
  'PUT messages/announcements/:param': { noDataSchema },
  'POST messages/announcements/:param/withdraw': { withdrawResultSchema },

  // tickets and the order hall
  'GET tickets': { ticketPageSchema },
  'GET tickets/panel-counts': { panelCountsSchema },
  'GET tickets/:param': { ticketDetailSchema },
  'POST tickets/:param/drafts': { draftSchema },
  'POST tickets/:param/final-review': { ticketItemSchema },
  'POST tickets/:param/factory-reject': { ticketItemSchema },
  'POST tickets/:param/final-review/review': { appealDecisionResultSchema },
  'POST tickets/:param/factory-reject/review': { appealDecisionResultSchema },
  'POST tickets/:param/assign': { ticketItemSchema },
  'POST tickets/:param/transfer': { ticketItemSchema },
  'POST tickets/:param/urge': { ticketItemSchema },
  'POST tickets/:param/abnormal': { ticketItemSchema },
  'POST tickets/:param/close': { ticketItemSchema },
  'POST tickets/:param/deductions': { deductionSchema },
  'GET order-hall/tickets': { ticketPageSchema },
  'POST order-hall/tickets/:param/grab': { ticketItemSchema },
  'GET tickets/assign-candidates': { assignCandidatesSchema },
  'POST team/tickets/bulk-assign': { bulkResultSchema },
  'POST team/tickets/bulk-transfer': { bulkResultSchema },

  // money: deductions, appeals, settlements
  'GET deductions': { deductionPageSchema },
  'GET appeals': { appealPageSchema },
  'GET appeals/:param': { appealDetailSchema },
  'POST appeals': { appealSchema },
  'POST appeals/:param/review': { appealSchema },

  // saved views of the lists (issue #18)
  'GET workbench/views': { savedViewListAnswerSchema },
  'POST workbench/views': { savedViewSchema },
  'PUT workbench/views/:param': { savedViewSchema },
  'POST workbench/views/:param/delete': { noDataSchema },
  'PUT workbench/views/order': { savedViewListAnswerSchema },
  'PUT workbench/views/default': { noDataSchema },

  // comment threads on tickets and appeals (issue #24)
  'GET tickets/:param/comments': { commentThreadSchema },
  'POST tickets/:param/comments': { commentSchema },
  'GET appeals/:param/comments': { commentThreadSchema },
  'POST appeals/:param/comments': { commentSchema },
  'PUT comments/:param': { commentSchema },
  'POST comments/:param/delete': { noDataSchema },
  'GET settlements': { settlementPageSchema },
  'GET settlements/:param': { settlementDetailSchema },
  'POST settlements/:param/confirm': { settlementSchema },
  'POST settlements/:param/pay': { settlementSchema },

  // teams: invites, panel keys, the public daily panel
  'GET teams/invites': { teamInviteListSchema },
  'POST teams/invites': { teamInviteSchema },
  'GET teams/invites/:param': { inviteInfoSchema },
  'POST teams/invites/:param/join': { joinResultSchema },
  'POST teams/invites/:param/revoke': { noDataSchema },
  'GET teams/panel-keys': { panelKeyListSchema },
  'POST teams/panel-keys': { createdPanelKeySchema },
  'POST teams/panel-keys/:param/revoke': { noDataSchema },
  'GET daily-panel': { dailyPanelSchema },

  // team management (leads)
  'GET team/board': { teamBoardSchema },
  'GET team/daily-detail': { dailyDetailSchema },
  'GET team/designers': { teamDesignerPageSchema },
  'GET team/designers/:param': { teamDesignerDetailSchema },
  'PUT team/designers/:param': { teamDesignerSchema },
  'GET team/allocation-rules': { allocationRulesSchema },
  'PUT team/allocation-rules': { allocationRulesSchema },
  'GET team/expenses': { expenseStatementPageSchema },
  'GET team/expenses/:param': { expenseStatementDetailSchema },

  // order plans
  'GET order-plans': { planPageSchema },
  'POST order-plans': { planDetailSchema },
  'GET order-plans/mine': { myPlanSchema },
  'GET order-plans/:param': { planDetailSchema },
  'PUT order-plans/:param/cells': { planDetailSchema },
  'POST order-plans/requests': { planRequestSchema },
  'POST order-plans/requests/:param/review': { planRequestSchema },

  // 学习考试 (issue #16): courses, progress, the public course, exams and attempts
  'GET study/courses': { courseListSchema },
  'GET study/courses/:param': { courseDetailSchema },
  'GET study/public/courses/:param': { courseDetailSchema },
  'PUT study/lessons/:param/progress': { progressResultSchema },
  'GET study/exams': { examListSchema },
  'GET study/exams/:param': { examCardSchema },
  'POST study/exams/:param/attempts': { attemptSchema },
  'GET study/attempts/:param': { attemptSchema },
  'PUT study/attempts/:param/answers/:param': { savedAnswerSchema },
  'POST study/attempts/:param/submit': { attemptSchema },

  // study: the leads' authoring, assignments and results (issue #16, 管理 tab)
  'GET study/manage/exams': { managedExamListSchema },
  'POST study/manage/exams': { managedExamSchema },
  'GET study/manage/exams/:param': { managedExamSchema },
  'PUT study/manage/exams/:param': { managedExamSchema },
  'POST study/manage/exams/:param/publish': { managedExamSchema },
  'POST study/manage/exams/:param/unpublish': { managedExamSchema },
  'POST study/manage/exams/:param/questions': { managedExamSchema },
  'POST study/manage/exams/:param/questions/import': { managedExamSchema },
  'PUT study/manage/questions/:param': { managedExamSchema },
  'POST study/manage/questions/:param/delete': { managedExamSchema },
  'GET study/manage/courses': { managedCourseListSchema },
  'POST study/manage/courses': { managedCourseSchema },
  'GET study/manage/courses/:param': { managedCourseSchema },
  'PUT study/manage/courses/:param': { managedCourseSchema },
  'POST study/manage/courses/:param/publish': { managedCourseSchema },
  'POST study/manage/courses/:param/unpublish': { managedCourseSchema },
  'POST study/manage/courses/:param/lessons': { managedCourseSchema },
  'PUT study/manage/courses/:param/lesson-order': { managedCourseSchema },
  'PUT study/manage/lessons/:param': { managedCourseSchema },
  'POST study/manage/lessons/:param/delete': { managedCourseSchema },
  'POST study/manage/assignments': { assignResultSchema },
  'GET study/manage/results': { studyResultsSchema },
  // the template library and its public share page (issue #17)
  'GET templates': { templatePageSchema },
  'GET templates/facets': { templateFacetsSchema },
  'GET templates/:param': { templateDetailSchema },
  'POST templates': { templateDetailSchema },
  'PUT templates/:param': { templateDetailSchema },
  'POST templates/:param/delete': { noDataSchema },
  'POST templates/:param/curation': { templateDetailSchema },
  'POST templates/:param/favourite': { favouriteResultSchema },
  'POST templates/:param/unfavourite': { favouriteResultSchema },
  'POST templates/:param/use': { templateUsedSchema },
  'GET templates/:param/shares': { templateShareListSchema },
  'POST templates/:param/shares': { createdShareSchema },
  'POST template-shares/:param/revoke': { templateShareSchema },
  'GET template-share/:param': { sharedTemplateSchema },
  'GET study/public/exams/:param': { publicExamSchema },
  'POST study/public/exams/:param/candidate': { candidateVerifiedSchema },
  'GET study/public/candidate': { candidateStateSchema },
  'POST study/public/candidate/attempts': { attemptSchema },
  'GET study/public/candidate/attempts/:param': { attemptSchema },
  'PUT study/public/candidate/attempts/:param/answers/:param': { savedAnswerSchema },
  'POST study/public/candidate/attempts/:param/submit': { attemptSchema },
};

/**
 * The registered endpoint a concrete call reaches (`GET tickets/panel-counts` →
 * `GET tickets/panel-counts`, `GET tickets/42` → `GET tickets/:param`), as the server's router
 * picks it: segment by segment, a fixed segment before a parameter. Undefined when none matches.
 */
export function registeredEndpoint(method: string, concretePath: string): string | undefined {
  const segments = concretePath.replace(/^\/+/, '').split('?')[0]!.split('/');
  let best: { key: string; rank: string } | undefined;
  for (const key of Object.keys(SPA_ENDPOINTS)) {
    const [keyMethod, keyPath] = key.split(' ') as [string, string];
    if (keyMethod !== method.toUpperCase()) continue;
    const pattern = keyPath.split('/');
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((p, i) => p === ':param' || p === segments[i])) continue;
    // Fixed segments earlier in the path win (find-my-way's order): rank 's' before 'p'.
    const rank = pattern.map((p) => (p === ':param' ? 'p' : 's')).join('');
    if (!best || rank > best.rank) best = { key, rank };
  }
  return best?.key;
}
