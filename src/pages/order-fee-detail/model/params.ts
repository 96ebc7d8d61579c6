import * as z from 'zod/mini';

export const ORDER_FEE_DETAIL_PATTERN = '/order-fee/detail/$id';

/** The `$id` path param: a positive settlement id, undefined otherwise. */
export function settlementIdOf(raw: unknown): number | undefined {
  const parsed = z.coerce.number().check(z.int(), z.positive()).safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
