export { MessageCenterPage } from './ui/message-center-page';
