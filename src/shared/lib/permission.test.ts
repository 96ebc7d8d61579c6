import { describe, expect, it } from 'vitest';
import { MSG } from '@/shared/config/messages';
import { assertPermissionList, assertRoleList, hasAnyPermission, hasAnyRole, hasPermission, hasRole } from './permission';

describe('permission checks (spec §6)', () => {
  it('the wildcard satisfies any permission', () => {
    expect(hasPermission(['*:*:*'], 'ticket:transfer')).toBe(true);
    expect(hasAnyPermission(['*:*:*'], ['x:y:z'])).toBe(true);
  });
  it('an exact value satisfies, another does not', () => {
    expect(hasPermission(['ticket:view'], 'ticket:view')).toBe(true);
    expect(hasPermission(['ticket:view'], 'ticket:transfer')).toBe(false);
  });
  it('is false for an empty argument, even for the wildcard holder', () => {
    expect(hasPermission(['*:*:*'], '')).toBe(false);
    expect(hasAnyPermission(['*:*:*'], [])).toBe(false);
    expect(hasRole(['role_admin'], '')).toBe(false);
    expect(hasAnyRole(['role_admin'], [])).toBe(false);
  });
  it('any-of holds when one listed item is held', () => {
    expect(hasAnyPermission(['a:b:c'], ['x:y:z', 'a:b:c'])).toBe(true);
    expect(hasAnyPermission(['a:b:c'], ['x:y:z'])).toBe(false);
    expect(hasAnyRole(['role_user'], ['role_part_time', 'role_user'])).toBe(true);
    expect(hasAnyRole(['role_user'], ['role_part_time'])).toBe(false);
  });
  it('role_admin satisfies any role check', () => {
    expect(hasRole(['role_admin'], 'role_part_time')).toBe(true);
    expect(hasRole(['role_user'], 'role_part_time')).toBe(false);
  });
  it('a missing, non-array or empty directive argument is an error with the spec message', () => {
    for (const bad of [undefined, null, 'ticket:view', {}, []]) {
      expect(() => assertPermissionList(bad)).toThrow(MSG.permissionFormat);
      expect(() => assertRoleList(bad)).toThrow(MSG.roleFormat);
    }
    expect(() => assertPermissionList(['a'])).not.toThrow();
    expect(() => assertRoleList(['role_user'])).not.toThrow();
  });
});
