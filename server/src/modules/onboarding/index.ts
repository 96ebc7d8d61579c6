/** The public face of the onboarding module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
// The finish line lives in domain/designers.ts; team management still imports it from this face.
export { REGISTRATION_COMPLETE_STEP } from '../../domain/designers.js';
