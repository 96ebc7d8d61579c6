export { PublishAnnouncementModal } from './ui/publish-announcement-modal';
export { ManageAnnouncement } from './ui/manage-announcement';
