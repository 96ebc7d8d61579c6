import { describe, expect, it } from 'vitest';
import { inviteOfRedirect } from './login-page';

describe('inviteOfRedirect', () => {
  it('reads the invite code of a /team-invite redirect only', () => {
    expect(inviteOfRedirect('/team-invite?code=Tabc_-1')).toBe('Tabc_-1');
    expect(inviteOfRedirect('/home')).toBeUndefined();
    expect(inviteOfRedirect(undefined)).toBeUndefined();
    expect(inviteOfRedirect('/team-invite?x=1')).toBeUndefined();
  });
});
