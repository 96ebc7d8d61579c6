import { useEffect, useRef } from 'react';
import { isModalOpen, mayHandle } from './guards';

/** The pages `g` then a letter goes to. */
export const GO_TARGETS = ['t', 'm', 'f'] as const;
export type GoTarget = (typeof GO_TARGETS)[number];

/** How long `g` waits for its second key. */
export const GO_SEQUENCE_MS = 1500;

export interface GlobalHotkeys {
  /** Ctrl/⌘+K: the command palette (also from a text field: it is not typing). */
  onPalette: () => void;
  /** `?`: the sheet of every shortcut. */
  onHelp: () => void;
  /** `g` then t / m / f: tickets, messages, fees. */
  onGo: (target: GoTarget) => void;
}

const isGoTarget = (key: string): key is GoTarget => (GO_TARGETS as readonly string[]).includes(key);

/** The keys of the signed-in frame, on every page (issue #18). */
export function useGlobalHotkeys(handlers: GlobalHotkeys): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let goPressedAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
        if (event.isComposing || isModalOpen()) return;
        event.preventDefault();
        latest.current.onPalette();
        return;
      }
      if (!mayHandle(event)) {
        goPressedAt = 0;
        return;
      }
      const pending = goPressedAt > 0 && Date.now() - goPressedAt <= GO_SEQUENCE_MS;
      goPressedAt = 0;
      if (pending && isGoTarget(event.key)) {
        event.preventDefault();
        latest.current.onGo(event.key);
      } else if (event.key === 'g') {
        goPressedAt = Date.now();
      } else if (event.key === '?') {
        event.preventDefault();
        latest.current.onHelp();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
