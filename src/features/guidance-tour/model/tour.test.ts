// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CLOSED, keyAction, markTourPending, markTourSeen, placeCard, TOUR_STEPS, tourPending, tourReducer } from './tour';

describe('tourReducer', () => {
  it('starts at the first step, moves, and closes after the last (完成)', () => {
    let s = tourReducer(CLOSED, { type: 'start' }, 3);
    expect(s).toEqual({ open: true, index: 0 });
    s = tourReducer(s, { type: 'prev' }, 3);
    expect(s.index).toBe(0);
    s = tourReducer(tourReducer(s, { type: 'next' }, 3), { type: 'next' }, 3);
    expect(s).toEqual({ open: true, index: 2 });
    expect(tourReducer(s, { type: 'prev' }, 3).index).toBe(1);
    expect(tourReducer(s, { type: 'next' }, 3)).toEqual(CLOSED);
  });
  it('skipping closes; a closed tour ignores moves', () => {
    const s = tourReducer(CLOSED, { type: 'start' }, 3);
    expect(tourReducer(s, { type: 'close' }, 3)).toEqual(CLOSED);
    expect(tourReducer(CLOSED, { type: 'next' }, 3)).toBe(CLOSED);
  });
  it('has 4–5 steps covering the menu, tickets, messages and the user menu', () => {
    expect(TOUR_STEPS.length).toBeGreaterThanOrEqual(4);
    expect(TOUR_STEPS.length).toBeLessThanOrEqual(5);
    expect(TOUR_STEPS.map((s) => s.id)).toEqual(expect.arrayContaining(['menu', 'tickets', 'messages', 'user-menu']));
  });
});

describe('keyAction', () => {
  it('maps Esc to skip and arrows to moves', () => {
    expect(keyAction('Escape')).toEqual({ type: 'close' });
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'prev' });
    expect(keyAction('a')).toBeUndefined();
  });
});

describe('placeCard', () => {
  const card = { width: 300, height: 200 };
  const viewport = { width: 1280, height: 800 };
  it('centres without a target', () => {
    expect(placeCard(null, card, viewport)).toEqual({ side: 'center', left: 490, top: 300 });
  });
  it('goes right of a sidebar, clamped into the viewport', () => {
    expect(placeCard({ top: 56, left: 0, width: 220, height: 744 }, card, viewport)).toEqual({ side: 'right', left: 232, top: 56 });
    expect(placeCard({ top: 700, left: 0, width: 220, height: 40 }, card, viewport).top).toBe(588);
  });
  it('goes below a header item at the right edge', () => {
    expect(placeCard({ top: 12, left: 1200, width: 60, height: 32 }, card, viewport)).toEqual({ side: 'bottom', left: 960, top: 56 });
  });
  it('goes left, then above, when there is no room elsewhere', () => {
    expect(placeCard({ top: 700, left: 1000, width: 270, height: 90 }, card, viewport).side).toBe('left');
    expect(placeCard({ top: 700, left: 100, width: 1170, height: 90 }, card, viewport).side).toBe('top');
  });
});

describe('per-designer memory', () => {
  beforeEach(() => localStorage.clear());
  it('is pending after onboarding until seen, and never again after', () => {
    expect(tourPending('D000001')).toBe(false);
    markTourPending('D000001');
    expect(tourPending('D000001')).toBe(true);
    expect(tourPending('D000002')).toBe(false);
    markTourSeen('D000001');
    expect(tourPending('D000001')).toBe(false);
    markTourPending('D000001');
    expect(tourPending('D000001')).toBe(false);
  });
});
