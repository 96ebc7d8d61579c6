export { appealApi, appealExportUrl, appealKeys, appealQueries, type FileAppealBody, type ReviewAppealBody } from './api/appeal.queries';
export {
  APPEAL_KEYWORD_MAX,
  APPEAL_PAGE_SIZE,
  APPEAL_TABS,
  appealListParamsOf,
  appealSearchSchema,
  parseAppealSearch,
  withAppeal,
  withAppealFilters,
  withAppealPage,
  type AppealFilterPatch,
  type AppealListParams,
  type AppealSearch,
  type AppealTab,
} from './model/appeal-search';
export { fileAppealFormSchema, reviewAppealFormSchema, type FileAppealForm, type ReviewAppealForm } from './model/appeal-form.schema';
export {
  APPEAL_EVENT_TEXT,
  APPEAL_LIMITS,
  APPEAL_MESSAGE_TYPES,
  APPEAL_STATUS_COLOR,
  APPEAL_STATUS_TEXT,
  APPEAL_STATUSES,
  APPEAL_TYPE_TEXT,
  APPEAL_TYPES,
  appealDetailSchema,
  appealPageSchema,
  appealSchema,
  isAppealType,
  TICKET_APPEAL_TYPES,
  type Appeal,
  type AppealAttachment,
  type AppealDetail,
  type AppealEvent,
  type AppealPage,
  type AppealStatus,
  type AppealType,
} from './model/appeal.schema';
export { AppealStatusTag } from './ui/appeal-status-tag';
export { APPLICATION_EVENTS, canFileAppealOn, pendingApplications } from './lib/ticket-appeals';
