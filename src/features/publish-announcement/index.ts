export { PublishAnnouncementModal } from './ui/publish-announcement-modal';
