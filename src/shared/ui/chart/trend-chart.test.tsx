import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendChart } from './trend-chart';

const yuan = (v: number) => `¥${(v / 100).toFixed(2)}`;

describe('TrendChart', () => {
  it('is an image named by its title and figures, with the figures in a table for screen readers', () => {
    const { container } = render(
      <MantineProvider>
        <TrendChart
          title="实发金额趋势"
          data={[
            { label: '11/09–11/15', value: 6800 },
            { label: '11/16–11/22', value: -500 },
          ]}
          formatValue={yuan}
          categoryLabel="结算周期"
          valueLabel="实发金额"
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: '实发金额趋势：共2项，11/09–11/15 ¥68.00，11/16–11/22 ¥-5.00' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '实发金额趋势' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['结算周期实发金额', '11/09–11/15¥68.00', '11/16–11/22¥-5.00']);
    // One point per datum on the line.
    expect(container.querySelectorAll('circle')).toHaveLength(2);
  });

  it('a period still in progress is drawn apart (dashed, grey) and named 进行中, so it does not read as a drop', () => {
    const { container } = render(
      <MantineProvider>
        <TrendChart
          title="实发金额趋势"
          data={[
            { label: '11/09–11/15', value: 6800 },
            { label: '11/16–11/22', value: 7000 },
            { label: '11/23–11/29', value: 900, partial: true },
          ]}
          formatValue={yuan}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: '实发金额趋势：共3项，11/09–11/15 ¥68.00，11/16–11/22 ¥70.00，11/23–11/29 ¥9.00（进行中）' })).toBeTruthy();
    // The solid line joins the two final figures only; the last segment is a dashed line of its own.
    expect(container.querySelector('path')?.getAttribute('d')?.match(/[ML]/g)).toHaveLength(2);
    expect(container.querySelectorAll('line[data-partial="true"]')).toHaveLength(1);
    expect(container.querySelectorAll('circle[data-partial="true"]')).toHaveLength(1);
  });

  it('bars: one per datum; no data: the empty text and no image', () => {
    const { container, rerender } = render(
      <MantineProvider>
        <TrendChart title="团队费用" kind="bar" data={[{ label: 'A', value: 1 }, { label: 'B', value: 2 }, { label: 'C', value: 3 }]} />
      </MantineProvider>,
    );
    expect(container.querySelectorAll('rect')).toHaveLength(3);
    rerender(
      <MantineProvider>
        <TrendChart title="团队费用" kind="bar" data={[]} emptyText="暂无数据" />
      </MantineProvider>,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
