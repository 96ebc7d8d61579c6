/** The ids with the one at `index` moved by `delta` places (clamped to the ends); the same array when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): readonly T[] {
  const to = Math.min(items.length - 1, Math.max(0, index + delta));
  if (index < 0 || index >= items.length || to === index) return items;
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The move a key press on a lesson asks for: Alt+↑/↓ one place, Alt+Home/End to the ends. */
export function keyMove(key: string, altKey: boolean, index: number, count: number): number {
  if (!altKey) return 0;
  if (key === 'ArrowUp') return -1;
  if (key === 'ArrowDown') return 1;
  if (key === 'Home') return -index;
  if (key === 'End') return count - 1 - index;
  return 0;
}
