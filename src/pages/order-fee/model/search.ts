import { parseSettlementSearch } from '@/entities/settlement';

export const ORDER_FEE_PATH = '/order-fee/index';

/** Stable for useKeptSearch. */
export const parseSearch = (raw: unknown) => parseSettlementSearch(raw);
