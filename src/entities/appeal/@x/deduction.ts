export { APPEAL_STATUS_TEXT, APPEAL_TYPE_TEXT, appealStatusSchema, appealTypeSchema, type AppealStatus, type AppealType } from '../model/appeal.schema';
export { AppealStatusTag } from '../ui/appeal-status-tag';
