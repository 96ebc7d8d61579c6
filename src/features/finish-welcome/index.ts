export { useFinishWelcome } from './model/use-finish-welcome';
