import * as z from 'zod/mini';

/** The answer of a bulk assign or transfer: every ticket's outcome, in the order asked. */
export const bulkResultSchema = z.object({
  results: z.array(z.object({ ticket_id: z.number().check(z.int()), ok: z.boolean(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>['results'][number];
