/** The public face of the onboarding module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { REGISTRATION_COMPLETE_STEP } from './orientation.js';
