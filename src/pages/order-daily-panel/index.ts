export { OrderDailyPanelPage } from './ui/order-daily-panel-page';
