import { describe, expect, it } from 'vitest';
import { chartLayout, linePath, niceStep, niceTicks, visibleLabelIndexes } from './chart-data';

const box = { width: 400, height: 200, padding: { top: 10, right: 10, bottom: 30, left: 50 } };

describe('niceStep / niceTicks', () => {
  it('steps are 1, 2 or 5 × 10ⁿ', () => {
    expect(niceStep(100, 4)).toBe(50);
    expect(niceStep(9, 4)).toBe(5);
    expect(niceStep(0.3, 3)).toBe(0.1);
    expect(niceStep(0, 4)).toBe(1);
  });
  it('cover the data and zero on round values', () => {
    expect(niceTicks(120, 980)).toEqual([0, 500, 1000]);
    expect(niceTicks(-300, 700)).toEqual([-500, 0, 500, 1000]);
    expect(niceTicks(0, 0)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0.1, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('chartLayout', () => {
  it('places categories evenly and values on the y scale', () => {
    const layout = chartLayout(
      [
        { label: 'A', value: 0 },
        { label: 'B', value: 500 },
        { label: 'C', value: 1000 },
      ],
      box,
    );
    expect(layout.points.map((p) => p.x)).toEqual([50 + 340 / 6, 50 + 340 / 2, 50 + (340 * 5) / 6]);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 500, 1000]);
    const [a, b, c] = layout.points;
    expect(a!.y).toBe(170);
    expect(c!.y).toBe(10);
    expect(b!.y).toBe(90);
    expect(layout.zeroY).toBe(170);
    // Bars grow from the zero line up to the value.
    expect(c!.bar).toMatchObject({ y: 10, height: 160 });
    expect(a!.bar.height).toBe(0);
  });

  it('negative values hang below the zero line', () => {
    const layout = chartLayout(
      [
        { label: 'A', value: -500 },
        { label: 'B', value: 500 },
      ],
      box,
    );
    const [neg, pos] = layout.points;
    expect(neg!.y).toBeGreaterThan(layout.zeroY);
    expect(neg!.bar.y).toBe(layout.zeroY);
    expect(neg!.bar.height).toBeCloseTo(neg!.y - layout.zeroY);
    expect(pos!.bar.y + pos!.bar.height).toBeCloseTo(layout.zeroY);
  });

  it('keeps labels and values as given, and copes with no data', () => {
    const layout = chartLayout([{ label: '第1周', value: 12345 }], box);
    expect(layout.points[0]).toMatchObject({ label: '第1周', value: 12345 });
    const empty = chartLayout([], box);
    expect(empty.points).toEqual([]);
    expect(empty.ticks.length).toBeGreaterThan(1);
  });

  it('draws a line through the points', () => {
    expect(linePath([{ x: 0, y: 10 }, { x: 5.55, y: 20 }])).toBe('M0,10 L5.6,20');
    expect(linePath([])).toBe('');
  });

  it('thins x labels when crowded but keeps the last', () => {
    expect([...visibleLabelIndexes(3, 6)]).toEqual([0, 1, 2]);
    expect([...visibleLabelIndexes(10, 4)].sort((a, b) => a - b)).toEqual([0, 3, 6, 9]);
    expect(visibleLabelIndexes(11, 4).has(10)).toBe(true);
  });
});
