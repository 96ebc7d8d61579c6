import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollBox } from './scroll-box';

/** jsdom lays nothing out: each test says how large the box and its content are, and the observer reports at once. */
function withSizes(client: number, scroll: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        this.callback();
      }
      disconnect() {}
    },
  );
}

function renderBox() {
  render(
    <MantineProvider>
      <ScrollBox data-testid="box" h={100}>
        <p>公告内容</p>
      </ScrollBox>
    </MantineProvider>,
  );
  return screen.getByTestId('box');
}

describe('ScrollBox', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('takes keyboard focus while its content overflows, so the keyboard can scroll it', () => {
    withSizes(100, 400);
    const box = renderBox();
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(box.style.overflow).toBe('auto');
  });

  it('stays out of the tab order when everything fits', () => {
    withSizes(100, 100);
    expect(renderBox().getAttribute('tabindex')).toBeNull();
  });
});
