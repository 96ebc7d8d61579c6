export { REVIEW_DONE, useReviewAppeal } from './model/use-review-appeal';
export { APPLICATION_DONE, APPLICATION_TEXT, useReviewApplication, type ApplicationKind } from './model/use-review-application';
export { ReviewAppealButtons } from './ui/review-appeal-buttons';
export { ReviewAppealModal, type ReviewAppealModalProps } from './ui/review-appeal-modal';
export { ReviewApplicationButtons } from './ui/review-application-buttons';
