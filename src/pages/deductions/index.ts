export { DeductionsPage } from './ui/deductions-page';
