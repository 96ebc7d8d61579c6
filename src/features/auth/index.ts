export { endSession, startSession } from './model/session';
export { useLogout } from './model/use-logout';
export { LoginForm } from './ui/login-form';
export { SendCodeButton } from './ui/send-code-button';
export { VerifyCodeField } from './ui/verify-code-field';
export { useChangePassword } from './model/use-change-password';
export { useLogoutAll } from './model/use-logout-all';
export { NewPasswordFields, PhoneCodeFields } from './ui/credential-fields';
