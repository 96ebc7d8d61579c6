import { DEFAULT_NOTIFICATION_MS, messageTypeOf } from '@/shared/contract';

/** A pushed message that cannot be read stays 5 s. */
export const UNPARSEABLE_NOTIFICATION_MS = 5_000;

/** Spec §9: how long an in-app notification of a message type stays (the contract's `notifyMs`; a minute for an unknown type). */
export function notificationDuration(type: number): number {
  return messageTypeOf(type)?.notifyMs ?? DEFAULT_NOTIFICATION_MS;
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
