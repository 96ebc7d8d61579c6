import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarListChart } from './bar-list-chart';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

describe('BarListChart', () => {
  it('draws a bar per item in order, with the figures in a table for screen readers', () => {
    const { container } = render(
      <MantineProvider>
        <BarListChart
          title="准时率前3名"
          items={[
            { key: 'D1', label: '王芳', value: 0.9 },
            { key: 'D2', label: '李娜', value: 0.45 },
            { key: 'D3', label: '张伟', value: null },
          ]}
          max={1}
          formatValue={percent}
          categoryLabel="设计师"
          valueLabel="准时率"
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('figure', { name: '准时率前3名' })).toBeTruthy();
    const widths = [...container.querySelectorAll('[data-bar-width]')].map((e) => e.getAttribute('data-bar-width'));
    expect(widths).toEqual(['90', '45', '0']);
    const rows = within(screen.getByRole('table', { name: '准时率前3名' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['设计师准时率', '王芳90%', '李娜45%', '张伟—']);
  });

  it('says so when there is nothing to draw', () => {
    render(
      <MantineProvider>
        <BarListChart title="完成数前0名" items={[]} emptyText="团队暂无设计师" />
      </MantineProvider>,
    );
    expect(screen.getByText('团队暂无设计师')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
