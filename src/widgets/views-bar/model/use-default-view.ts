import { useEffect, useEffectEvent, useRef } from 'react';
import { defaultView, type SavedView } from '@/entities/saved-view';

/**
 * Applies the list's default view once each time the list opens (becomes the shown page) with no
 * filters in its URL. Choosing 「全部」 afterwards leaves the list unfiltered.
 */
export function useDefaultView(views: readonly SavedView[] | undefined, active: boolean, hasFilters: boolean, apply: (view: SavedView) => void): void {
  const considered = useRef(false);
  const applyDefault = useEffectEvent(apply);
  useEffect(() => {
    if (!active) {
      considered.current = false;
      return;
    }
    if (considered.current || !views) return;
    considered.current = true;
    if (hasFilters) return;
    const d = defaultView(views);
    if (d) applyDefault(d);
  }, [active, views, hasFilters]);
}
