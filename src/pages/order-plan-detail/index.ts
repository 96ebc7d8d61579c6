export { OrderPlanDetailPage } from './ui/order-plan-detail-page';
