import { queryOptions } from '@tanstack/react-query';
import { http, noDataSchema } from '@/shared/api';
import { bankInfoSchema, loginResultSchema, phoneChangeResultSchema, profileSchema, verifyCodeResultSchema } from '../model/user.schema';

export const userQueries = {
  all: () => ['user'] as const,
  profile: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'profile'] as const,
      queryFn: ({ signal }) => userApi.fetchProfile(signal),
      staleTime: 60_000,
    }),
  bankInfo: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'bank-info'] as const,
      queryFn: ({ signal }) => http.get('user/bank-info', bankInfoSchema, { signal }),
    }),
};

export type VerifyScene = 'register' | 'login' | 'reset_password' | 'change_phone' | 'bank_info' | 'exam_candidate';

/** Calls of the user entity; features wrap them in mutations. */
export const userApi = {
  fetchProfile: (signal?: AbortSignal) => http.get('user/profile', profileSchema, { signal }),
  sendCode: (phone: string, scene: VerifyScene) =>
    http.post('user/verify-code', verifyCodeResultSchema, { json: { phone, scene } }),
  login: (body: { phone: string; password?: string; code?: string }) => http.post('user/login', loginResultSchema, { json: body }),
  register: (body: { phone: string; code: string; password: string; invite_code?: string }) =>
    http.post('user/register', loginResultSchema, { json: body }),
  resetPassword: (body: { phone: string; code: string; password: string }) =>
    http.post('user/reset-password', noDataSchema, { json: body }),
  logout: () => http.post('user/logout', noDataSchema),
  logoutAll: () => http.post('user/logout-all', noDataSchema),
  changePassword: (body: { old_password: string; password: string }) => http.put('user/password', noDataSchema, { json: body }),
  updateBasicInfo: (body: Record<string, unknown>) => http.put('user/basic-info', profileSchema, { json: body }),
  updateBankInfo: (body: Record<string, unknown>) => http.put('user/bank-info', bankInfoSchema, { json: body }),
  updateAvailableTime: (available_time: string) => http.put('user/update-time', profileSchema, { json: { available_time } }),
  updateOnlineStatus: (online_ticket_status: 0 | 1) =>
    http.put('user/online-status', profileSchema, { json: { online_ticket_status } }),
  changePhone: (phone: string, code: string) => http.put('user/phone', phoneChangeResultSchema, { json: { phone, code } }),
};
