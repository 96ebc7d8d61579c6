/** The public face of the files module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { objectBaseUrl } from './urls.js';
