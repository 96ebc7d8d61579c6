export { REVIEW_TEXT, reviewFormSchema, useReviewPlanRequest } from './model/review-plan-request';
export { ReviewPlanRequestModal } from './ui/review-plan-request-modal';
