/** The guidance tour over the real layout: its steps, step logic, card placement and memory. */

export interface TourStep {
  id: string;
  title: string;
  body: string;
  /** Selector of the highlighted element; none (or none on screen): the card shows centred. */
  target?: string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: '欢迎来到设计师工作台',
    body: '花半分钟认识一下工作台：菜单、工单、消息和个人中心都在哪里。可随时按 Esc 跳过，用 ← → 切换步骤。',
  },
  {
    id: 'menu',
    title: '主菜单',
    body: '左侧是主菜单，工作台的所有功能都从这里进入，可用的菜单会随你的角色开放。',
    target: 'nav[aria-label="主菜单"]',
  },
  {
    id: 'tickets',
    title: '工单列表',
    body: '在这里查看分配给你的工单和接单大厅里的新工单，接单、上传稿件都从工单列表开始。',
    target: '[data-menu-path="/order-management/index"], [data-menu-path="/order-hall/index"]',
  },
  {
    id: 'messages',
    title: '消息提醒',
    body: '新工单、审核结果和系统公告会出现在消息中心，铃铛上的数字是未读消息数。',
    target: '[data-tour="messages"]',
  },
  {
    id: 'user-menu',
    title: '个人中心',
    body: '点击头像打开用户菜单：在个人中心可以修改资料、切换接单状态、管理收款信息，也可以重新查看本引导。',
    target: '[data-tour="user-menu"]',
  },
];

export interface TourState {
  open: boolean;
  index: number;
}

export type TourAction = { type: 'start' } | { type: 'next' } | { type: 'prev' } | { type: 'close' };

export const CLOSED: TourState = { open: false, index: 0 };

/** Moves through `total` steps; next on the last step closes the tour (完成). */
export function tourReducer(state: TourState, action: TourAction, total: number = TOUR_STEPS.length): TourState {
  switch (action.type) {
    case 'start':
      return { open: total > 0, index: 0 };
    case 'next':
      if (!state.open) return state;
      return state.index + 1 >= total ? CLOSED : { open: true, index: state.index + 1 };
    case 'prev':
      if (!state.open) return state;
      return { open: true, index: Math.max(0, state.index - 1) };
    case 'close':
      return CLOSED;
  }
}

/** The action a key press stands for in the tour (Esc skips, arrows move), if any. */
export function keyAction(key: string): TourAction | undefined {
  if (key === 'Escape') return { type: 'close' };
  if (key === 'ArrowRight' || key === 'ArrowDown') return { type: 'next' };
  if (key === 'ArrowLeft' || key === 'ArrowUp') return { type: 'prev' };
  return undefined;
}

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface CardPlacement {
  top: number;
  left: number;
  side: 'right' | 'bottom' | 'left' | 'top' | 'center';
}

/**
 * Where the card goes next to the target: right, below, left or above, the first side with
 * room, clamped inside the viewport; centred without a target.
 */
export function placeCard(
  target: Rect | null,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 12,
): CardPlacement {
  const clampX = (x: number) => Math.max(gap, Math.min(x, viewport.width - card.width - gap));
  const clampY = (y: number) => Math.max(gap, Math.min(y, viewport.height - card.height - gap));
  if (!target) {
    return { side: 'center', left: clampX((viewport.width - card.width) / 2), top: clampY((viewport.height - card.height) / 2) };
  }
  const right = target.left + target.width;
  const bottom = target.top + target.height;
  if (right + gap + card.width + gap <= viewport.width) {
    return { side: 'right', left: right + gap, top: clampY(target.top) };
  }
  if (bottom + gap + card.height + gap <= viewport.height) {
    return { side: 'bottom', left: clampX(right - card.width), top: bottom + gap };
  }
  if (target.left - gap - card.width - gap >= 0) {
    return { side: 'left', left: target.left - gap - card.width, top: clampY(target.top) };
  }
  return { side: 'top', left: clampX(right - card.width), top: clampY(target.top - gap - card.height) };
}

// Memory per designer (localStorage): pending after onboarding completes, seen once shown.
const seenKey = (designerId: string) => `guidance-tour:seen:${designerId}`;
const pendingKey = (designerId: string) => `guidance-tour:pending:${designerId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Onboarding finished: show the tour once on the next signed-in screen. */
export function markTourPending(designerId: string): void {
  const s = storage();
  if (s && !s.getItem(seenKey(designerId))) s.setItem(pendingKey(designerId), '1');
}

/** Whether the tour should start by itself for this designer (pending and not seen yet). */
export function tourPending(designerId: string): boolean {
  const s = storage();
  return !!s && s.getItem(pendingKey(designerId)) === '1' && !s.getItem(seenKey(designerId));
}

export function markTourSeen(designerId: string): void {
  const s = storage();
  if (!s) return;
  s.removeItem(pendingKey(designerId));
  s.setItem(seenKey(designerId), new Date().toISOString());
}
