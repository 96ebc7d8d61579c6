import { parseDeductionSearch } from '@/entities/deduction';

export const DEDUCTIONS_PATH = '/order-management/deduction';

/** Stable for useKeptSearch. */
export const parseSearch = (raw: unknown) => parseDeductionSearch(raw);
