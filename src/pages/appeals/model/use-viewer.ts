import { usePermission } from '@/entities/user';

/** Whether the signed-in user leads a team (role_admin): leads review their team's appeals. */
export function useIsLead(): boolean {
  const { hasRole } = usePermission();
  return hasRole('role_admin');
}
