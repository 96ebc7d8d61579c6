// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGlobalHotkeys } from './use-global-hotkeys';
import { useListHotkeys } from './use-list-hotkeys';

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  act(() => void target.dispatchEvent(event));
  return event;
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('useListHotkeys', () => {
  const rows = [{ id: 11 }, { id: 12 }, { id: 13 }];
  const setup = () => {
    const onOpen = vi.fn();
    const onToggleSelect = vi.fn();
    const hook = renderHook(() => useListHotkeys({ items: rows, idOf: (r) => r.id, onOpen, onToggleSelect }));
    return { hook, onOpen, onToggleSelect };
  };

  it('j and k move the cursor within the rows; Enter opens and x selects the row under it', () => {
    const { hook, onOpen, onToggleSelect } = setup();
    expect(hook.result.current).toBeUndefined();
    press('Enter');
    expect(onOpen).not.toHaveBeenCalled();
    press('j');
    expect(hook.result.current).toBe(11);
    press('j');
    press('j');
    press('j');
    expect(hook.result.current).toBe(13);
    press('k');
    expect(hook.result.current).toBe(12);
    press('Enter');
    expect(onOpen).toHaveBeenCalledWith({ id: 12 });
    press('x');
    expect(onToggleSelect).toHaveBeenCalledWith({ id: 12 });
  });

  it('keys pressed before React renders the last move each move on from it', () => {
    const { hook } = setup();
    // Two keydowns in one task, no render between them: the second starts where the first went.
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }));
    });
    expect(hook.result.current).toBe(12);
  });

  it('rests while the user types in a field, under a modal dialog, and with Ctrl held', () => {
    const { hook } = setup();
    const input = document.body.appendChild(document.createElement('input'));
    const event = press('j', {}, input);
    expect(event.defaultPrevented).toBe(false);
    const editable = document.body.appendChild(document.createElement('div'));
    editable.setAttribute('contenteditable', 'true');
    press('j', {}, editable);
    press('j', { ctrlKey: true });
    expect(hook.result.current).toBeUndefined();
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('aria-modal', 'true');
    press('j');
    expect(hook.result.current).toBeUndefined();
    dialog.remove();
    press('j');
    expect(hook.result.current).toBe(11);
  });

  it('/ focuses the visible search box', () => {
    setup();
    const region = document.body.appendChild(document.createElement('div'));
    region.setAttribute('role', 'search');
    const field = region.appendChild(document.createElement('input'));
    // jsdom lays nothing out: offsetParent is null everywhere; pretend the field is shown.
    Object.defineProperty(field, 'offsetParent', { get: () => document.body });
    const event = press('/');
    expect(document.activeElement).toBe(field);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('useGlobalHotkeys', () => {
  const setup = () => {
    const handlers = { onPalette: vi.fn(), onHelp: vi.fn(), onGo: vi.fn() };
    renderHook(() => useGlobalHotkeys(handlers));
    return handlers;
  };

  it('g then t, m or f goes to a page, within the wait; another key in between cancels', () => {
    vi.useFakeTimers();
    const h = setup();
    press('g');
    press('t');
    expect(h.onGo).toHaveBeenLastCalledWith('t');
    press('g');
    press('x');
    press('m');
    expect(h.onGo).toHaveBeenCalledTimes(1);
    press('g');
    vi.advanceTimersByTime(2000);
    press('f');
    expect(h.onGo).toHaveBeenCalledTimes(1);
    press('g');
    press('f');
    expect(h.onGo).toHaveBeenLastCalledWith('f');
  });

  it('? opens the sheet, Ctrl+K or ⌘+K the palette even from a text field, but nothing types into shortcuts', () => {
    const h = setup();
    press('?');
    expect(h.onHelp).toHaveBeenCalledTimes(1);
    const input = document.body.appendChild(document.createElement('input'));
    press('?', {}, input);
    press('g', {}, input);
    press('t', {}, input);
    expect(h.onHelp).toHaveBeenCalledTimes(1);
    expect(h.onGo).not.toHaveBeenCalled();
    expect(press('k', { ctrlKey: true }, input).defaultPrevented).toBe(true);
    press('k', { metaKey: true });
    expect(h.onPalette).toHaveBeenCalledTimes(2);
  });
});
