export { AnnouncementPage } from './ui/announcement-page';
