import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeywordFilter } from './keyword-filter';

function renderFilter(value: string | undefined, onCommit: (v: string | undefined) => void) {
  const view = render(
    <MantineProvider>
      <KeywordFilter value={value} onCommit={onCommit} placeholder="订单号或标题" maxLength={50} debounceMs={300} />
    </MantineProvider>,
  );
  return {
    box: () => screen.getByRole('textbox', { name: '关键词' }) as HTMLInputElement,
    rerender: (next: string | undefined) =>
      view.rerender(
        <MantineProvider>
          <KeywordFilter value={next} onCommit={onCommit} placeholder="订单号或标题" maxLength={50} debounceMs={300} />
        </MantineProvider>,
      ),
  };
}

afterEach(() => vi.useRealTimers());

describe('KeywordFilter', () => {
  it('commits the trimmed text on Enter, and not again when it is unchanged', () => {
    const onCommit = vi.fn();
    const { box } = renderFilter(undefined, onCommit);
    fireEvent.change(box(), { target: { value: '  T123 ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenLastCalledWith('T123');
    fireEvent.blur(box());
    expect(onCommit).toHaveBeenCalledTimes(2); // the URL still says undefined: the parent has not applied it
  });

  it('commits after a pause in typing; an emptied box clears the keyword', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    const { box } = renderFilter('旧词', onCommit);
    fireEvent.change(box(), { target: { value: '' } });
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onCommit).toHaveBeenCalledWith(undefined);
  });

  it('follows a keyword changed elsewhere (back, clear filters)', () => {
    const { box, rerender } = renderFilter('甲', vi.fn());
    expect(box().value).toBe('甲');
    rerender(undefined);
    expect(box().value).toBe('');
  });
});
