import { DESIGNER_CODE, TICKET_ACTION_TEXT, type TicketAction } from '@/entities/ticket';

/** The actions of this feature (drafts are submitted by the submit-draft feature). */
export const CONFIRM_ACTIONS = ['finalReview', 'factoryReject', 'assign', 'transfer', 'urge', 'abnormal', 'close'] as const;
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
  /** A designer code to enter (assign, transfer). */
  designer?: boolean;
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
    confirm: (no) => `确认为工单 ${no} 申请工厂驳回？申请由团队负责人审核，每张工单只能申请一次。`,
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
};

export interface ActionValues {
  designerId: string;
  text: string;
}

export type ActionErrors = Partial<Record<keyof ActionValues, string>>;

/** Checks an action's form as the server would (designer code format, required reason, 500 characters). */
export function validateAction(action: ConfirmAction, values: ActionValues): ActionErrors {
  const config = ACTION_CONFIG[action];
  const errors: ActionErrors = {};
  if (config.designer) {
    const code = values.designerId.trim().toUpperCase();
    if (!code) errors.designerId = '请输入设计师编号';
    else if (!DESIGNER_CODE.test(code)) errors.designerId = '设计师编号格式不正确，例如 D000002';
  }
  if (config.text) {
    const text = values.text.trim();
    if (config.text.required && !text) errors.text = `请填写${config.text.label}`;
    else if (text.length > TEXT_MAX) errors.text = `${config.text.label}不能超过${TEXT_MAX}个字符`;
  }
  return errors;
}
