export { useSaveOnboardingStep } from './model/use-save-onboarding-step';
