import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkerBadges } from './marker-badges';
import { TimeoutCell } from './timeout-cell';

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('MarkerBadges', () => {
  it('shows each known marker once as its one-character label, named by its full name', () => {
    wrap(<MarkerBadges orderMarkers="URGENT,BOGUS,LATE" workMarkers="LATE,ABNORMAL" />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['急', '晚', '异']);
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['紧急', '延迟', '异常']);
  });

  it('shows a dash without markers', () => {
    wrap(<MarkerBadges orderMarkers="" workMarkers={null} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('TimeoutCell', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down every minute and turns red once overdue', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    wrap(<TimeoutCell startedAt="2026-11-22T08:00:00Z" allowedMinutes={121} />);
    expect(screen.getByText('剩余1分钟').getAttribute('data-overdue')).toBe('false');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('已超时0分钟').getAttribute('data-overdue')).toBe('true');
  });

  it('an unset start time is overdue', () => {
    wrap(<TimeoutCell startedAt="1970-01-01 00:00:00" allowedMinutes={60} />);
    expect(screen.getByText('已超时')).toBeTruthy();
  });
});
