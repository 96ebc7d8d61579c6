export { CourseDetailPage } from './ui/course-detail-page';
