import type { ReactNode } from 'react';
import { assertPermissionList, assertRoleList } from '@/shared/lib';
import { usePermission } from '../lib/use-permission';

/**
 * The hasPerm / hasRole directives of spec §6 as wrappers: children render only when the user
 * holds at least one listed item. A missing, non-array or empty list throws the spec's error.
 */
export function HasPerm({ value, children }: { value: string[]; children: ReactNode }) {
  assertPermissionList(value);
  const { hasAnyPerm } = usePermission();
  return hasAnyPerm(value) ? <>{children}</> : null;
}

export function HasRole({ value, children }: { value: string[]; children: ReactNode }) {
  assertRoleList(value);
  const { hasAnyRole } = usePermission();
  return hasAnyRole(value) ? <>{children}</> : null;
}
