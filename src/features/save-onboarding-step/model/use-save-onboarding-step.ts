import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardingApi, onboardingQueries, type OnboardingStepBody } from '@/entities/onboarding';
import { userQueries } from '@/entities/user';

/**
 * PUT /onboarding/registration-step. The answer is the updated profile, which replaces the cached
 * one (its current_registration_step drives the guide and the navigation guard).
 */
export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...onboardingQueries.all(), 'registration-step'],
    mutationFn: (body: OnboardingStepBody) => onboardingApi.saveStep(body),
    onSuccess: (profile, body) => {
      queryClient.setQueryData(userQueries.profile().queryKey, profile);
      if (body.step === 4) void queryClient.invalidateQueries({ queryKey: userQueries.bankInfo().queryKey });
    },
  });
}
