export { copyToClipboard } from './clipboard';
export { greeting, greetingForHour } from './greeting';
export { textFieldBinder, useZodForm, zodFieldErrors, type BoundTextField, type FieldErrors, type StringKeys } from './form';
export { notifyKind } from './notify-kind';
export { assertPermissionList, assertRoleList, hasAnyPermission, hasAnyRole, hasPermission, hasRole } from './permission';
export { createProgress, pageProgress } from './progress';
export { codeField, passwordField, phoneField } from './validation';
export { useNow } from './use-now';
export { formatBytes } from './format-bytes';
