export { OrderFeeDetailPage } from './ui/order-fee-detail-page';
