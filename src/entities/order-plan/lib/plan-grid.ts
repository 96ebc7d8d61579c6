import { CAPACITY_MAX, type PlanDetail } from '../model/order-plan.schema';

/**
 * The editing model of a plan's grid (designers × 7 days of capacity). Cells hold what was typed,
 * so a half-typed or wrong value stays on screen with its error; only changed, valid cells are
 * sent. Pure: the page keeps a grid in state and replaces it on every edit.
 */
export interface PlanGrid {
  days: readonly string[];
  designers: readonly { designer_id: string; designer_name: string }[];
  /** Saved capacity per cell key. */
  saved: Readonly<Record<string, number>>;
  /** Typed text per cell key, only for cells the user touched. */
  typed: Readonly<Record<string, string>>;
}

export interface CellChange {
  designer_id: string;
  day: string;
  capacity: number;
}

export const cellKey = (designerId: string, day: string) => `${designerId}|${day}`;

export function gridFromDetail(detail: Pick<PlanDetail, 'days' | 'rows'>): PlanGrid {
  const saved: Record<string, number> = {};
  for (const row of detail.rows) for (const c of row.cells) saved[cellKey(row.designer_id, c.day)] = c.capacity;
  return {
    days: detail.days,
    designers: detail.rows.map((r) => ({ designer_id: r.designer_id, designer_name: r.designer_name })),
    saved,
    typed: {},
  };
}

/** The error of a typed capacity, or null when it is a whole number 0..200. */
export function capacityError(text: string): string | null {
  const t = text.trim();
  if (t === '') return '请输入接单量';
  if (!/^\d+$/.test(t)) return '请输入0或正整数';
  if (Number(t) > CAPACITY_MAX) return `不能超过${CAPACITY_MAX}`;
  return null;
}

/** What a cell shows: the typed text, else the saved figure. */
export function cellText(grid: PlanGrid, designerId: string, day: string): string {
  const key = cellKey(designerId, day);
  return grid.typed[key] ?? String(grid.saved[key] ?? 0);
}

export function setCell(grid: PlanGrid, designerId: string, day: string, text: string): PlanGrid {
  const key = cellKey(designerId, day);
  const typed = { ...grid.typed };
  // Typing the saved value back un-touches the cell.
  if (text.trim() !== '' && /^\d+$/.test(text.trim()) && Number(text.trim()) === (grid.saved[key] ?? 0)) delete typed[key];
  else typed[key] = text;
  return { ...grid, typed };
}

/** Sets every day of a designer's row (or every cell of a day when designerId is null). */
export function fillCells(grid: PlanGrid, target: { designerId: string } | { day: string }, text: string): PlanGrid {
  let next = grid;
  if ('designerId' in target) for (const day of grid.days) next = setCell(next, target.designerId, day, text);
  else for (const d of grid.designers) next = setCell(next, d.designer_id, target.day, text);
  return next;
}

export function cellErrorOf(grid: PlanGrid, designerId: string, day: string): string | null {
  const typed = grid.typed[cellKey(designerId, day)];
  return typed === undefined ? null : capacityError(typed);
}

/** Number of cells whose typed value is wrong. */
export function errorCount(grid: PlanGrid): number {
  return Object.values(grid.typed).filter((t) => capacityError(t) !== null).length;
}

/** The cells to save: touched, valid and different from what is saved. */
export function changedCells(grid: PlanGrid): CellChange[] {
  const out: CellChange[] = [];
  for (const d of grid.designers) {
    for (const day of grid.days) {
      const key = cellKey(d.designer_id, day);
      const typed = grid.typed[key];
      if (typed === undefined || capacityError(typed) !== null) continue;
      const capacity = Number(typed.trim());
      if (capacity !== (grid.saved[key] ?? 0)) out.push({ designer_id: d.designer_id, day, capacity });
    }
  }
  return out;
}

export function isDirty(grid: PlanGrid): boolean {
  return Object.keys(grid.typed).length > 0;
}

/** The figure a cell counts for in totals: a valid typed value, else the saved one. */
function effective(grid: PlanGrid, designerId: string, day: string): number {
  const key = cellKey(designerId, day);
  const typed = grid.typed[key];
  if (typed !== undefined && capacityError(typed) === null) return Number(typed.trim());
  return grid.saved[key] ?? 0;
}

export function rowTotal(grid: PlanGrid, designerId: string): number {
  return grid.days.reduce((sum, day) => sum + effective(grid, designerId, day), 0);
}

export function dayTotal(grid: PlanGrid, day: string): number {
  return grid.designers.reduce((sum, d) => sum + effective(grid, d.designer_id, day), 0);
}

export function gridTotal(grid: PlanGrid): number {
  return grid.designers.reduce((sum, d) => sum + rowTotal(grid, d.designer_id), 0);
}

/**
 * The server's grid (after a save or a refresh) with the edits still pending: typed values that
 * now equal the saved figure, or that were just sent, are dropped.
 */
export function rebase(grid: PlanGrid, detail: Pick<PlanDetail, 'days' | 'rows'>, sent: readonly CellChange[] = []): PlanGrid {
  const next = gridFromDetail(detail);
  const sentKeys = new Set(sent.map((c) => cellKey(c.designer_id, c.day)));
  const known = new Set(next.designers.flatMap((d) => next.days.map((day) => cellKey(d.designer_id, day))));
  const typed: Record<string, string> = {};
  for (const [key, text] of Object.entries(grid.typed)) {
    if (sentKeys.has(key) || !known.has(key)) continue;
    if (capacityError(text) === null && Number(text.trim()) === next.saved[key]) continue;
    typed[key] = text;
  }
  return { ...next, typed };
}

/**
 * Where a grid cell moves with the arrow keys (row = designer index, col = day index); null at an
 * edge.
 */
export function moveCell(
  at: { row: number; col: number },
  key: string,
  size: { rows: number; cols: number },
): { row: number; col: number } | null {
  const delta: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const d = delta[key];
  if (!d) return null;
  const row = at.row + d[0];
  const col = at.col + d[1];
  if (row < 0 || col < 0 || row >= size.rows || col >= size.cols) return null;
  return { row, col };
}
