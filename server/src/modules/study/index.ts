/** The public face of the study module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { designerQualifications, joinCandidateAttempts } from './exam.repository.js';
export { seedDemoStudy } from './demo-seed.js';
export { examsToQualify } from './qualification.repository.js';
