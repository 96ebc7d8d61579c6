export { useChangePhone } from './model/use-change-phone';
