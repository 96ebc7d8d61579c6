import { parseAppealSearch } from '@/entities/appeal';

export const APPEALS_PATH = '/order-management/appeal';

/** Stable for useKeptSearch. */
export const parseSearch = (raw: unknown) => parseAppealSearch(raw);
