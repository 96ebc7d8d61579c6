/** The public face of the demo module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { seedDemoIfEmpty } from './demo-data.js';
