export { productQueries } from './api/product.queries';
export { productSchema, type Product } from './model/product.schema';
