export { MyTicketsPage } from './ui/my-tickets-page';
