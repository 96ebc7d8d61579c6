import { useEffect, useRef, useState } from 'react';
import { mayHandle } from './guards';

export interface ListHotkeysOptions<T> {
  /** The rows shown, in order; undefined while loading. */
  items: readonly T[] | undefined;
  idOf: (item: T) => number;
  /** Enter on the row under the cursor. */
  onOpen: (item: T) => void;
  /** x on the row under the cursor (lists with a selection). */
  onToggleSelect?: (item: T) => void;
  /** Off for a list that is not on screen. */
  enabled?: boolean;
}

/**
 * The list keys of issue #18: j / k move a cursor down / up the rows, Enter opens the row under
 * it, x selects it, / focuses the page's search box (the first text field of a visible
 * `role="search"` region). They rest while the user types and while a dialog is open (its own Esc
 * closes it). Returns the id of the row under the cursor, for the list to highlight and focus.
 */
export function useListHotkeys<T>({ items, idOf, onOpen, onToggleSelect, enabled = true }: ListHotkeysOptions<T>): number | undefined {
  const [cursorId, setCursorId] = useState<number | undefined>(undefined);
  // The handler reads the latest rows and callbacks without re-binding on every render.
  const latest = useRef({ items, idOf, onOpen, onToggleSelect, cursorId });
  useEffect(() => {
    latest.current = { items, idOf, onOpen, onToggleSelect, cursorId };
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!mayHandle(event)) return;
      const { items: rows = [], idOf: id, onOpen: open, onToggleSelect: toggle, cursorId: at } = latest.current;
      const index = at === undefined ? -1 : rows.findIndex((row) => id(row) === at);
      const current = index >= 0 ? rows[index] : undefined;
      switch (event.key) {
        case 'j':
        case 'k': {
          if (rows.length === 0) return;
          const next = index < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)));
          const nextId = id(rows[next]!);
          // A key pressed before React has rendered this move (two quick j's) starts from it.
          latest.current.cursorId = nextId;
          setCursorId(nextId);
          break;
        }
        case 'Enter':
          // A focused row opens itself, a focused button presses itself: only a page without focus here.
          if (!current || (event.target !== document.body && event.target !== document.documentElement)) return;
          open(current);
          break;
        case 'x':
          if (!current || !toggle) return;
          toggle(current);
          break;
        case '/': {
          const field = [...document.querySelectorAll<HTMLInputElement>('[role="search"] input:not([type="hidden"])')].find(
            (input) => input.offsetParent !== null && !input.disabled,
          );
          if (!field) return;
          field.focus();
          field.select();
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  return cursorId;
}
