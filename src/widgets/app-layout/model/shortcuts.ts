import type { GoTarget } from '@/shared/lib';

/** Where `g` then a letter goes (issue #18): tickets, messages, fees. */
export const GO_PATHS: Record<GoTarget, { path: string; title: string }> = {
  t: { path: '/order-management/index', title: '我的工单' },
  m: { path: '/message-center/index', title: '消息中心' },
  f: { path: '/order-fee/index', title: '我的费用' },
};

/** The `?` sheet: every shortcut, by where it works. */
export const SHORTCUT_GROUPS: { title: string; items: { keys: string[][]; text: string }[] }[] = [
  {
    title: '全局',
    items: [
      { keys: [['Ctrl', 'K'], ['⌘', 'K']], text: '打开命令面板：搜索工单、设计师、模板、页面和操作' },
      { keys: [['?']], text: '显示本快捷键列表' },
      { keys: [['g', 't']], text: `前往${GO_PATHS.t.title}` },
      { keys: [['g', 'm']], text: `前往${GO_PATHS.m.title}` },
      { keys: [['g', 'f']], text: `前往${GO_PATHS.f.title}` },
    ],
  },
  {
    title: '工单列表（我的工单、团队订单）',
    items: [
      { keys: [['j']], text: '下一张工单' },
      { keys: [['k']], text: '上一张工单' },
      { keys: [['Enter']], text: '打开当前工单' },
      { keys: [['x']], text: '选择或取消选择当前工单' },
      { keys: [['/']], text: '搜索订单号或标题' },
      { keys: [['Esc']], text: '关闭工单详情' },
    ],
  },
];
