export { onboardingApi, onboardingQueries } from './api/onboarding.queries';
export { orientationSchema, type Orientation, type OrientationQuestion } from './model/orientation.schema';
export { ONBOARDING_STEPS, type OnboardingStep, type OnboardingStepBody } from './model/steps';
