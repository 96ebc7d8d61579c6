import { Box, type BoxProps } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';

interface Props extends BoxProps {
  /**
   * `both` (default): scrolls either way, with thin native scrollbars and room kept for the
   * vertical one, so content does not shift when it appears; `x-hidden`: scrolls sideways with no
   * visible scrollbar (a strip of tabs: wheel, touch and keyboard focus still scroll it).
   */
  mode?: 'both' | 'x-hidden';
  children?: ReactNode;
}

const STYLES: Record<NonNullable<Props['mode']>, CSSProperties> = {
  both: { overflow: 'auto', scrollbarWidth: 'thin', scrollbarGutter: 'stable', overscrollBehavior: 'contain' },
  'x-hidden': { overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none' },
};

/** Whether the element's content is larger than the element (it scrolls), followed as either changes size. */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * A region that scrolls with the browser's own scrollbars. Mantine's ScrollArea draws its
 * scrollbars itself: each one mounts resize observers, debounced callbacks and a corner, and
 * measures its content on every change; the home had ten of them (its cards, the menu, the tab
 * strip; issue #19). While its content overflows, the region is in the tab order, so the
 * keyboard can scroll it even when nothing inside can take focus (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollBox({ mode = 'both', style, children, ...rest }: Props) {
  const { ref, overflows } = useOverflows<HTMLDivElement>();
  return (
    <Box {...rest} ref={ref} tabIndex={overflows ? 0 : undefined} style={[STYLES[mode], style]}>
      {children}
    </Box>
  );
}
