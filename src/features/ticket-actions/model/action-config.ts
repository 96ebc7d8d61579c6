import { DESIGNER_CODE, TICKET_ACTION_TEXT, type TicketAction } from '@/entities/ticket';
import { yuanToCents } from '@/shared/lib';

/** The actions of this feature (drafts are submitted by the submit-draft feature). */
export const CONFIRM_ACTIONS = ['finalReview', 'factoryReject', 'assign', 'transfer', 'urge', 'abnormal', 'close', 'deduct'] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

export function isConfirmAction(action: TicketAction): action is ConfirmAction {
  return (CONFIRM_ACTIONS as readonly string[]).includes(action);
}

export interface ActionConfig {
  title: string;
  /** What confirming does, in one sentence. */
  confirm: (orderNo: string) => string;
  confirmLabel: string;
  danger?: boolean;
  /** A team member to pick (assign, transfer). */
  designer?: boolean;
  /** An amount in yuan (the deduction), sent as cents. */
  amount?: { label: string };
  /** A text field: its label and whether it must be filled. */
  text?: { label: string; required: boolean; placeholder: string };
}

export const TEXT_MAX = 500;

export const ACTION_CONFIG: Record<ConfirmAction, ActionConfig> = {
  finalReview: {
    title: TICKET_ACTION_TEXT.finalReview,
    confirm: (no) => `确认申请工单 ${no} 的终稿审核？团队负责人会收到审核申请，申请后不能撤回。`,
    confirmLabel: '确认申请',
    text: { label: '说明', required: false, placeholder: '选填，给审核人的说明' },
  },
  factoryReject: {
    title: TICKET_ACTION_TEXT.factoryReject,
    confirm: (no) => `确认为工单 ${no} 申请工厂驳回？申请由团队负责人审核，审核结果出来前不能重复申请。`,
    confirmLabel: '提交申请',
    danger: true,
    text: { label: '驳回原因', required: true, placeholder: '请说明需要工厂驳回的原因' },
  },
  assign: {
    title: TICKET_ACTION_TEXT.assign,
    confirm: (no) => `将工单 ${no} 指派给团队中的设计师，对方会立即收到通知。`,
    confirmLabel: '确认指派',
    designer: true,
  },
  transfer: {
    title: TICKET_ACTION_TEXT.transfer,
    confirm: (no) => `将工单 ${no} 转派给团队中的另一位设计师，原设计师和新设计师都会收到通知，工单时效继续计算。`,
    confirmLabel: '确认转派',
    designer: true,
    text: { label: '转派说明', required: false, placeholder: '选填' },
  },
  urge: {
    title: TICKET_ACTION_TEXT.urge,
    confirm: (no) => `催促设计师尽快提交工单 ${no} 的下一份稿件？`,
    confirmLabel: '确认催稿',
    text: { label: '催稿说明', required: false, placeholder: '选填' },
  },
  abnormal: {
    title: TICKET_ACTION_TEXT.abnormal,
    confirm: (no) => `将工单 ${no} 标记为异常？负责的设计师会收到通知。`,
    confirmLabel: '确认标记',
    danger: true,
    text: { label: '异常原因', required: true, placeholder: '请填写异常原因' },
  },
  close: {
    title: TICKET_ACTION_TEXT.close,
    confirm: (no) => `确认关闭工单 ${no}？关闭后设计师不能再处理该工单，此操作无法撤销。`,
    confirmLabel: '确认关闭',
    danger: true,
    text: { label: '关闭原因', required: true, placeholder: '请填写关闭原因' },
  },
  deduct: {
    title: TICKET_ACTION_TEXT.deduct,
    confirm: (no) => `从负责工单 ${no} 的设计师的结算中扣款（审核扣款）？设计师会收到通知，可在申诉期内申诉。`,
    confirmLabel: '确认扣款',
    danger: true,
    amount: { label: '扣款金额（元）' },
    text: { label: '扣款原因', required: true, placeholder: '请填写扣款原因' },
  },
};

/** The largest deduction the server takes: ¥1,000,000.00. */
export const AMOUNT_MAX_CENTS = 100_000_000;

export interface ActionValues {
  designerId: string;
  text: string;
  /** Yuan as typed, for actions with an amount. */
  amount?: string;
}

export type ActionErrors = Partial<Record<keyof ActionValues, string>>;

/** Checks an action's form as the server would (a designer picked, required reason, 500 characters). */
export function validateAction(action: ConfirmAction, values: ActionValues): ActionErrors {
  const config = ACTION_CONFIG[action];
  const errors: ActionErrors = {};
  if (config.designer) {
    const code = values.designerId.trim().toUpperCase();
    if (!code) errors.designerId = '请选择设计师';
    else if (!DESIGNER_CODE.test(code)) errors.designerId = '设计师编号格式不正确，例如 D000002';
  }
  if (config.amount) {
    const typed = (values.amount ?? '').trim();
    const cents = yuanToCents(typed);
    if (!typed) errors.amount = `请填写${config.amount.label.replace(/（.*）$/, '')}`;
    else if (cents === undefined) errors.amount = '金额格式不正确，最多两位小数';
    else if (cents <= 0) errors.amount = '金额须大于0';
    else if (cents > AMOUNT_MAX_CENTS) errors.amount = '金额不能超过1,000,000元';
  }
  if (config.text) {
    const text = values.text.trim();
    if (config.text.required && !text) errors.text = `请填写${config.text.label}`;
    else if (text.length > TEXT_MAX) errors.text = `${config.text.label}不能超过${TEXT_MAX}个字符`;
  }
  return errors;
}
