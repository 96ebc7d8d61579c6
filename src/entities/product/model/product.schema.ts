import * as z from 'zod/mini';

export const productSchema = z.object({ product_id: z.number(), name: z.string(), category: z.string() });
export type Product = z.infer<typeof productSchema>;

/** GET designer-product/available-products: one page of the designer's products. */
export const availableProductPageSchema = z.object({ items: z.array(productSchema), total: z.number() });
