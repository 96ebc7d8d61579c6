import { afterEach } from 'vitest';

// Only where a test has a DOM (jsdom: component tests, and the few others that say so in their
// first line); the rest run in plain Node (vitest.config.ts).
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');

  // jsdom lacks the browser APIs Mantine reads.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = () => {};

  afterEach(() => cleanup());
}
