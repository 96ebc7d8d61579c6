import { describe, expect, it } from 'vitest';
import {
  capacityError,
  cellErrorOf,
  cellText,
  changedCells,
  dayTotal,
  errorCount,
  fillCells,
  gridFromDetail,
  gridTotal,
  isDirty,
  moveCell,
  rebase,
  rowTotal,
  setCell,
} from './plan-grid';

const days = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const detail = {
  days,
  rows: [
    { designer_id: 'D000002', designer_name: '李设计', cells: days.map((day) => ({ day, capacity: 8 })) },
    { designer_id: 'D000003', designer_name: '王兼职', cells: days.map((day, i) => ({ day, capacity: i < 5 ? 4 : 0 })) },
  ],
};

describe('plan grid editing', () => {
  it('starts from the saved plan with its totals', () => {
    const grid = gridFromDetail(detail);
    expect(cellText(grid, 'D000002', days[0]!)).toBe('8');
    expect(rowTotal(grid, 'D000002')).toBe(56);
    expect(rowTotal(grid, 'D000003')).toBe(20);
    expect(dayTotal(grid, days[6]!)).toBe(8);
    expect(gridTotal(grid)).toBe(76);
    expect(isDirty(grid)).toBe(false);
    expect(changedCells(grid)).toEqual([]);
  });
  it('sends only changed, valid cells; totals follow valid edits', () => {
    let grid = gridFromDetail(detail);
    grid = setCell(grid, 'D000002', days[0]!, '10');
    grid = setCell(grid, 'D000003', days[5]!, '2');
    grid = setCell(grid, 'D000003', days[1]!, '4'); // same as saved: not a change
    expect(changedCells(grid)).toEqual([
      { designer_id: 'D000002', day: days[0], capacity: 10 },
      { designer_id: 'D000003', day: days[5], capacity: 2 },
    ]);
    expect(rowTotal(grid, 'D000002')).toBe(58);
    expect(dayTotal(grid, days[5]!)).toBe(10);
    expect(isDirty(grid)).toBe(true);
  });
  it('keeps wrong input on screen with its error, out of the save and the totals', () => {
    let grid = gridFromDetail(detail);
    grid = setCell(grid, 'D000002', days[0]!, '201');
    grid = setCell(grid, 'D000002', days[1]!, '');
    grid = setCell(grid, 'D000002', days[2]!, '3.5');
    expect(cellText(grid, 'D000002', days[0]!)).toBe('201');
    expect(cellErrorOf(grid, 'D000002', days[0]!)).toBe('不能超过200');
    expect(cellErrorOf(grid, 'D000002', days[1]!)).toBe('请输入接单量');
    expect(cellErrorOf(grid, 'D000002', days[2]!)).toBe('请输入0或正整数');
    expect(cellErrorOf(grid, 'D000002', days[3]!)).toBeNull();
    expect(errorCount(grid)).toBe(3);
    expect(changedCells(grid)).toEqual([]);
    expect(rowTotal(grid, 'D000002')).toBe(56);
    expect(capacityError(' 0 ')).toBeNull();
  });
  it('fills a row or a day column at once', () => {
    let grid = fillCells(gridFromDetail(detail), { designerId: 'D000003' }, '5');
    expect(rowTotal(grid, 'D000003')).toBe(35);
    grid = fillCells(grid, { day: days[6]! }, '0');
    expect(dayTotal(grid, days[6]!)).toBe(0);
    expect(changedCells(grid).filter((c) => c.day === days[6])).toEqual([{ designer_id: 'D000002', day: days[6], capacity: 0 }]);
  });
  it('after a save takes the server plan and keeps edits made to other cells', () => {
    let grid = setCell(gridFromDetail(detail), 'D000002', days[0]!, '10');
    const sent = changedCells(grid);
    grid = setCell(grid, 'D000003', days[0]!, '6');
    const saved = {
      days,
      rows: detail.rows.map((r) => (r.designer_id === 'D000002' ? { ...r, cells: r.cells.map((c, i) => (i === 0 ? { ...c, capacity: 10 } : c)) } : r)),
    };
    const next = rebase(grid, saved, sent);
    expect(cellText(next, 'D000002', days[0]!)).toBe('10');
    expect(changedCells(next)).toEqual([{ designer_id: 'D000003', day: days[0], capacity: 6 }]);
  });
  it('arrow keys move between cells and stop at the edges', () => {
    const size = { rows: 2, cols: 7 };
    expect(moveCell({ row: 0, col: 0 }, 'ArrowRight', size)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowDown', size)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'ArrowUp', size)).toBeNull();
    expect(moveCell({ row: 1, col: 6 }, 'ArrowRight', size)).toBeNull();
    expect(moveCell({ row: 1, col: 6 }, 'Tab', size)).toBeNull();
  });
});

describe('plan grid refresh', () => {
  it('a refreshed plan drops edits it now agrees with and keeps the others', () => {
    let grid = setCell(gridFromDetail(detail), 'D000002', days[0]!, '10');
    grid = setCell(grid, 'D000002', days[1]!, '9');
    const refreshed = {
      days,
      rows: detail.rows.map((r) => (r.designer_id === 'D000002' ? { ...r, cells: r.cells.map((c, i) => (i === 0 ? { ...c, capacity: 10 } : c)) } : r)),
    };
    const next = rebase(grid, refreshed);
    expect(changedCells(next)).toEqual([{ designer_id: 'D000002', day: days[1], capacity: 9 }]);
    expect(Object.keys(next.typed)).toHaveLength(1);
  });
});
