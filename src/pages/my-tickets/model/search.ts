import { parseTicketSearch } from '@/entities/ticket';

export const MY_TICKETS_PATH = '/order-management/index';

/** Stable for useKeptSearch. */
export const parseSearch = (raw: unknown) => parseTicketSearch(raw);
