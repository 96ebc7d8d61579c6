export { endSession, startSession } from './model/session';
export { useLogout } from './model/use-logout';
export { LoginForm } from './ui/login-form';
export { SendCodeButton } from './ui/send-code-button';
export { VerifyCodeField } from './ui/verify-code-field';
