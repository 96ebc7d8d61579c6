import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hasAnyPermission, hasAnyRole, hasPermission, hasRole } from '@/shared/lib';
import { userQueries } from '../api/user.queries';

/** The user store of spec §3 (permissions and roles) with the checks of spec §6. */
export function usePermission() {
  const { data } = useQuery(userQueries.profile());
  return useMemo(() => {
    const permissions = data?.permissions ?? [];
    const roles = data?.roles ?? [];
    return {
      permissions,
      roles,
      hasPerm: (p: string) => hasPermission(permissions, p),
      hasAnyPerm: (ps: readonly string[]) => hasAnyPermission(permissions, ps),
      hasRole: (r: string) => hasRole(roles, r),
      hasAnyRole: (rs: readonly string[]) => hasAnyRole(roles, rs),
    };
  }, [data]);
}
