import { useLayoutEffect } from 'react';

/**
 * index.html paints the app's frame (top bar, menu and page skeletons) before any script runs, for
 * a signed-in visitor of a page of the app's layout (issue #19). Whatever screen the app paints
 * first takes it away, before that paint: the layout itself, or a screen outside it (a public page,
 * the sign-in after a redirect, an error).
 */
export function dismissBootShell(): void {
  document.getElementById('boot-shell')?.remove();
}

/** Takes the first-paint frame away before this component's first paint. */
export function useDismissBootShell(when = true): void {
  useLayoutEffect(() => {
    if (when) dismissBootShell();
  }, [when]);
}
