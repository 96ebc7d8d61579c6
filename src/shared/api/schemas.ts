import * as z from 'zod/mini';

/** The `data` of an answer that carries nothing (`null`): logout, password changes, revocations. */
export const noDataSchema = z.null();
