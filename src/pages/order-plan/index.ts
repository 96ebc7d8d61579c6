export { OrderPlanPage } from './ui/order-plan-page';
