import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userApi, userQueries } from '@/entities/user';
import { notify } from '@/shared/ui';

export interface BankInfoBody {
  account_name: string;
  bank_name: string;
  bank_branch: string;
  account_no: string;
  /** SMS code (scene bank_info) when changing details already on file. */
  code?: string;
}

/** PUT /user/bank-info; the server answers the masked view, which replaces the cached one. */
export function useUpdateBankInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...userQueries.all(), 'bank-info', 'update'],
    mutationFn: (body: BankInfoBody) => userApi.updateBankInfo({ ...body }),
    onSuccess: (bankInfo) => {
      queryClient.setQueryData(userQueries.bankInfo().queryKey, bankInfo);
      notify('收款信息已保存', 'success');
    },
  });
}
