export { ServiceAgreementPage } from './ui/service-agreement-page';
