export { OrderHallPage } from './ui/order-hall-page';
