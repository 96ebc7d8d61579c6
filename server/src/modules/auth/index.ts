/** The public face of the auth module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { currentDesigner } from './auth.plugin.js';
export { findByToken, liveSessionIds } from './session.repository.js';
export { checkCode, markCodeUsed } from './verify-code.service.js';
export { type SmsSender } from './sms/index.js';
