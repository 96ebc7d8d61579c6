import { describe, expect, it } from 'vitest';
import { afterLoginTarget, decideAccess, decideMenuAccess } from './guard';

const at = (path: string, extra: Partial<Parameters<typeof decideAccess>[0]> = {}) =>
  decideAccess({ path, href: path, hasToken: true, ...extra });

describe('navigation guard decisions (spec §2)', () => {
  it('without a token only public routes are reachable; others go to login with the wanted path', () => {
    for (const p of ['/login', '/register', '/reset-password', '/service-agreement', '/privacy-policy', '/guide', '/order-daily-panel'])
      expect(at(p, { hasToken: false })).toEqual({ kind: 'allow' });
    expect(decideAccess({ path: '/home', href: '/home?tab=1', hasToken: false })).toEqual({ kind: 'login', redirect: '/home?tab=1' });
    expect(at('/system/account', { hasToken: false })).toEqual({ kind: 'login', redirect: '/system/account' });
  });
  it('below step 6 any non-public page goes to /guide; public pages stay reachable', () => {
    for (const step of [0, 2, 5]) {
      expect(at('/home', { step })).toEqual({ kind: 'redirect', to: '/guide' });
      expect(at('/order-fee/index', { step })).toEqual({ kind: 'redirect', to: '/guide' });
      expect(at('/guide', { step })).toEqual({ kind: 'allow' });
      expect(at('/privacy-policy', { step })).toEqual({ kind: 'allow' });
      expect(at('/team-invite', { step })).toEqual({ kind: 'allow' });
    }
  });
  it('/team-invite needs a token: a visitor goes to login and comes back to the invite', () => {
    expect(decideAccess({ path: '/team-invite', href: '/team-invite?code=Tabc', hasToken: false })).toEqual({ kind: 'login', redirect: '/team-invite?code=Tabc' });
  });
  it('at step 6 /guide goes to /home and other pages are allowed', () => {
    expect(at('/guide', { step: 6 })).toEqual({ kind: 'redirect', to: '/home' });
    expect(at('/home', { step: 6 })).toEqual({ kind: 'allow' });
  });
  it('a menu route not granted is forbidden; a granted one or a non-menu route is allowed', () => {
    const patterns = ['/order-fee/index', '/order-fee/detail/:id'];
    const match = (path: string) => (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);
    expect(decideMenuAccess('/order-fee/detail/3', match('/order-fee/detail/3'), patterns, ['/order-fee/index'])).toEqual({ kind: 'forbidden' });
    expect(decideMenuAccess('/order-fee/detail/3', match('/order-fee/detail/3'), patterns, patterns)).toEqual({ kind: 'allow' });
    expect(decideMenuAccess('/home', match('/home'), patterns, [])).toEqual({ kind: 'allow' });
  });
  it('after login goes to the wanted in-app path, never off-site or back to login', () => {
    expect(afterLoginTarget('/system/account')).toBe('/system/account');
    expect(afterLoginTarget(undefined)).toBe('/home');
    expect(afterLoginTarget('//evil.example')).toBe('/home');
    expect(afterLoginTarget('https://evil.example')).toBe('/home');
    expect(afterLoginTarget('/login?redirect=/x')).toBe('/home');
  });
});
