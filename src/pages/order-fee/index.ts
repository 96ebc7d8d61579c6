export { OrderFeePage } from './ui/order-fee-page';
