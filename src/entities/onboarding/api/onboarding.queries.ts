import { queryOptions } from '@tanstack/react-query';
import { profileSchema } from '@/entities/user/@x/onboarding';
import { http } from '@/shared/api';
import { orientationSchema } from '../model/orientation.schema';
import type { OnboardingStepBody } from '../model/steps';

export const onboardingQueries = {
  all: () => ['onboarding'] as const,
  orientation: () =>
    queryOptions({
      queryKey: [...onboardingQueries.all(), 'orientation'] as const,
      queryFn: ({ signal }) => http.get('onboarding/orientation', orientationSchema, { signal }),
      staleTime: 30 * 60_000,
    }),
};

export const onboardingApi = {
  /** Saves one step and answers the updated profile; the server refuses skipping ahead. */
  saveStep: (body: OnboardingStepBody) => http.put('onboarding/registration-step', profileSchema, { json: body }),
};
