import { SUPER_PERMISSION, SUPER_ROLE } from '@/shared/config/constants';
import { MSG } from '@/shared/config/messages';

/**
 * Spec §6: a check is false for an empty argument, otherwise true if the user's list holds the
 * wildcard (or role_admin for roles) or the exact value. Any-of variants take a list.
 */
export function hasPermission(userPermissions: readonly string[], permission: string): boolean {
  if (!permission) return false;
  return userPermissions.includes(SUPER_PERMISSION) || userPermissions.includes(permission);
}

export function hasAnyPermission(userPermissions: readonly string[], permissions: readonly string[]): boolean {
  if (!permissions.length) return false;
  return permissions.some((p) => hasPermission(userPermissions, p));
}

export function hasRole(userRoles: readonly string[], role: string): boolean {
  if (!role) return false;
  return userRoles.includes(SUPER_ROLE) || userRoles.includes(role);
}

export function hasAnyRole(userRoles: readonly string[], roles: readonly string[]): boolean {
  if (!roles.length) return false;
  return roles.some((r) => hasRole(userRoles, r));
}

/** The directive argument must be a non-empty list; anything else is a programming error. */
export function assertPermissionList(value: unknown): asserts value is string[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error(MSG.permissionFormat);
}

export function assertRoleList(value: unknown): asserts value is string[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error(MSG.roleFormat);
}
