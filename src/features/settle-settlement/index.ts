export { SETTLE_TEXT, settleStep, type SettleStep } from './model/settle-step';
export { useSettleSettlement } from './model/use-settle-settlement';
export { SettleSettlementButton } from './ui/settle-settlement-button';
