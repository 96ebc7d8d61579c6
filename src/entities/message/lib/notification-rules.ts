import { ANNOUNCEMENT_TYPE } from '../model/message.schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spec §9: how long an in-app notification of each message type stays. */
const DURATIONS: Record<number, number> = {
  2: 2 * MINUTE, // system assigned
  25: MINUTE, // manual assignment
  9: 2 * HOUR, // rejection review result
  14: 2 * HOUR, // final review applied
  20: 2 * HOUR, // draft urged
  21: 2 * HOUR, // ticket transferred
  22: 2 * HOUR, // factory-reject application decided
  24: 2 * HOUR, // order marked abnormal
  32: 2 * HOUR, // ticket rejected by factory
  33: 10 * MINUTE, // weekly plan approval complete
  34: 10 * MINUTE, // real-time plan approval complete
  [ANNOUNCEMENT_TYPE]: 2 * HOUR,
};

export const DEFAULT_NOTIFICATION_MS = MINUTE;
export const UNPARSEABLE_NOTIFICATION_MS = 5_000;

export function notificationDuration(type: number): number {
  return DURATIONS[type] ?? DEFAULT_NOTIFICATION_MS;
}

/** Spec §6: does a broadcast announcement reach this designer? */
export function announcementReaches(
  message: { announcement_scope?: number; product_ids?: number[] },
  designerType: number,
  availableProductIds: readonly number[],
): boolean {
  const scope = message.announcement_scope ?? 4;
  if (scope < 4 && scope !== designerType) return false;
  const products = message.product_ids ?? [];
  if (products.length === 0 || designerType === 0) return true;
  return products.some((p) => availableProductIds.includes(p));
}
