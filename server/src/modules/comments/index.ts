/** The public face of the comments module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { COMMENT_EDIT_WINDOW_MS } from './comment.schemas.js';
export { seedDemoComments } from './demo-seed.js';
