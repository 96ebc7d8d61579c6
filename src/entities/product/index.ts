export { productQueries, productSchema, type Product } from './api/product.queries';
