export { OnlineExamPage } from './ui/online-exam-page';
