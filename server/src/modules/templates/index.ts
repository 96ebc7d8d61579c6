/** The public face of the templates module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { DEMO_SHARE_TOKEN, seedDemoTemplates } from './demo-seed.js';
