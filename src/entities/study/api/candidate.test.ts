// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { candidateTokenStore } from './candidate';

describe('candidateTokenStore', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps a credential per exam until its end, then drops it', () => {
    candidateTokenStore.set(7, 'tok-7', '2026-11-27T04:00:00.000Z');
    expect(candidateTokenStore.get(7, Date.parse('2026-11-27T03:59:59Z'))).toBe('tok-7');
    expect(candidateTokenStore.get(8, Date.parse('2026-11-27T03:00:00Z'))).toBeNull();
    expect(candidateTokenStore.get(7, Date.parse('2026-11-27T04:00:00Z'))).toBeNull();
    candidateTokenStore.clear(7);
    expect(candidateTokenStore.get(7, 0)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('exam-candidate:3', 'not json');
    expect(candidateTokenStore.get(3, 0)).toBeNull();
    sessionStorage.setItem('exam-candidate:3', JSON.stringify({ token: 5 }));
    expect(candidateTokenStore.get(3, 0)).toBeNull();
  });
});
