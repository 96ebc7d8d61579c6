import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dayRangePresets, shanghaiDay } from '@/shared/lib';
import { DayRangeInput } from './day-range-input';

function renderInput(onChange: (r: { from?: string; to?: string }) => void, from?: string, to?: string) {
  return render(
    <MantineProvider>
      <DayRangeInput label="创建日期" from={from} to={to} onChange={onChange} />
    </MantineProvider>,
  );
}

describe('DayRangeInput', () => {
  it('shows the picked range as YYYY-MM-DD days, not the native mm/dd/yyyy', () => {
    renderInput(vi.fn(), '2026-11-16', '2026-11-22');
    expect(screen.getByLabelText('创建日期').textContent).toBe('2026-11-16 至 2026-11-22');
  });

  it('offers 今天, 本周, 上周, 本月 on Shanghai’s today; a preset sets the whole range', async () => {
    const onChange = vi.fn();
    renderInput(onChange);
    fireEvent.click(screen.getByLabelText('创建日期'));
    const presets = dayRangePresets(shanghaiDay());
    await screen.findByRole('button', { name: '今天', hidden: true });
    for (const p of presets) expect(screen.getByRole('button', { name: p.label, hidden: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上周', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ from: presets[2]!.from, to: presets[2]!.to });
  });

  it('names the days of the week in Chinese, the week starting on Monday', async () => {
    renderInput(vi.fn(), '2026-11-16', '2026-11-22');
    fireEvent.click(screen.getByLabelText('创建日期'));
    await screen.findAllByRole('columnheader', { hidden: true });
    const weekdays = screen.getAllByRole('columnheader', { hidden: true }).map((th) => th.textContent);
    expect(weekdays.slice(0, 7)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(screen.getAllByRole('button', { name: /十一月/, hidden: true })[0]!.textContent).toBe('十一月 2026');
  });
});
