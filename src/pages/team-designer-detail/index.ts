export { TeamDesignerDetailPage } from './ui/team-designer-detail-page';
