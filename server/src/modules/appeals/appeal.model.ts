/**
 * The vocabulary of appeals and deductions (issue #5): types, sources, statuses, the message type
 * of each event (spec §4, product.md §6) and the Chinese names a user reads.
 */
import { APPEAL_MESSAGE_TYPES, MESSAGE_TYPE, type MessageTypeCode } from '../messages/index.js';

export const APPEAL_TYPES = ['fee', 'reject', 'draft', 'qc', 'after_sales', 'factory_reject'] as const;
export type AppealType = (typeof APPEAL_TYPES)[number];

export const APPEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const DEDUCTION_SOURCES = ['after_sales', 'qc', 'review'] as const;
export type DeductionSource = (typeof DEDUCTION_SOURCES)[number];

/** Filing message (to the team's leads) and decision message (to the appellant) per type. */
export const APPEAL_MESSAGES: Record<AppealType, { filed: MessageTypeCode; decided: MessageTypeCode }> = APPEAL_MESSAGE_TYPES;

export const APPEAL_TYPE_NAMES: Record<AppealType, string> = {
  fee: '费用申诉',
  reject: '驳回申诉',
  draft: '稿件申诉',
  qc: '质检申诉',
  after_sales: '售后申诉',
  factory_reject: '工厂驳回申诉',
};

export const APPEAL_STATUS_NAMES: Record<AppealStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

export const DEDUCTION_SOURCE_NAMES: Record<DeductionSource, string> = { after_sales: '售后扣款', qc: '质检扣款', review: '审核扣款' };

/** Message type of a new deduction (to the designer). */
export const DEDUCTION_MESSAGES: Record<DeductionSource, MessageTypeCode> = {
  after_sales: MESSAGE_TYPE.AFTER_SALES_DEDUCTION,
  qc: MESSAGE_TYPE.QC_DEDUCTION,
  review: MESSAGE_TYPE.REVIEW_DEDUCTION,
};

/** The appeal type that contests a deduction of each source. */
export const DEDUCTION_APPEAL_TYPE: Record<DeductionSource, AppealType> = { after_sales: 'after_sales', qc: 'qc', review: 'draft' };

/** "12.50 元" from cents. */
export function yuan(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} 元`;
}

export const DUPLICATE_MESSAGE = '该工单已有处理中的同类申诉';
export const DECIDED_MESSAGE = '该申诉已处理';
export const windowMessage = (days: number) => `已超过申诉期限（${days}天）`;

/** A reason as a message title quotes it: at most 60 characters. */
export const clip = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n)}…` : text);
